/** CONTRACT.md §16: a master's Telegram link as the panel shows it, a new one, and disconnecting. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { scopeAction } from '../identity/guards.js';
import { getMasterTelegramLinkSchema, rotateMasterTelegramLinkSchema, unlinkMasterTelegramSchema } from './master-link.schemas.js';
import { replaceMasterLink, showMasterLink, unlinkMasterTelegram } from './master-link.service.js';
import { requireLinkBot } from './provider-link.service.js';

export const masterLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const requireBot = requireLinkBot(app.ctx.config);
  scopeAction(app, 'account.manage');

  app.get('/masters/:id/telegram', { preHandler: requireBot, schema: getMasterTelegramLinkSchema }, async (request) =>
    showMasterLink(app.ctx, request.provider.businessId, request.params.id),
  );

  app.post('/masters/:id/telegram/rotate', { preHandler: requireBot, schema: rotateMasterTelegramLinkSchema }, async (request) =>
    replaceMasterLink(app.ctx, request.provider.businessId, request.params.id),
  );

  app.delete('/masters/:id/telegram', { schema: unlinkMasterTelegramSchema }, async (request, reply) => {
    await unlinkMasterTelegram(app.ctx, request.provider.businessId, request.params.id, request.log);
    return reply.status(204).send(null);
  });
};
