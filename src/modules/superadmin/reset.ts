/**
 * The operator's password reset (SPEC.md) and lockdown (CONTRACT.md §11 fourth pass). A reset sets a new
 * password and ends what the credential table says a super-admin reset ends; the password goes to the
 * provider's chat. A lockdown, for an account taken over, ends every credential of the business, unlinks
 * the provider's and masters' chats (telling them) and sends the password nowhere: it is only in the answer.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { masters, subscriptions } from '../../db/schema.js';
import { notFound } from '../../core/errors.js';
import { notifySafely } from '../bookings/notifier.js';
import { findBusinessById, updateBusiness, type BusinessRow } from '../catalog/business.queries.js';
import { credentials, remedyEnds, type Credential } from '../identity/credential-generations.js';
import { generatePassword, hashPassword } from '../identity/password.js';
import { findBusinessAdmin, setPassword } from '../identity/users.queries.js';

export interface ResetOutcome {
  new_password: string;
  lockdown: boolean;
  /** The kinds of credential of the business that no longer work. */
  ended: Credential[];
}

interface UnlinkedChats {
  provider: string | null;
  masters: { name: string; chatId: string }[];
}

/** A lockdown's chats: the provider's (and its PROVIDER_BUSINESS subscriptions) and every master's, with the Telegram users who held them. */
async function unlinkEveryChat(db: Db, business: BusinessRow): Promise<UnlinkedChats> {
  await updateBusiness(db, business.id, { messengerChatId: null });
  await db
    .update(subscriptions)
    .set({ isActive: false })
    .where(and(eq(subscriptions.contextType, 'PROVIDER_BUSINESS'), eq(subscriptions.contextRef, String(business.id))));
  const linkedMasters = and(eq(masters.businessId, business.id), isNotNull(masters.telegramChatId));
  const linked = await db.select({ name: masters.name, chatId: masters.telegramChatId }).from(masters).where(linkedMasters).for('update');
  await db.update(masters).set({ telegramChatId: null, telegramUserId: null }).where(linkedMasters);
  return {
    provider: business.messengerChatId,
    masters: linked.flatMap((row) => (row.chatId ? [{ name: row.name, chatId: row.chatId }] : [])),
  };
}

async function tellUnlinked(ctx: Pick<AppContext, 'notifier'>, log: FastifyBaseLogger, business: BusinessRow, chats: UnlinkedChats) {
  const { notifier } = ctx;
  if (chats.provider) {
    const chatId = chats.provider;
    await notifySafely(log, 'Telegram unlinked', () => notifier.providerUnlinked(business, chatId), undefined);
  }
  for (const master of chats.masters) {
    await notifySafely(log, 'master unlinked', () => notifier.masterUnlinked(business, master.name, master.chatId), undefined);
  }
}

export async function resetBusinessPassword(
  ctx: Pick<AppContext, 'db' | 'config' | 'notifier'>,
  log: FastifyBaseLogger,
  businessId: number,
  lockdown: boolean,
): Promise<ResetOutcome> {
  const business = await findBusinessById(ctx.db, businessId);
  const admin = business && (await findBusinessAdmin(ctx.db, business.id));
  if (!business || !admin) throw notFound('Business');
  const password = generatePassword();
  const passwordHash = await hashPassword(password, ctx.config.passwordCost);
  const remedy = lockdown ? 'superadmin_lockdown' : 'superadmin_reset';
  const chats = await ctx.db.transaction(async (tx) => {
    await setPassword(tx, admin.id, passwordHash, remedy);
    return lockdown ? unlinkEveryChat(tx, business) : undefined;
  });
  if (chats) await tellUnlinked(ctx, log, business, chats);
  // Whoever took the account over may have linked the chat: a lockdown's password goes only to the operator.
  else await notifySafely(log, 'password reset', () => ctx.notifier.passwordReset(business, password), undefined);
  return { new_password: password, lockdown, ended: credentials.filter((credential) => remedyEnds(remedy, credential)) };
}
