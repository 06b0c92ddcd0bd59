/** CONTRACT.md §11: change the password, and recover a forgotten one through the business's linked chat. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { perMinute } from '../../http/rate-limit.js';
import { allow, scopeAction } from '../identity/guards.js';
import { changePasswordSchema, confirmPasswordResetSchema, requestPasswordResetSchema } from './password.schemas.js';
import { changePasswordAndReissueToken, RESET_REQUESTED, resetPasswordAndLogIn, startPasswordReset } from './password.service.js';

export const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  const limited = perMinute(app.ctx.config.rateLimits.login);

  app.post(
    '/auth/password',
    {
      // Counted with the logins (CONTRACT.md §10, §11): a stolen token cannot guess the password at speed.
      config: { ...limited, ...allow('account.manage') },
      schema: changePasswordSchema,
    },
    async (request) =>
      changePasswordAndReissueToken(app.ctx, request.provider.userId, request.body.current_password, request.body.new_password),
  );

  app.post('/auth/password-reset', { config: limited, schema: requestPasswordResetSchema }, async (request, reply) => {
    // The answer goes first and the work after it (CONTRACT.md §11): its time tells nothing about the address.
    await reply.status(202).send({ detail: RESET_REQUESTED });
    startPasswordReset(app.ctx, request.body.email, request.log);
    return reply;
  });

  app.post('/auth/password-reset/confirm', { config: limited, schema: confirmPasswordResetSchema }, async (request) =>
    resetPasswordAndLogIn(app.ctx, request.body.token, request.body.new_password),
  );
};
