/** POST /public/{slug}/visits (CONTRACT.md §20): a client books a visit of several services. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { perMinute } from '../../http/rate-limit.js';
import { sendCreated } from '../bookings/idempotency.js';
import { publicCallerOf } from '../bookings/public-booking.service.js';
import { createPublicVisitSchema } from './public-visits.schemas.js';
import { bookPublicVisit, visitAnswer } from './visits.service.js';
import { scopeAction } from '../identity/guards.js';

export const publicVisitRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  const { config } = app.ctx;

  app.post(
    '/public/:slug/visits',
    { config: perMinute(config.rateLimits.booking), schema: createPublicVisitSchema },
    async (request, reply) => {
      const { answer, replayed } = await bookPublicVisit(app.ctx, request.log, request.params.slug, request.body, publicCallerOf(request));
      return sendCreated(reply, replayed, visitAnswer(config.botUsername, answer));
    },
  );
};
