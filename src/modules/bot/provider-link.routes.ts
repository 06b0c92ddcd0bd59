/** CONTRACT.md §11: the provider's Telegram link as the panel shows it, a new one, and disconnecting. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { scopeAction } from '../identity/guards.js';
import { FRESH_TOKEN_HEADER, getTelegramLinkSchema, rotateTelegramLinkSchema, unlinkTelegramSchema } from './provider-link.schemas.js';
import { replaceProviderLink, requireLinkBot, showProviderLink, unlinkProviderTelegram } from './provider-link.service.js';

export const providerLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const requireBot = requireLinkBot(app.ctx.config);
  scopeAction(app, 'account.manage');

  app.get('/business/telegram', { preHandler: requireBot, schema: getTelegramLinkSchema }, async (request) =>
    showProviderLink(app.ctx, request.provider.businessId),
  );

  app.post('/business/telegram/rotate', { preHandler: requireBot, schema: rotateTelegramLinkSchema }, async (request) =>
    replaceProviderLink(app.ctx, request.provider.businessId),
  );

  app.delete('/business/telegram', { schema: unlinkTelegramSchema }, async (request, reply) => {
    reply.header(FRESH_TOKEN_HEADER, await unlinkProviderTelegram(app.ctx, request.provider, request.log));
    return reply.status(204).send(null);
  });
};
