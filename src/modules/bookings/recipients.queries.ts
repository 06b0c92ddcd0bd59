/**
 * Who hears about a booking, in SQL: the only queries that pick a chat to tell. A business's provider
 * chats (PROVIDER_BUSINESS), its masters' linked chats (CONTRACT.md §16), the chats that follow a client's
 * phone or bookings (§11) and, read from the chat's side, the client phones a chat verified (the
 * mini app's «Мои записи», §18). bot/recipients.ts puts them in §11's order for the notifier; the public
 * booking's lookup embeds its parts in its one statement. It lives in bookings, below bot, so that both
 * may import it.
 */
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedSql } from '../../db/prepared.js';
import { masters, subscriptions, type SubscriptionContext } from '../../db/schema.js';
import { phoneVariants } from '../../core/phone.js';

/** Each chat once, in the order first read. */
export const distinctChats = (chats: readonly string[]): string[] => [...new Set(chats)];

/** The active chats of `contextType` whose ref is one of `refs` (a text[]), oldest subscription first. */
const followingChatsSql = (contextType: SubscriptionContext | SQL, refs: SQL): SQL<string[]> =>
  sql<string[]>`array(SELECT ${subscriptions.messengerChatId} FROM ${subscriptions}
    WHERE ${subscriptions.contextType} = ${contextType} AND ${subscriptions.contextRef} = ANY(${refs})
      AND ${subscriptions.isActive} ORDER BY ${subscriptions.id})`;

/** The business's provider chats, as a column of a larger statement (read through `distinctChats`). */
export const providerChatsSql = (businessId: SQLWrapper): SQL<string[]> =>
  followingChatsSql('PROVIDER_BUSINESS', sql`ARRAY[${businessId}::text]`);

/** The business's unarchived masters that have a linked chat, each as `id:chat` (`masterChatsOf` reads them). */
export const linkedMasterChatsSql = (businessId: SQLWrapper): SQL<string[]> =>
  sql<string[]>`array(SELECT m.id || ':' || m.telegram_chat_id FROM ${masters} m
    WHERE m.business_id = ${businessId} AND m.telegram_chat_id IS NOT NULL AND NOT m.archived)`;

/** Master id → linked chat, from `linkedMasterChatsSql`. */
export const masterChatsOf = (entries: readonly string[]): Map<number, string> =>
  new Map(entries.map((entry) => [Number(entry.slice(0, entry.indexOf(':'))), entry.slice(entry.indexOf(':') + 1)]));

const activeChatsStatement = preparedSql<{ chats: string[] }>(
  'active_chats',
  sql`SELECT ${followingChatsSql(sql`${sql.placeholder('contextType')}`, sql`${sql.placeholder('refs')}::text[]`)} AS chats`,
);

/** Active chats of one context type for any of the given refs, oldest subscription first, without repeats. */
export async function activeChats(db: Db, contextType: SubscriptionContext, refs: readonly string[]): Promise<string[]> {
  if (refs.length === 0) return [];
  const [row] = await activeChatsStatement(db).execute({ contextType, refs: [...refs] });
  return distinctChats(row?.chats ?? []);
}

const linkedMasterChatsStatement = preparedSql<{ chats: string[] }>(
  'linked_master_chats',
  sql`SELECT ${linkedMasterChatsSql(sql`${sql.placeholder('businessId')}`)} AS chats`,
);

/** Master id → linked chat of the business's unarchived masters (§16). */
/** The business's active PROVIDER_BUSINESS chats, oldest first. */
export const providerChats = (db: Db, businessId: number): Promise<string[]> => activeChats(db, 'PROVIDER_BUSINESS', [String(businessId)]);

export async function linkedMasterChats(db: Db, businessId: number): Promise<Map<number, string>> {
  const [row] = await linkedMasterChatsStatement(db).execute({ businessId });
  return masterChatsOf(row?.chats ?? []);
}

/**
 * The client phones whose notices reach `chatId` by its phone (§11: a contact it shared, its own number),
 * in every form the notifier matches a client's phone by (core/phone.ts phoneVariants), so «Мои записи»
 * and the notices agree on whose bookings a chat follows. A booking id never adds a phone here.
 */
export async function phonesVerifiedBy(db: Db, chatId: string): Promise<string[]> {
  const rows = await db
    .select({ phone: subscriptions.contextRef })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.contextType, 'CLIENT_PHONE'),
        eq(subscriptions.origin, 'contact'),
        eq(subscriptions.isActive, true),
        eq(subscriptions.messengerChatId, chatId),
      ),
    );
  return distinctChats(rows.flatMap((row) => phoneVariants(row.phone)));
}
