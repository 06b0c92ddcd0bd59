import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, PublicBusinessBody, PublicMasterBody, ServiceBody, SlugParams } from '../../http/schemas.js';
import { businessBySlugOr404, publicBusinessBody } from './business.queries.js';
import { listMasters } from './masters.queries.js';
import { listServices } from './services.queries.js';
import { noSecurity } from '../auth/guards.js';

export const publicCatalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['public'];
  const security = noSecurity;

  app.get(
    '/public/:slug',
    {
      schema: {
        tags,
        operationId: 'getPublicBusiness',
        summary: "A business's public profile",
        security,
        params: SlugParams,
        response: { 200: PublicBusinessBody, ...errorResponses(404) },
      },
    },
    async (request) => publicBusinessBody(await businessBySlugOr404(app.ctx.db, request.params.slug)),
  );

  app.get(
    '/public/:slug/services',
    {
      schema: {
        tags,
        operationId: 'listPublicServices',
        summary: "A business's services",
        security,
        params: SlugParams,
        response: { 200: Type.Array(ServiceBody), ...errorResponses(404) },
      },
    },
    async (request) => {
      const business = await businessBySlugOr404(app.ctx.db, request.params.slug);
      return listServices(app.ctx.db, business.id);
    },
  );

  app.get(
    '/public/:slug/masters',
    {
      schema: {
        tags,
        operationId: 'listPublicMasters',
        summary: "A business's masters with their services",
        security,
        params: SlugParams,
        response: { 200: Type.Array(PublicMasterBody), ...errorResponses(404) },
      },
    },
    async (request) => {
      const business = await businessBySlugOr404(app.ctx.db, request.params.slug);
      return listMasters(app.ctx.db, business.id);
    },
  );
};
