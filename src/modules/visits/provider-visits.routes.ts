/** The owner's visits (CONTRACT.md §20): enter, read, change and delete one as a whole. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { allow, masterScope, scopeAction } from '../identity/guards.js';
import { sendCreated } from '../bookings/idempotency.js';
import { createVisitSchema, deleteVisitSchema, getVisitSchema, updateVisitSchema } from './provider-visits.schemas.js';
import { deleteOwnVisit, enterOwnerVisit, findOwnVisit, updateOwnVisit, visitAnswer } from './visits.service.js';

export const providerVisitRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app.ctx;
  scopeAction(app, 'day.write');

  app.post('/visits', { schema: createVisitSchema }, async (request, reply) => {
    const { answer, replayed } = await enterOwnerVisit(
      app.ctx,
      request.log,
      request.provider,
      request.body,
      request.headers['idempotency-key'],
    );
    return sendCreated(reply, replayed, visitAnswer(config.botUsername, answer));
  });

  app.get('/visits/:id', { config: allow('day.read'), schema: getVisitSchema }, async (request) =>
    visitAnswer(config.botUsername, await findOwnVisit(app.ctx.db, request.provider.businessId, request.params.id, masterScope(request))),
  );

  app.patch('/visits/:id', { schema: updateVisitSchema }, async (request) => {
    return visitAnswer(
      config.botUsername,
      await updateOwnVisit(app.ctx, request.log, request.provider.businessId, request.params.id, request.body),
    );
  });

  app.delete('/visits/:id', { schema: deleteVisitSchema }, async (request, reply) => {
    await deleteOwnVisit(app.ctx, request.log, request.provider.businessId, request.params.id);
    return reply.status(204).send(null);
  });
};
