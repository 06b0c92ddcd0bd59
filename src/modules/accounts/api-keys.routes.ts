/** CONTRACT.md §14: the owner creates, lists and revokes the business's API keys (with a login token only). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { scopeAction } from '../identity/guards.js';
import { createApiKeySchema, listApiKeysSchema, revokeApiKeySchema } from './api-keys.schemas.js';
import { createApiKey, listBusinessApiKeys, revokeApiKey } from './api-keys.service.js';

export const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'account.manage');

  app.post('/api-keys', { schema: createApiKeySchema }, async (request, reply) =>
    reply.status(201).send(await createApiKey(app.ctx, request.provider.businessId, request.body.name)),
  );

  app.get('/api-keys', { schema: listApiKeysSchema }, async (request) => listBusinessApiKeys(app.ctx, request.provider.businessId));

  app.delete('/api-keys/:id', { schema: revokeApiKeySchema }, async (request, reply) => {
    await revokeApiKey(app.ctx, request.provider.businessId, request.params.id);
    return reply.status(204).send(null);
  });
};
