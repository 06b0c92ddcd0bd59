/** CONTRACT.md §7: the webhook, set-webhook, the two debug endpoints, and a public info endpoint for the web pages. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { DomainError, invalidInput, notAuthenticated, notFound } from '../../core/errors.js';
import { errorResponses, Nullable } from '../../http/schemas.js';
import { allow, businessScope, scopeAction } from '../identity/guards.js';
import { sessionSecurity, noSecurity } from '../../http/openapi-security.js';
import { BODY_LIMIT } from '../../http/request-bounds.js';
import { fromDbTimestamp } from '../../core/wallclock.js';
import { findBusinessById } from '../catalog/business.queries.js';
import { providerLinkRoutes } from './link.routes.js';
import { masterLinkRoutes } from './master-link.routes.js';
import { businessSubscriptions } from './subscriptions.js';

export const BOT_DISABLED = 'Telegram bot is not configured (BOT_TOKEN is unset)';
export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

function sameSecret(received: string | string[] | undefined, expected: string): boolean {
  if (typeof received !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(received), digest(expected));
}

/** Only update_id is read before grammY takes the update; the rest is Telegram's Update object as it is. */
const TelegramUpdate = Type.Object(
  { update_id: Type.Integer() },
  { additionalProperties: true, description: 'A Telegram Update object: https://core.telegram.org/bots/api#update' },
);

const isUpdate = (body: unknown): body is Update =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && Number.isSafeInteger((body as { update_id?: unknown }).update_id);

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

/** The super admin sees every business; a provider (admitted by the policy) only its own: another business is 404. */
function assertBusinessInScope(request: FastifyRequest, businessId: number): void {
  const scope = businessScope(request);
  if (scope !== undefined && scope !== businessId) throw notFound('Business');
}

async function telegramCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // Only reached with a bot, so grammY is loaded already.
    const { describeTelegramError } = await import('./notifier.js');
    const described = describeTelegramError(error);
    throw new DomainError('telegram_error', `Telegram API error: ${String(described.description ?? described.message ?? 'no answer')}`);
  }
}

export function messengerRoutes(bot: Bot | undefined): FastifyPluginAsyncTypebox {
  return async (app) => {
    const tags = ['messenger'];
    const { config } = app.ctx;
    const log = app.log.child({ module: 'bot' });
    scopeAction(app, 'public');
    if (bot) (await import('./handlers/index.js')).installHandlers(bot, { app: app.ctx, log });
    await app.register(providerLinkRoutes);
    await app.register(masterLinkRoutes);
    const requireBot = (): Bot => {
      if (!bot) throw new DomainError('not_configured', BOT_DISABLED);
      return bot;
    };

    app.post(
      '/messenger/webhook',
      {
        schema: {
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
        },
        // The schema documents the update; nothing is refused by it: Telegram must get 200 for any body, or it retries forever.
        validatorCompiler: () => () => true,
        // Not an anonymous body (CONTRACT.md §11 fourth pass): the secret header vouches for Telegram, which sizes its updates.
        bodyLimit: BODY_LIMIT,
      },
      async (request) => {
        if (!sameSecret(request.headers[SECRET_HEADER], config.telegramWebhookSecret)) {
          throw notAuthenticated('Invalid webhook secret token');
        }
        const active = requireBot();
        const update = request.body;
        if (!isUpdate(update)) {
          log.warn('webhook body is not a Telegram update; ignored');
          return { ok: true as const };
        }
        try {
          await active.handleUpdate(update);
        } catch (error) {
          log.error({ err: (error as { error?: unknown }).error ?? error, updateId: update.update_id }, 'bot update handling failed');
        }
        return { ok: true as const };
      },
    );

    app.post(
      '/messenger/set-webhook',
      {
        config: allow('platform.manage'),
        schema: {
          tags,
          operationId: 'setTelegramWebhook',
          summary: "Point Telegram's webhook at a URL",
          security: sessionSecurity,
          description:
            'Calls setWebhook; the URL must be HTTPS. The webhook secret (TELEGRAM_WEBHOOK_SECRET, else derived from JWT_SECRET) is passed as secret_token.',
          querystring: Type.Object({ url: Type.String({ minLength: 1, maxLength: 2048 }) }),
          response: { 200: Type.Object({ ok: Type.Boolean(), url: Type.String() }), ...errorResponses(400, 401, 403, 502, 503) },
        },
      },
      async (request) => {
        const { url } = request.query;
        let parsed: URL;
        try {
          parsed = new URL(url);
        } catch {
          throw invalidInput('Invalid url: expected an absolute HTTPS URL', 'url');
        }
        if (parsed.protocol !== 'https:') throw invalidInput('Invalid url: the webhook URL must use HTTPS', 'url');
        const active = requireBot();
        const ok = await telegramCall(() =>
          active.api.setWebhook(url, {
            allowed_updates: ['message', 'callback_query'],
            secret_token: config.telegramWebhookSecret,
          }),
        );
        return { ok, url };
      },
    );

    app.get(
      '/messenger/debug/webhook',
      {
        config: allow('platform.manage'),
        schema: {
          tags,
          operationId: 'getTelegramWebhookInfo',
          summary: "Telegram's view of the webhook",
          security: sessionSecurity,
          response: { 200: WebhookInfoBody, ...errorResponses(401, 403, 502, 503) },
        },
      },
      async () => {
        const active = requireBot();
        const info = await telegramCall(() => active.api.getWebhookInfo());
        return { ...info, url: info.url ?? '', allowed_updates: info.allowed_updates?.map(String) };
      },
    );

    app.get(
      '/messenger/debug/subscription/:business_id',
      {
        config: allow('subscription.read'),
        schema: {
          tags,
          operationId: 'getBusinessSubscription',
          summary: "A business's Telegram notification subscription",
          security: sessionSecurity,
          params: Type.Object({ business_id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
          response: { 200: SubscriptionStateBody, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const businessId = request.params.business_id;
        assertBusinessInScope(request, businessId);
        const business = await findBusinessById(app.ctx.db, businessId);
        if (!business) throw notFound('Business');
        const rows = await businessSubscriptions(app.ctx.db, businessId);
        return {
          business_id: business.id,
          messenger_chat_id: business.messengerChatId,
          subscribed: rows.some((row) => row.isActive && row.messengerChatId === business.messengerChatId),
          bot_enabled: bot !== undefined,
          subscriptions: rows.map((row) => ({
            messenger_chat_id: row.messengerChatId,
            is_active: row.isActive,
            created_at: fromDbTimestamp(row.createdAt),
          })),
        };
      },
    );

    app.get(
      '/messenger/info',
      {
        schema: {
          tags,
          operationId: 'getMessengerInfo',
          summary: 'Whether the bot is on, and its username',
          security: noSecurity,
          description: 'Public: whether the bot is on and its username, for deep links on the web pages.',
          response: { 200: Type.Object({ bot_username: Nullable(Type.String()), enabled: Type.Boolean() }) },
        },
      },
      async () => ({ bot_username: config.botUsername ?? null, enabled: bot !== undefined }),
    );
  };
}
