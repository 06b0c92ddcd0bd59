import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../core/errors.js';
import { errorResponses, IdParam, MasterBody, NonBlank, Nullable } from '../../http/schemas.js';
import { allow, scopeAction } from '../identity/guards.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { findMaster, findMasterRow, listMasters, removeMaster } from './masters.queries.js';
import { createMaster, MAX_ACTIVE_MASTERS, setMasterServiceOverride, updateMaster } from './masters.service.js';

const CreateMaster = Type.Object(
  {
    name: NonBlank(200),
    service_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 500 })),
  },
  { additionalProperties: false },
);
const UpdateMaster = Type.Partial(CreateMaster, { additionalProperties: false });

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** CONTRACT.md §17: a master's own price and duration for one service; null removes it, an absent field stays. */
const MasterServiceTerms = Type.Object(
  {
    price: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1e9, description: "This master's price; null: the service's" }))),
    duration: Type.Optional(
      Nullable(Type.Integer({ minimum: 1, maximum: 1440, description: "This master's duration in minutes; null: the service's" })),
    ),
  },
  { additionalProperties: false },
);

export const masterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['catalog'];
  const security = bearerSecurity;
  scopeAction(app, 'day.write');

  app.get(
    '/masters',
    {
      config: allow('day.read'),
      schema: {
        tags,
        operationId: 'listMasters',
        summary: 'Masters of the business with their services',
        security,
        response: { 200: Type.Array(MasterBody), ...errorResponses(401, 403) },
      },
    },
    (request) => listMasters(app.ctx.db, request.provider.businessId),
  );

  app.get(
    '/masters/:id',
    {
      schema: {
        tags,
        operationId: 'getMaster',
        summary: 'One master',
        security,
        params: IdParam,
        response: { 200: MasterBody, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const master = await findMaster(app.ctx.db, request.provider.businessId, request.params.id);
      if (!master) throw notFound('Master');
      return master;
    },
  );

  app.post(
    '/masters',
    {
      schema: {
        tags,
        operationId: 'createMaster',
        summary: 'Create a master',
        description: `A business has at most ${MAX_ACTIVE_MASTERS} active masters (CONTRACT.md §11): one more is 409 \`limit_reached\`.`,
        security,
        body: CreateMaster,
        response: { 201: MasterBody, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const master = await createMaster(app.ctx.db, request.provider.businessId, request.body.name, request.body.service_ids ?? []);
      return reply.status(201).send(master);
    },
  );

  app.put(
    '/masters/:id',
    {
      schema: {
        tags,
        operationId: 'updateMaster',
        summary: 'Rename a master or change their services',
        security,
        params: IdParam,
        body: UpdateMaster,
        response: { 200: MasterBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { name, service_ids } = request.body;
      return updateMaster(app.ctx.db, request.provider.businessId, request.params.id, { name, serviceIds: service_ids });
    },
  );

  app.put(
    '/masters/:id/services/:service_id',
    {
      schema: {
        tags,
        operationId: 'setMasterServiceTerms',
        summary: "A master's own price and duration for a service they do",
        description: 'CONTRACT.md §17. A service the master does not do is 404.',
        security,
        params: Type.Object({ id: Id, service_id: Id }),
        body: MasterServiceTerms,
        response: { 200: MasterBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, service_id } = request.params;
      return setMasterServiceOverride(app.ctx.db, request.provider.businessId, id, service_id, request.body);
    },
  );

  app.delete(
    '/masters/:id',
    {
      schema: {
        tags,
        operationId: 'deleteMaster',
        summary: 'Delete a master',
        security,
        params: IdParam,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { businessId } = request.provider;
      if (!(await findMasterRow(app.ctx.db, businessId, request.params.id))) throw notFound('Master');
      await removeMaster(app.ctx.db, businessId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
