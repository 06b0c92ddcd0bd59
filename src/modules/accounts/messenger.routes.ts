import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { perMinute } from '../../http/rate-limit.js';
import { errorResponses } from '../../http/schemas.js';
import { noSecurity } from '../../http/openapi-security.js';
import { messengerLogin } from './messenger.js';
import { PANEL_LINK_MINUTES, redeemPanelLink } from './master-session.js';
import { BusinessBody, MasterUserBody } from '../../http/schemas.js';
import { TokenFields } from './schemas.js';
import { scopeAction } from '../identity/guards.js';

const MasterSessionBody = Type.Object({ ...TokenFields, user: MasterUserBody, business: BusinessBody });

/** camelCase exactly as SPEC.md (CONTRACT.md §2 makes this the one exception to snake_case). */
const MessengerLoginBody = Type.Object({
  initData: Type.String({ maxLength: 8192, description: 'Telegram.WebApp.initData, the raw query string' }),
  startParam: Type.Optional(Type.String({ maxLength: 64, description: 'business slug the mini app was opened for' })),
});

const MessengerSessionBody = Type.Object({
  token: Type.String(),
  role: Type.Union([Type.Literal('customer'), Type.Literal('provider'), Type.Literal('master')], {
    description: "master: the Telegram user linked to a master (CONTRACT.md §16); then user.id is the master's id",
  }),
  businessSlug: Type.String(),
  user: Type.Object({ id: Type.Integer(), name: Type.String(), messengerId: Type.String() }),
});

export const messengerAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  app.post(
    '/auth/messenger',
    {
      config: perMinute(app.ctx.config.rateLimits.login),
      schema: {
        tags: ['auth'],
        operationId: 'loginWithTelegram',
        summary: 'Log in from the Telegram mini app with initData',
        security: noSecurity,
        description:
          'Mini-app login with Telegram initData (HMAC "WebAppData", at most 5 minutes old). 401 Invalid initData / initData expired; 503 without BOT_TOKEN.',
        body: MessengerLoginBody,
        response: { 200: MessengerSessionBody, ...errorResponses(400, 401, 429, 503) },
      },
    },
    async (request) => messengerLogin(app.ctx, request.body.initData, request.body.startParam),
  );

  app.post(
    '/auth/master-link',
    {
      config: perMinute(app.ctx.config.rateLimits.login),
      schema: {
        tags: ['auth'],
        operationId: 'loginWithMasterLink',
        summary: "Log a master in with the bot's /panel link",
        security: noSecurity,
        description:
          `The code of a /panel link (\`{PUBLIC_URL}/admin#master={code}\`, CONTRACT.md §16): single use on every instance, ` +
          `valid ${PANEL_LINK_MINUTES} minutes. Answers the master's token; 401 for a used, expired or unknown code.`,
        body: Type.Object({ code: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: MasterSessionBody, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => redeemPanelLink(app.ctx, request.body.code),
  );
};
