import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { allow, scopeAction } from '../identity/guards.js';
import { listServices } from './services.queries.js';
import { createService, deleteService, getService, updateService } from './services.service.js';
import { createServiceSchema, deleteServiceSchema, getServiceSchema, listServicesSchema, updateServiceSchema } from './services.schemas.js';

export const serviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'day.write');

  app.get(
    '/services',
    {
      config: allow('day.read'),
      schema: listServicesSchema,
    },
    (request) => listServices(app.ctx.db, request.provider.businessId),
  );

  app.get('/services/:id', { schema: getServiceSchema }, (request) =>
    getService(app.ctx.db, request.provider.businessId, request.params.id),
  );

  app.post('/services', { schema: createServiceSchema }, async (request, reply) => {
    const service = await createService(app.ctx.db, request.provider.businessId, request.body);
    return reply.status(201).send(service);
  });

  app.put('/services/:id', { schema: updateServiceSchema }, (request) =>
    updateService(app.ctx.db, request.provider.businessId, request.params.id, request.body),
  );

  app.delete('/services/:id', { schema: deleteServiceSchema }, async (request, reply) => {
    await deleteService(app.ctx.db, request.provider.businessId, request.params.id);
    return reply.status(204).send(null);
  });
};
