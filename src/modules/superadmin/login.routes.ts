import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { perMinute } from '../../http/rate-limit.js';
import { scopeAction } from '../identity/guards.js';
import { logInSuperAdmin } from './login.js';
import { superadminLoginSchema } from './login.schemas.js';

/** The operator's login, the one super-admin route without a token. */
export const superAdminLoginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  app.post(
    '/superadmin/login',
    { config: perMinute(app.ctx.config.rateLimits.superadminLogin), schema: superadminLoginSchema },
    async (request) => logInSuperAdmin(app.ctx, request.body.username, request.body.password),
  );
};
