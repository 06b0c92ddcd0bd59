import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { allow, scopeAction } from '../identity/guards.js';
import { changeBusinessSettings, checkSlugAvailable, getBusiness } from './business.service.js';
import { checkSlugAvailableSchema, getBusinessSchema, updateBusinessSchema } from './business.schemas.js';

export const businessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'day.write');

  app.get('/business', { schema: getBusinessSchema }, (request) => getBusiness(app.ctx.db, request.provider.businessId));

  app.get('/business/slug-available', { schema: checkSlugAvailableSchema }, (request) =>
    checkSlugAvailable(app.ctx.db, request.provider.businessId, request.query.slug),
  );

  app.put(
    '/business',
    {
      config: allow('business.configure'),
      schema: updateBusinessSchema,
    },
    (request) => changeBusinessSettings(app.ctx.db, request.provider.businessId, request.body),
  );
};
