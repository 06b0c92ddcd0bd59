import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../core/errors.js';
import { CategoryBody, errorResponses, IdParam, NonBlank } from '../../http/schemas.js';
import { scopeAction } from '../identity/guards.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { deleteCategory, insertCategory, listCategories, renameCategory } from './categories.queries.js';

const CategoryInput = Type.Object({ name: NonBlank(200) }, { additionalProperties: false });

export const categoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['catalog'];
  const security = bearerSecurity;
  scopeAction(app, 'day.write');

  app.get(
    '/categories',
    {
      schema: {
        tags,
        operationId: 'listCategories',
        summary: 'Service categories of the business',
        security,
        response: { 200: Type.Array(CategoryBody), ...errorResponses(401, 403) },
      },
    },
    (request) => listCategories(app.ctx.db, request.provider.businessId),
  );

  app.post(
    '/categories',
    {
      schema: {
        tags,
        operationId: 'createCategory',
        summary: 'Create a category',
        security,
        body: CategoryInput,
        response: { 201: CategoryBody, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const category = await insertCategory(app.ctx.db, request.provider.businessId, request.body.name.trim());
      return reply.status(201).send(category);
    },
  );

  app.put(
    '/categories/:id',
    {
      schema: {
        tags,
        operationId: 'updateCategory',
        summary: 'Rename a category',
        security,
        params: IdParam,
        body: CategoryInput,
        response: { 200: CategoryBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const category = await renameCategory(app.ctx.db, request.provider.businessId, request.params.id, request.body.name.trim());
      if (!category) throw notFound('Category');
      return category;
    },
  );

  app.delete(
    '/categories/:id',
    {
      schema: {
        tags,
        operationId: 'deleteCategory',
        summary: 'Delete a category',
        security,
        params: IdParam,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!(await deleteCategory(app.ctx.db, request.provider.businessId, request.params.id))) throw notFound('Category');
      return reply.status(204).send(null);
    },
  );
};
