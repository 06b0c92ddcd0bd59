import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { businessBySlugOr404, publicBusinessBody, type BusinessRow } from './business.queries.js';
import { listMasters } from './masters.queries.js';
import { listPublicServices } from './public-services.js';
import { sendPrecompressed } from '../../http/precompressed.js';
import { cachedAnswer, JSON_TYPE } from './public-cache.js';
import { getPublicBusinessSchema, listPublicMastersSchema, listPublicServicesSchema } from './public-catalog.schemas.js';
import { scopeAction } from '../identity/guards.js';

type Read = (business: BusinessRow) => unknown;

/** The business's answer for `key`, from the page cache or made by `read` (and kept). */
// Serialized by the route's response schema (reply.serialize), as an answer sent as an object would be.
async function sendPublicJson(ctx: FastifyInstance['ctx'], request: FastifyRequest, reply: FastifyReply, key: string, read: Read) {
  const { slug } = request.params as { slug: string };
  const answer = await cachedAnswer(ctx.pageCache, slug, key, async () => {
    const business = await businessBySlugOr404(ctx.db, slug);
    return { businessId: business.id, currentSlug: business.slug, text: String(reply.serialize(await read(business))), type: JSON_TYPE };
  });
  return sendPrecompressed(request, reply, answer);
}

export const publicCatalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  app.get('/public/:slug', { schema: getPublicBusinessSchema }, (request, reply) =>
    sendPublicJson(app.ctx, request, reply, 'public', publicBusinessBody),
  );

  app.get('/public/:slug/services', { schema: listPublicServicesSchema }, (request, reply) =>
    sendPublicJson(app.ctx, request, reply, 'services', (business) => listPublicServices(app.ctx.db, business.id)),
  );

  app.get('/public/:slug/masters', { schema: listPublicMastersSchema }, (request, reply) =>
    sendPublicJson(app.ctx, request, reply, 'masters', (business) => listMasters(app.ctx.db, business.id)),
  );
};
