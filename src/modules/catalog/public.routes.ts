import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  cacheHeaders,
  errorResponses,
  notModifiedResponse,
  PublicBusinessBody,
  PublicMasterBody,
  PublicServiceBody,
  SlugParams,
} from '../../http/schemas.js';
import { businessBySlugOr404, publicBusinessBody } from './business.queries.js';
import { listMasters } from './masters.queries.js';
import { listPublicServices } from './public-services.js';
import { noSecurity } from '../../http/openapi-security.js';
import { sendPrecompressed } from '../../http/precompressed.js';
import { cachedAnswer, JSON_TYPE } from './public-cache.js';
import type { BusinessRow } from './business.queries.js';
import { scopeAction } from '../identity/guards.js';

export const publicCatalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  const tags = ['public'];
  const security = noSecurity;
  /** The business's answer for `key`, from the page cache or made by `read` (and kept). */
  // Serialized by the route's response schema (reply.serialize), as an answer sent as an object would be.
  const sendPublicJson = async (request: FastifyRequest, reply: FastifyReply, key: string, read: (business: BusinessRow) => unknown) => {
    const { slug } = request.params as { slug: string };
    const answer = await cachedAnswer(app.ctx.pageCache, slug, key, async () => {
      const business = await businessBySlugOr404(app.ctx.db, slug);
      return { businessId: business.id, currentSlug: business.slug, text: String(reply.serialize(await read(business))), type: JSON_TYPE };
    });
    return sendPrecompressed(request, reply, answer);
  };
  const revalidation = Type.Object({
    'if-none-match': Type.Optional(Type.String({ description: 'The ETag of an earlier answer: 304 while it is still current' })),
  });
  const cachedResponses = (body: unknown) => ({
    200: { ...(body as object), headers: cacheHeaders },
    304: notModifiedResponse,
    ...errorResponses(404),
  });

  app.get(
    '/public/:slug',
    {
      schema: {
        tags,
        operationId: 'getPublicBusiness',
        summary: "A business's public profile",
        security,
        params: SlugParams,
        headers: revalidation,
        response: cachedResponses(PublicBusinessBody),
      },
    },
    (request, reply) => sendPublicJson(request, reply, 'public', publicBusinessBody),
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
        headers: revalidation,
        response: cachedResponses(Type.Array(PublicServiceBody)),
      },
    },
    (request, reply) => sendPublicJson(request, reply, 'services', (business) => listPublicServices(app.ctx.db, business.id)),
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
        headers: revalidation,
        response: cachedResponses(Type.Array(PublicMasterBody)),
      },
    },
    (request, reply) => sendPublicJson(request, reply, 'masters', (business) => listMasters(app.ctx.db, business.id)),
  );
};
