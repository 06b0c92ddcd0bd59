/**
 * Forgotten password through the business's linked Telegram chat (CONTRACT.md §11):
 * a random token travels in a link, only its SHA-256 is stored, it lives 15 minutes
 * on the wall clock and works once. The request answers the same whatever the email.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { passwordResetTokens } from '../../db/schema.js';
import { fieldError } from '../../core/errors.js';
import { notifySafely, type Notifier } from '../bookings/notifier.js';
import { addMinutes, type WallClock } from '../../core/wallclock.js';
import { findBusinessById } from '../catalog/business.queries.js';
import { hashPassword } from '../identity/password.js';
import type { PasswordCost } from '../../config.js';
import { findUserByEmail, findUserById, setPassword, type UserRow } from '../identity/users.queries.js';
import { stillCurrent } from '../identity/credential-generations.js';

export const PASSWORD_RESET_MINUTES = 15;
export const RESET_TOKEN_INVALID = 'This reset link is invalid, expired or already used';

const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface ResetDeps {
  db: Db;
  time: WallClock;
  notifier: Notifier;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Sends the link when the email is an admin's whose business has a linked chat. The message
 * goes out after the answer (not awaited), so the answer's timing tells nothing about the email.
 */
export async function requestPasswordReset(deps: ResetDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email.trim());
  if (!user || user.role !== 'ADMIN' || user.businessId === null) return;
  const business = await findBusinessById(deps.db, user.businessId);
  if (!business?.messengerChatId) return;
  // Hex: nothing in it that Markdown would need escaped, so the link reaches the chat as it is.
  const token = randomBytes(32).toString('hex');
  await deps.db.insert(passwordResetTokens).values({
    tokenHash: digest(token),
    userId: user.id,
    expiresAt: addMinutes(deps.time.now(), PASSWORD_RESET_MINUTES),
    accountGeneration: user.tokenVersion,
    telegramGeneration: user.telegramTokenVersion,
  });
  const link = `${deps.publicUrl}/admin#reset=${token}`;
  void notifySafely(deps.log, 'password reset link', () => deps.notifier.passwordResetLink(business, link), undefined);
}

/**
 * Uses the token up (once, before it expires, while the admin's generations are those it was sent in:
 * CONTRACT.md §11 fourth pass) and sets the password; every earlier token of the user ends.
 */
export async function confirmPasswordReset(
  deps: Pick<ResetDeps, 'db' | 'time'> & { config: { passwordCost: PasswordCost } },
  token: string,
  newPassword: string,
): Promise<UserRow> {
  const passwordHash = await hashPassword(newPassword, deps.config.passwordCost);
  const user = await deps.db.transaction(async (tx) => {
    const now = deps.time.now();
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(eq(passwordResetTokens.tokenHash, digest(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)),
      )
      .returning({
        userId: passwordResetTokens.userId,
        account: passwordResetTokens.accountGeneration,
        telegram: passwordResetTokens.telegramGeneration,
      });
    const holder = used && (await findUserById(tx, used.userId));
    if (!holder || !stillCurrent('reset_link', used, { account: holder.tokenVersion, telegram: holder.telegramTokenVersion }))
      return undefined;
    return setPassword(tx, used.userId, passwordHash, 'password_reset');
  });
  if (!user) throw fieldError('reset_link_invalid', RESET_TOKEN_INVALID, 'token');
  return user;
}
