/** What the API key routes (api-keys.routes.ts) take and answer, and how OpenAPI describes them. */
import { Type } from '@sinclair/typebox';
import { DateTimeString, errorResponses, IdParam, NonBlank, Nullable } from '../../http/schemas.js';
import { MAX_API_KEYS } from '../identity/api-keys.js';
import { TELEGRAM_SESSION_REFUSED } from '../identity/guards.js';
import { sessionSecurity as security } from '../../http/openapi-security.js';

const tags = ['integrations'];

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

export const createApiKeySchema = {
  tags,
  operationId: 'createApiKey',
  summary: 'Create an API key',
  security,
  description:
    `A new key for an integration; \`key\` is shown only in this answer (only its hash is stored). At most ${MAX_API_KEYS} ` +
    `keys per business (409). A key cannot create keys (403). ${TELEGRAM_SESSION_REFUSED}`,
  body: Type.Object({ name: NonBlank(100) }),
  response: { 201: CreatedApiKeyBody, ...errorResponses(400, 401, 403, 409) },
} as const;

export const listApiKeysSchema = {
  tags,
  operationId: 'listApiKeys',
  summary: "The business's API keys (never the keys themselves)",
  security,
  response: { 200: Type.Array(ApiKeyBody, { maxItems: MAX_API_KEYS }), ...errorResponses(401, 403) },
} as const;

export const revokeApiKeySchema = {
  tags,
  operationId: 'revokeApiKey',
  summary: 'Revoke an API key',
  security,
  description: 'The key answers 401 from then on.',
  params: IdParam,
  response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
} as const;
