/** CONTRACT.md §14: the owner creates, lists and revokes the business's API keys (with a login token only). */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError, notFound } from '../../core/errors.js';
import { DateTimeString, errorResponses, IdParam, NonBlank, Nullable } from '../../http/schemas.js';
import {
  countApiKeys,
  deleteApiKey,
  hashApiKey,
  insertApiKey,
  listApiKeys,
  MAX_API_KEYS,
  newApiKey,
  type ApiKeyRow,
} from '../identity/api-keys.js';
import { scopeAction, TELEGRAM_SESSION_REFUSED } from '../identity/guards.js';
import { sessionSecurity } from '../../http/openapi-security.js';

const ApiKeyBody = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created_at: DateTimeString,
  last_used_at: Nullable(DateTimeString),
});
const CreatedApiKeyBody = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  key: Type.String({ description: '`bk_` and 43 random characters; shown only in this answer, keep it in a safe place' }),
  created_at: DateTimeString,
});

const keyBody = (row: ApiKeyRow) => ({ id: row.id, name: row.name, created_at: row.createdAt, last_used_at: row.lastUsedAt });

export const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['integrations'];
  const security = sessionSecurity;
  scopeAction(app, 'account.manage');

  app.post(
    '/api-keys',
    {
      schema: {
        tags,
        operationId: 'createApiKey',
        summary: 'Create an API key',
        security,
        description:
          `A new key for an integration; \`key\` is shown only in this answer (only its hash is stored). At most ${MAX_API_KEYS} ` +
          `keys per business (409). A key cannot create keys (403). ${TELEGRAM_SESSION_REFUSED}`,
        body: Type.Object({ name: NonBlank(100) }),
        response: { 201: CreatedApiKeyBody, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { businessId } = request.provider;
      if ((await countApiKeys(app.ctx.db, businessId)) >= MAX_API_KEYS) {
        throw new DomainError('conflict', `A business has at most ${MAX_API_KEYS} API keys: revoke one first`);
      }
      const key = newApiKey();
      const row = await insertApiKey(app.ctx.db, businessId, request.body.name.trim(), hashApiKey(key), app.ctx.time.now());
      return reply.status(201).send({ id: row.id, name: row.name, key, created_at: row.createdAt });
    },
  );

  app.get(
    '/api-keys',
    {
      schema: {
        tags,
        operationId: 'listApiKeys',
        summary: "The business's API keys (never the keys themselves)",
        security,
        response: { 200: Type.Array(ApiKeyBody, { maxItems: MAX_API_KEYS }), ...errorResponses(401, 403) },
      },
    },
    async (request) => (await listApiKeys(app.ctx.db, request.provider.businessId)).map(keyBody),
  );

  app.delete(
    '/api-keys/:id',
    {
      schema: {
        tags,
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key',
        security,
        description: 'The key answers 401 from then on.',
        params: IdParam,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!(await deleteApiKey(app.ctx.db, request.provider.businessId, request.params.id))) throw notFound('API key');
      return reply.status(204).send(null);
    },
  );
};
