/** Subscription rows (SPEC.md "Subscription"): which chat hears about what. */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings, clients, subscriptions, type SubscriptionContext, type SubscriptionOrigin } from '../../db/schema.js';
import { isActiveSql } from '../../db/booking-status.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Creates the subscription, or re-activates it when the chat had it before.
 * A phone (CLIENT_PHONE) only ever with origin 'contact': the database refuses any other.
 */
export async function subscribe(
  db: Db,
  contextType: SubscriptionContext,
  contextRef: string,
  chatId: string,
  origin: SubscriptionOrigin = 'link',
): Promise<void> {
  await db
    .insert(subscriptions)
    .values({ contextType, contextRef, messengerChatId: chatId, isActive: true, origin })
    .onConflictDoUpdate({
      target: [subscriptions.contextType, subscriptions.contextRef, subscriptions.messengerChatId],
      set: { isActive: true, origin },
    });
}

/** A business moved to another chat: the old chats' PROVIDER_BUSINESS subscriptions stop. */
export async function deactivateOtherProviderChats(db: Db, businessId: number, keepChatId: string): Promise<void> {
  await db
    .update(subscriptions)
    .set({ isActive: false })
    .where(
      and(
        eq(subscriptions.contextType, 'PROVIDER_BUSINESS'),
        eq(subscriptions.contextRef, String(businessId)),
        ne(subscriptions.messengerChatId, keepChatId),
      ),
    );
}

/** /unsubscribe: every active subscription of the chat; returns how many were switched off. */
export async function unsubscribeChat(db: Db, chatId: string): Promise<number> {
  const rows = await db
    .update(subscriptions)
    .set({ isActive: false })
    .where(and(eq(subscriptions.messengerChatId, chatId), eq(subscriptions.isActive, true)))
    .returning({ id: subscriptions.id });
  return rows.length;
}

export async function chatSubscriptions(db: Db, chatId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.messengerChatId, chatId), eq(subscriptions.isActive, true)))
    .orderBy(asc(subscriptions.id));
}

export async function businessSubscriptions(db: Db, businessId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.contextType, 'PROVIDER_BUSINESS'), eq(subscriptions.contextRef, String(businessId))))
    .orderBy(asc(subscriptions.id));
}

/** Ids of the active (pending or confirmed) bookings whose client has one of these phones, in any business. */
export async function activeBookingIdsByPhone(db: Db, phones: readonly string[]): Promise<string[]> {
  if (phones.length === 0) return [];
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(clients, eq(clients.id, bookings.clientId))
    .where(and(inArray(clients.phone, [...phones]), isActiveSql()))
    .orderBy(asc(bookings.startAt));
  return rows.map((row) => row.id);
}
