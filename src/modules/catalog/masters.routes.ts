import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { allow, scopeAction } from '../identity/guards.js';
import { listMasters } from './masters.queries.js';
import { createMaster, deleteMaster, getMaster, setMasterServiceOverride, updateMaster } from './masters.service.js';
import {
  createMasterSchema,
  deleteMasterSchema,
  getMasterSchema,
  listMastersSchema,
  setMasterServiceTermsSchema,
  updateMasterSchema,
} from './masters.schemas.js';

export const masterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'day.write');

  app.get(
    '/masters',
    {
      config: allow('day.read'),
      schema: listMastersSchema,
    },
    (request) => listMasters(app.ctx.db, request.provider.businessId),
  );

  app.get('/masters/:id', { schema: getMasterSchema }, (request) => getMaster(app.ctx.db, request.provider.businessId, request.params.id));

  app.post('/masters', { schema: createMasterSchema }, async (request, reply) => {
    const master = await createMaster(app.ctx.db, request.provider.businessId, request.body.name, request.body.service_ids ?? []);
    return reply.status(201).send(master);
  });

  app.put('/masters/:id', { schema: updateMasterSchema }, (request) => {
    const { name, service_ids } = request.body;
    return updateMaster(app.ctx.db, request.provider.businessId, request.params.id, { name, serviceIds: service_ids });
  });

  app.put('/masters/:id/services/:service_id', { schema: setMasterServiceTermsSchema }, (request) => {
    const { id, service_id } = request.params;
    return setMasterServiceOverride(app.ctx.db, request.provider.businessId, id, service_id, request.body);
  });

  app.delete('/masters/:id', { schema: deleteMasterSchema }, async (request, reply) => {
    await deleteMaster(app.ctx.db, request.provider.businessId, request.params.id);
    return reply.status(204).send(null);
  });
};
