import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { scopeAction } from '../identity/guards.js';
import { listCategories } from './categories.queries.js';
import { createCategory, deleteCategory, updateCategory } from './categories.service.js';
import { createCategorySchema, deleteCategorySchema, listCategoriesSchema, updateCategorySchema } from './categories.schemas.js';

export const categoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'day.write');

  app.get('/categories', { schema: listCategoriesSchema }, (request) => listCategories(app.ctx.db, request.provider.businessId));

  app.post('/categories', { schema: createCategorySchema }, async (request, reply) => {
    const category = await createCategory(app.ctx.db, request.provider.businessId, request.body.name);
    return reply.status(201).send(category);
  });

  app.put('/categories/:id', { schema: updateCategorySchema }, (request) =>
    updateCategory(app.ctx.db, request.provider.businessId, request.params.id, request.body.name),
  );

  app.delete('/categories/:id', { schema: deleteCategorySchema }, async (request, reply) => {
    await deleteCategory(app.ctx.db, request.provider.businessId, request.params.id);
    return reply.status(204).send(null);
  });
};
