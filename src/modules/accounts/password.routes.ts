/** CONTRACT.md §11: change the password, and recover a forgotten one through the business's linked chat. */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { perMinute } from '../../http/rate-limit.js';
import { errorResponses } from '../../http/schemas.js';
import { allow, scopeAction, TELEGRAM_SESSION_REFUSED } from '../identity/guards.js';
import { sessionSecurity, noSecurity } from '../../http/openapi-security.js';
import { confirmPasswordReset, PASSWORD_RESET_MINUTES, requestPasswordReset } from './password-reset.js';
import { SessionBody, TokenFields } from './schemas.js';
import { changePassword } from './registration.js';
import { sessionFor } from './session.js';

const NewPassword = Type.String({ minLength: 8, maxLength: 200 });

const ChangePasswordBody = Type.Object(
  { current_password: Type.String({ minLength: 1, maxLength: 200 }), new_password: NewPassword },
  { additionalProperties: false },
);
const ResetRequestBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }, { additionalProperties: false });
const ResetConfirmBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }), new_password: NewPassword },
  { additionalProperties: false },
);
const ResetAccepted = Type.Object({ detail: Type.String() });

export const RESET_REQUESTED =
  'If this email belongs to a business with a linked Telegram chat, a link to set a new password was sent there.';

export const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  const tags = ['auth'];
  const limited = perMinute(app.ctx.config.rateLimits.login);

  app.post(
    '/auth/password',
    {
      // Counted with the logins (CONTRACT.md §10, §11): a stolen token cannot guess the password at speed.
      config: { ...limited, ...allow('account.manage') },
      schema: {
        tags,
        operationId: 'changePassword',
        summary: "Change the admin's password",
        security: sessionSecurity,
        description: `Changes the password; every token issued earlier to the user stops working. A wrong current password is 400. ${TELEGRAM_SESSION_REFUSED}`,
        body: ChangePasswordBody,
        response: { 200: Type.Object(TokenFields), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const user = await changePassword(app.ctx, request.provider.userId, request.body.current_password, request.body.new_password);
      return { access_token: await app.ctx.tokens.signUser(user, 'password'), token_type: 'bearer' as const };
    },
  );

  app.post(
    '/auth/password-reset',
    {
      config: limited,
      schema: {
        tags,
        operationId: 'requestPasswordReset',
        summary: 'Send a password reset link to the linked Telegram chat',
        security: noSecurity,
        description: `Always 202 with the same body. For an admin whose business has a linked chat, that chat gets a link {PUBLIC_URL}/admin#reset={token}, valid ${PASSWORD_RESET_MINUTES} minutes, single use.`,
        body: ResetRequestBody,
        response: { 202: ResetAccepted, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { db, time, notifier, config } = app.ctx;
      // The answer goes first and the work after it (CONTRACT.md §11): its time tells nothing about the address.
      await reply.status(202).send({ detail: RESET_REQUESTED });
      requestPasswordReset({ db, time, notifier, publicUrl: config.publicUrl, log: request.log }, request.body.email).catch(
        (error: unknown) => request.log.error({ err: error }, 'password reset request failed'),
      );
      return reply;
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: limited,
      schema: {
        tags,
        operationId: 'confirmPasswordReset',
        summary: 'Set a new password with a reset token',
        security: noSecurity,
        description: 'Sets the new password with a token from the reset link and logs in; a used, expired or unknown token is 400.',
        body: ResetConfirmBody,
        response: { 200: SessionBody, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      return sessionFor(app.ctx, await confirmPasswordReset(app.ctx, request.body.token, request.body.new_password));
    },
  );
};
