import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest } from '../../http/errors.js';
import { DateString, errorResponses } from '../../http/schemas.js';
import { isValidDate } from '../../time/wallclock.js';
import { SlugParams } from '../catalog/public.routes.js';
import { slotsJsonBySlug } from './service.js';

const SlotsBody = Type.Object({
  work_start: Type.String(),
  work_end: Type.String(),
  busy_intervals: Type.Array(Type.Tuple([Type.String(), Type.String()])),
});

export const availabilityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/public/:slug/slots',
    {
      schema: {
        tags: ['public'],
        description: 'Working window and busy intervals of a day; the client subtracts busy intervals itself.',
        params: SlugParams,
        querystring: Type.Object({
          date: DateString,
          master_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
        }),
        response: { 200: SlotsBody, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { date, master_id } = request.query;
      if (!isValidDate(date)) throw badRequest('Invalid date: expected an existing YYYY-MM-DD date', 'date');
      const json = await slotsJsonBySlug(app.ctx.db, request.params.slug, date, master_id, app.ctx.slotsCache);
      // Already JSON (kept so by the cache): Fastify sends a string with a JSON content type as it is,
      // without the response schema's serializer; the schema still documents it (and the tests check the shape).
      return reply.type('application/json; charset=utf-8').send(json as unknown as Static<typeof SlotsBody>);
    },
  );
};
