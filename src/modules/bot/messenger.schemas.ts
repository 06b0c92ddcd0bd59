/** What the messenger routes (messenger.routes.ts) take and answer, and how OpenAPI describes them. */
import { Type } from '@sinclair/typebox';
import { errorResponses, Nullable } from '../../http/schemas.js';
import { sessionSecurity, noSecurity } from '../../http/openapi-security.js';

export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

const tags = ['messenger'];

/** Only update_id is read before grammY takes the update; the rest is Telegram's Update object as it is. */
const TelegramUpdate = Type.Object(
  { update_id: Type.Integer() },
  { additionalProperties: true, description: 'A Telegram Update object: https://core.telegram.org/bots/api#update' },
);

const WebhookInfoBody = Type.Object({
  url: Type.String(),
  has_custom_certificate: Type.Boolean(),
  pending_update_count: Type.Integer(),
  ip_address: Type.Optional(Type.String()),
  last_error_date: Type.Optional(Type.Integer()),
  last_error_message: Type.Optional(Type.String()),
  last_synchronization_error_date: Type.Optional(Type.Integer()),
  max_connections: Type.Optional(Type.Integer()),
  allowed_updates: Type.Optional(Type.Array(Type.String())),
});

const SubscriptionStateBody = Type.Object({
  business_id: Type.Integer(),
  messenger_chat_id: Nullable(Type.String()),
  subscribed: Type.Boolean({ description: 'an active PROVIDER_BUSINESS subscription exists for the linked chat' }),
  bot_enabled: Type.Boolean(),
  subscriptions: Type.Array(Type.Object({ messenger_chat_id: Type.String(), is_active: Type.Boolean(), created_at: Type.String() })),
});

export const receiveTelegramUpdateSchema = {
  tags,
  operationId: 'receiveTelegramUpdate',
  summary: 'Telegram webhook',
  security: noSecurity,
  description:
    'Telegram updates. Requires the X-Telegram-Bot-Api-Secret-Token header set by set-webhook (401 otherwise). Answers 200 {"ok": true} to every update, handled or not, so Telegram never retries; failures are logged.',
  headers: Type.Object({
    [SECRET_HEADER]: Type.Optional(Type.String({ description: 'The secret given to setWebhook (TELEGRAM_WEBHOOK_SECRET)' })),
  }),
  body: TelegramUpdate,
  response: { 200: Type.Object({ ok: Type.Literal(true) }), ...errorResponses(401, 503) },
} as const;

export const setTelegramWebhookSchema = {
  tags,
  operationId: 'setTelegramWebhook',
  summary: "Point Telegram's webhook at a URL",
  security: sessionSecurity,
  description:
    'Calls setWebhook; the URL must be HTTPS. The webhook secret (TELEGRAM_WEBHOOK_SECRET, else derived from JWT_SECRET) is passed as secret_token.',
  querystring: Type.Object({ url: Type.String({ minLength: 1, maxLength: 2048 }) }),
  response: { 200: Type.Object({ ok: Type.Boolean(), url: Type.String() }), ...errorResponses(400, 401, 403, 502, 503) },
} as const;

export const getTelegramWebhookInfoSchema = {
  tags,
  operationId: 'getTelegramWebhookInfo',
  summary: "Telegram's view of the webhook",
  security: sessionSecurity,
  response: { 200: WebhookInfoBody, ...errorResponses(401, 403, 502, 503) },
} as const;

export const getBusinessSubscriptionSchema = {
  tags,
  operationId: 'getBusinessSubscription',
  summary: "A business's Telegram notification subscription",
  security: sessionSecurity,
  params: Type.Object({ business_id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
  response: { 200: SubscriptionStateBody, ...errorResponses(400, 401, 403, 404) },
} as const;

export const getMessengerInfoSchema = {
  tags,
  operationId: 'getMessengerInfo',
  summary: 'Whether the bot is on, and its username',
  security: noSecurity,
  description: 'Public: whether the bot is on and its username, for deep links on the web pages.',
  response: { 200: Type.Object({ bot_username: Nullable(Type.String()), enabled: Type.Boolean() }) },
} as const;
