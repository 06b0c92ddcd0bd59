import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DateString, errorResponses, SlugParams } from '../../http/schemas.js';
import { noSecurity } from '../../http/openapi-security.js';
import { slotsJsonBySlug } from './service.js';
import { daysJsonBySlug } from './days.service.js';
import { MAX_DAYS } from './days.js';
import { scopeAction } from '../identity/guards.js';

const SlotsBody = Type.Object({
  work_start: Type.String(),
  work_end: Type.String(),
  // Pairs [start, end] in HH:MM; OpenAPI 3.0 has no tuples, so a pair is an array of exactly two strings.
  busy_intervals: Type.Array(Type.Array(Type.String(), { minItems: 2, maxItems: 2 })),
});

const DaysBody = Type.Array(
  Type.Object({
    date: Type.String({ description: 'YYYY-MM-DD' }),
    available: Type.Boolean({
      description: 'At least one start time (15-minute steps, not before now for today) is free for the whole service',
    }),
    day_off: Type.Boolean({ description: 'Nobody considered works that day; false with available false means fully booked' }),
  }),
);

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const availabilityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  app.get(
    '/public/:slug/slots',
    {
      schema: {
        tags: ['public'],
        operationId: 'getSlots',
        summary: 'Working window and busy intervals of a day',
        security: noSecurity,
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
      const json = await slotsJsonBySlug(app.ctx.db, app.ctx.time, request.params.slug, date, master_id, app.ctx.slotsCache);
      // Already JSON (kept so by the cache): Fastify sends a string with a JSON content type as it is,
      // without the response schema's serializer; the schema still documents it (and the tests check the shape).
      return reply.type('application/json; charset=utf-8').send(json as unknown as Static<typeof SlotsBody>);
    },
  );

  app.get(
    '/public/:slug/days',
    {
      schema: {
        tags: ['public'],
        operationId: 'listDays',
        summary: 'Which dates of a range have a free start time',
        security: noSecurity,
        description:
          `The date strip in one request: per date from \`from\` to \`to\` (both included, at most ${MAX_DAYS} days), whether any start time ` +
          'is free for the service, with the given master or with any master of the service (one master free for the whole duration), ' +
          'on the same rules as /slots; past dates are never available.',
        params: SlugParams,
        querystring: Type.Object({
          service_id: Type.Optional(Id),
          service_ids: Type.Optional(
            Type.String({
              maxLength: 60,
              description:
                'CONTRACT.md §20: a visit, 2-5 service ids comma-separated in order, instead of service_id (master_id not allowed): ' +
                'a date is available when the whole visit has a start time, "any master" per item',
            }),
          ),
          master_id: Type.Optional(Id),
          from: DateString,
          to: DateString,
        }),
        response: { 200: DaysBody, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const json = await daysJsonBySlug(app.ctx.db, app.ctx.time, request.params.slug, request.query, app.ctx.slotsCache);
      return reply.type('application/json; charset=utf-8').send(json as unknown as Static<typeof DaysBody>);
    },
  );
};
