/** The use cases behind password.routes.ts: change the password, and recover a forgotten one. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.js';
import { changePassword } from './registration.js';
import { sessionFor } from './session.js';

export const RESET_REQUESTED =
  'If this email belongs to a business with a linked Telegram chat, a link to set a new password was sent there.';

/** POST /auth/password: the new password, and a token that outlives the ones it ended. */
export async function changePasswordAndReissueToken(ctx: AppContext, userId: number, currentPassword: string, newPassword: string) {
  const user = await changePassword(ctx, userId, currentPassword, newPassword);
  return { access_token: await ctx.tokens.signUser(user, 'password'), token_type: 'bearer' as const };
}

/** POST /auth/password-reset, after its answer went out: the link is sent in the background, a failure only logged. */
export function startPasswordReset(ctx: AppContext, email: string, log: FastifyBaseLogger): void {
  const { db, time, notifier, config } = ctx;
  requestPasswordReset({ db, time, notifier, publicUrl: config.publicUrl, log }, email).catch((error: unknown) =>
    log.error({ err: error }, 'password reset request failed'),
  );
}

/** POST /auth/password-reset/confirm: the new password with the link's token, and a session. */
export async function resetPasswordAndLogIn(ctx: AppContext, token: string, newPassword: string) {
  return sessionFor(ctx, await confirmPasswordReset(ctx, token, newPassword));
}
