/** CONTRACT.md §7: the webhook, set-webhook, the two debug endpoints, and a public info endpoint for the web pages. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Bot } from 'grammy';
import { notFound } from '../../core/errors.js';
import { allow, businessScope, scopeAction } from '../identity/guards.js';
import { BODY_LIMIT } from '../../http/request-bounds.js';
import { providerLinkRoutes } from './provider-link.routes.js';
import { masterLinkRoutes } from './master-link.routes.js';
import {
  getBusinessSubscriptionSchema,
  getMessengerInfoSchema,
  getTelegramWebhookInfoSchema,
  receiveTelegramUpdateSchema,
  SECRET_HEADER,
  setTelegramWebhookSchema,
} from './messenger.schemas.js';
import { describeSubscription, pointWebhookAt, readWebhookInfo, receiveUpdate } from './messenger.service.js';

/** The super admin sees every business; a provider (admitted by the policy) only its own: another business is 404. */
function assertBusinessInScope(request: FastifyRequest, businessId: number): void {
  const scope = businessScope(request);
  if (scope !== undefined && scope !== businessId) throw notFound('Business');
}

export function messengerRoutes(bot: Bot | undefined): FastifyPluginAsyncTypebox {
  return async (app) => {
    const { config } = app.ctx;
    scopeAction(app, 'public');
    const log = app.log.child({ module: 'bot' });
    if (bot) (await import('./handlers/index.js')).installHandlers(bot, { app: app.ctx, log });
    await app.register(providerLinkRoutes);
    await app.register(masterLinkRoutes);
    const webhook = { bot, secret: config.telegramWebhookSecret, log };

    app.post(
      '/messenger/webhook',
      {
        schema: receiveTelegramUpdateSchema,
        // The schema documents the update; nothing is refused by it: Telegram must get 200 for any body, or it retries forever.
        validatorCompiler: () => () => true,
        // Not an anonymous body (CONTRACT.md §11 fourth pass): the secret header vouches for Telegram, which sizes its updates.
        bodyLimit: BODY_LIMIT,
      },
      async (request) => receiveUpdate(webhook, request.headers[SECRET_HEADER], request.body),
    );

    app.post('/messenger/set-webhook', { config: allow('platform.manage'), schema: setTelegramWebhookSchema }, async (request) =>
      pointWebhookAt(bot, request.query.url, config.telegramWebhookSecret),
    );

    app.get('/messenger/debug/webhook', { config: allow('platform.manage'), schema: getTelegramWebhookInfoSchema }, async () =>
      readWebhookInfo(bot),
    );

    app.get(
      '/messenger/debug/subscription/:business_id',
      { config: allow('subscription.read'), schema: getBusinessSubscriptionSchema },
      async (request) => {
        assertBusinessInScope(request, request.params.business_id);
        return describeSubscription(app.ctx.db, request.params.business_id, bot !== undefined);
      },
    );

    app.get('/messenger/info', { schema: getMessengerInfoSchema }, async () => ({
      bot_username: config.botUsername ?? null,
      enabled: bot !== undefined,
    }));
  };
}
