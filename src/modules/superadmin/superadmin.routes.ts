import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TOTAL_HEADER } from '../../http/schemas.js';
import type { BookingStatus } from '../../db/schema.js';
import { scopeAction } from '../identity/guards.js';
import { businessBody } from '../catalog/business.queries.js';
import { seedDemoBusiness } from './seed.js';
import { resetBusinessPassword } from './reset.js';
import { deleteBusiness, listAllBookings, listBusinessOverviews } from './superadmin.service.js';
import {
  deleteBusinessSchema,
  listAllBookingsSchema,
  listAllBusinessesSchema,
  resetBusinessPasswordSchema,
  seedDemoBusinessSchema,
} from './superadmin.schemas.js';

/** The platform operator's routes: every business and booking, demo data, deletion and password resets. */
export const superAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'platform.manage');

  app.get('/superadmin/businesses', { schema: listAllBusinessesSchema }, async (request, reply) => {
    const { q, limit, offset } = request.query;
    const page = await listBusinessOverviews(app.ctx.db, q, { limit, offset });
    reply.header(TOTAL_HEADER, page.total);
    return page.rows;
  });

  app.get('/superadmin/bookings', { schema: listAllBookingsSchema }, async (request, reply) => {
    const { query } = request;
    const page = await listAllBookings(
      app.ctx.db,
      {
        businessId: query.business_id,
        dateFrom: query.date_from,
        dateTo: query.date_to,
        businessText: query.q,
        status: query.status as BookingStatus | undefined,
      },
      { limit: query.limit, offset: query.offset },
    );
    reply.header(TOTAL_HEADER, page.total);
    return page.rows;
  });

  app.post('/superadmin/seed', { schema: seedDemoBusinessSchema }, async (_request, reply) => {
    const seeded = await seedDemoBusiness(app.ctx);
    return reply.status(201).send({ ...seeded, business: businessBody(seeded.business) });
  });

  app.delete('/superadmin/businesses/:id', { schema: deleteBusinessSchema }, async (request, reply) => {
    await deleteBusiness(app.ctx.db, request.params.id);
    return reply.status(204).send(null);
  });

  app.post(
    '/superadmin/businesses/:id/reset-password',
    {
      // SPEC.md's reset has no body: none means {lockdown: false}.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: resetBusinessPasswordSchema,
    },
    async (request) => resetBusinessPassword(app.ctx, request.log, request.params.id, request.body.lockdown === true),
  );
};
