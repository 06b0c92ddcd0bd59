import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import { invalidInput, notFound } from '../../core/errors.js';
import { errorResponses, IdParam, MasterBody, NonBlank } from '../../http/schemas.js';
import { bearerSecurity, requireProvider } from '../auth/guards.js';
import {
  findMaster,
  findMasterRow,
  insertMaster,
  listMasters,
  removeMaster,
  renameMaster,
  replaceMasterServices,
} from './masters.queries.js';
import { listServices } from './services.queries.js';

const CreateMaster = Type.Object(
  {
    name: NonBlank(200),
    service_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 500 })),
  },
  { additionalProperties: false },
);
const UpdateMaster = Type.Partial(CreateMaster, { additionalProperties: false });

/** Every linked service must be an active service of the same business. */
async function checkedServiceIds(db: Db, businessId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await listServices(db, businessId, unique);
  if (found.length !== unique.length) throw invalidInput('service_ids names a service that does not exist', 'service_ids');
  return unique;
}

export const masterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['catalog'];
  const security = bearerSecurity;
  app.addHook('onRequest', requireProvider);

  app.get(
    '/masters',
    {
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
        security,
        body: CreateMaster,
        response: { 201: MasterBody, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { businessId } = request.provider;
      const serviceIds = await checkedServiceIds(app.ctx.db, businessId, request.body.service_ids ?? []);
      const id = await app.ctx.db.transaction(async (tx) => {
        const masterId = await insertMaster(tx, businessId, request.body.name.trim());
        await replaceMasterServices(tx, masterId, serviceIds);
        return masterId;
      });
      return reply.status(201).send((await findMaster(app.ctx.db, businessId, id))!);
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
      const { businessId } = request.provider;
      const { id } = request.params;
      if (!(await findMasterRow(app.ctx.db, businessId, id))) throw notFound('Master');
      const { name, service_ids } = request.body;
      const serviceIds = service_ids === undefined ? undefined : await checkedServiceIds(app.ctx.db, businessId, service_ids);
      await app.ctx.db.transaction(async (tx) => {
        if (name !== undefined) await renameMaster(tx, id, name.trim());
        if (serviceIds !== undefined) await replaceMasterServices(tx, id, serviceIds);
      });
      return (await findMaster(app.ctx.db, businessId, id))!;
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
