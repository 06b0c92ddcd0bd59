import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { perMinute } from '../../http/rate-limit.js';
import { messengerLogin } from './messenger.js';
import { redeemPanelLink } from './master-session.js';
import { loginWithMasterLinkSchema, loginWithTelegramSchema } from './messenger-auth.schemas.js';
import { scopeAction } from '../identity/guards.js';

export const messengerAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  app.post('/auth/messenger', { config: perMinute(app.ctx.config.rateLimits.login), schema: loginWithTelegramSchema }, async (request) =>
    messengerLogin(app.ctx, request.body.initData, request.body.startParam),
  );

  app.post(
    '/auth/master-link',
    { config: perMinute(app.ctx.config.rateLimits.login), schema: loginWithMasterLinkSchema },
    async (request) => redeemPanelLink(app.ctx, request.body.code),
  );
};
