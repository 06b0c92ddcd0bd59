import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import { notFound } from '../../core/errors.js';
import { errorResponses, IdParam, NonBlank, Nullable, ServiceBody } from '../../http/schemas.js';
import { allow, scopeAction } from '../identity/guards.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { findCategory } from './categories.queries.js';
import { findService, insertService, listServices, removeService, updateService, type ServiceValues } from './services.queries.js';

const fields = {
  name: NonBlank(200),
  duration: Type.Integer({ minimum: 1, maximum: 1440 }),
  price: Type.Number({ minimum: 0, maximum: 1e9 }),
  buffer_after: Type.Integer({
    minimum: 0,
    maximum: 240,
    description: 'Minutes kept free after a booking of this service (CONTRACT.md §17)',
  }),
  category_id: Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 })),
};
const CreateService = Type.Object(
  {
    name: fields.name,
    duration: fields.duration,
    price: fields.price,
    buffer_after: Type.Optional(fields.buffer_after),
    category_id: Type.Optional(fields.category_id),
  },
  { additionalProperties: false },
);
const UpdateService = Type.Partial(CreateService, { additionalProperties: false });

async function checkedCategory(db: Db, businessId: number, categoryId: number | null | undefined) {
  if (categoryId === undefined || categoryId === null) return categoryId;
  if (!(await findCategory(db, businessId, categoryId))) throw notFound('Category');
  return categoryId;
}

export const serviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['catalog'];
  const security = bearerSecurity;
  scopeAction(app, 'day.write');

  app.get(
    '/services',
    {
      config: allow('day.read'),
      schema: {
        tags,
        operationId: 'listServices',
        summary: 'Services of the business',
        security,
        response: { 200: Type.Array(ServiceBody), ...errorResponses(401, 403) },
      },
    },
    (request) => listServices(app.ctx.db, request.provider.businessId),
  );

  app.get(
    '/services/:id',
    {
      schema: {
        tags,
        operationId: 'getService',
        summary: 'One service',
        security,
        params: IdParam,
        response: { 200: ServiceBody, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const service = await findService(app.ctx.db, request.provider.businessId, request.params.id);
      if (!service) throw notFound('Service');
      return service;
    },
  );

  app.post(
    '/services',
    {
      schema: {
        tags,
        operationId: 'createService',
        summary: 'Create a service',
        security,
        body: CreateService,
        response: { 201: ServiceBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { businessId } = request.provider;
      const { name, duration, price, buffer_after, category_id } = request.body;
      const categoryId = (await checkedCategory(app.ctx.db, businessId, category_id)) ?? null;
      const service = await insertService(app.ctx.db, businessId, {
        name: name.trim(),
        duration,
        price,
        bufferAfter: buffer_after,
        categoryId,
      });
      return reply.status(201).send(service);
    },
  );

  app.put(
    '/services/:id',
    {
      schema: {
        tags,
        operationId: 'updateService',
        summary: 'Change a service',
        security,
        params: IdParam,
        body: UpdateService,
        response: { 200: ServiceBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { businessId } = request.provider;
      const { id } = request.params;
      if (!(await findService(app.ctx.db, businessId, id))) throw notFound('Service');
      const { name, duration, price, buffer_after, category_id } = request.body;
      const values: Partial<ServiceValues> = {};
      if (buffer_after !== undefined) values.bufferAfter = buffer_after;
      if (name !== undefined) values.name = name.trim();
      if (duration !== undefined) values.duration = duration;
      if (price !== undefined) values.price = price;
      if (category_id !== undefined) values.categoryId = (await checkedCategory(app.ctx.db, businessId, category_id)) ?? null;
      await updateService(app.ctx.db, businessId, id, values);
      return (await findService(app.ctx.db, businessId, id))!;
    },
  );

  app.delete(
    '/services/:id',
    {
      schema: {
        tags,
        operationId: 'deleteService',
        summary: 'Delete a service',
        security,
        params: IdParam,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { businessId } = request.provider;
      if (!(await findService(app.ctx.db, businessId, request.params.id))) throw notFound('Service');
      await removeService(app.ctx.db, businessId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
