import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { slotsJsonBySlug } from './slots.service.js';
import { daysJsonBySlug } from './days.service.js';
import { getSlotsSchema, listDaysSchema, type DaysAnswerBody, type SlotsAnswerBody } from './availability.schemas.js';
import { scopeAction } from '../identity/guards.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export const availabilityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  app.get('/public/:slug/slots', { schema: getSlotsSchema }, async (request, reply) => {
    const { date, master_id } = request.query;
    const json = await slotsJsonBySlug(app.ctx.db, app.ctx.time, request.params.slug, date, master_id, app.ctx.slotsCache);
    // Already JSON (kept so by the cache): Fastify sends a string with a JSON content type as it is,
    // without the response schema's serializer; the schema still documents it (and the tests check the shape).
    return reply.type(JSON_TYPE).send(json as unknown as SlotsAnswerBody);
  });

  app.get('/public/:slug/days', { schema: listDaysSchema }, async (request, reply) => {
    const json = await daysJsonBySlug(app.ctx.db, app.ctx.time, request.params.slug, request.query, app.ctx.slotsCache);
    return reply.type(JSON_TYPE).send(json as unknown as DaysAnswerBody);
  });
};
