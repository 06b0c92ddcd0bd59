/** CONTRACT.md §7: the webhook, set-webhook, the two debug endpoints, and a public info endpoint for the web pages. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Bot } from 'grammy';
import { forbidden, notFound } from '../../core/errors.js';
import { assertCurrentSession, providerClaims, readClaims, requireSuperAdmin } from '../identity/guards.js';
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

/** The super admin, or the provider of that very business; another business is 404. */
async function requireAdminOf(request: FastifyRequest, businessId: number): Promise<void> {
  const claims = await readClaims(request);
  if (claims.kind === 'superadmin') return;
  if (claims.kind !== 'user' || claims.role !== 'ADMIN' || claims.businessId === null)
    throw forbidden('This route is for business providers and the super admin');
  if (claims.businessId !== businessId) throw notFound('Business');
  await assertCurrentSession(request, providerClaims(claims));
}

export function messengerRoutes(bot: Bot | undefined): FastifyPluginAsyncTypebox {
  return async (app) => {
    const { config } = app.ctx;
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

    app.post('/messenger/set-webhook', { onRequest: requireSuperAdmin, schema: setTelegramWebhookSchema }, async (request) =>
      pointWebhookAt(bot, request.query.url, config.telegramWebhookSecret),
    );

    app.get('/messenger/debug/webhook', { onRequest: requireSuperAdmin, schema: getTelegramWebhookInfoSchema }, async () =>
      readWebhookInfo(bot),
    );

    app.get('/messenger/debug/subscription/:business_id', { schema: getBusinessSubscriptionSchema }, async (request) => {
      await requireAdminOf(request, request.params.business_id);
      return describeSubscription(app.ctx.db, request.params.business_id, bot !== undefined);
    });

    app.get('/messenger/info', { schema: getMessengerInfoSchema }, async () => ({
      bot_username: config.botUsername ?? null,
      enabled: bot !== undefined,
    }));
  };
}
