import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TOTAL_HEADER } from '../../http/schemas.js';
import { scopeAction } from '../identity/guards.js';
import { changeClient, getClientCard, searchClients } from './clients.service.js';
import { getClientSchema, listClientsSchema, updateClientSchema } from './clients.schemas.js';

export const clientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'day.write');

  app.get('/clients', { schema: listClientsSchema }, async (request, reply) => {
    const { rows, total } = await searchClients(app.ctx.db, request.provider.businessId, request.query, app.ctx.time.now());
    reply.header(TOTAL_HEADER, total);
    return rows;
  });

  app.get('/clients/:id', { schema: getClientSchema }, (request) =>
    getClientCard(app.ctx.db, request.provider.businessId, request.params.id, app.ctx.time.now()),
  );

  app.put('/clients/:id', { schema: updateClientSchema }, (request) =>
    changeClient(app.ctx.db, request.provider.businessId, request.params.id, request.body),
  );
};
