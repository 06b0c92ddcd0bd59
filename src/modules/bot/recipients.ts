/**
 * Who hears about a booking, as chats: the one place the notifier (and the client's ra_/rd_ check) finds
 * the provider's chats, the booking's masters' chats (CONTRACT.md §16) and the client's chats in §11's
 * order. Which change reaches which of them is core/notices.ts whoHears. Its SQL is
 * bookings/recipients.queries.ts (in bookings, below bot, so the public lookup and «Мои записи» read it too).
 */
import type { Db } from '../../db/client.js';
import { phoneVariants } from '../../core/phone.js';
import type { BookingView } from '../bookings/view.js';
import { activeChats, linkedMasterChats } from '../bookings/recipients.queries.js';

type ClientOf = Pick<BookingView, 'id'> & { client: { phone: string } };

export { providerChats } from '../bookings/recipients.queries.js';

/**
 * The chats that speak for the client of `items` (one booking, or a visit's items: one client): those that
 * verified its phone (a shared contact) whenever there is one, whatever other chats follow the bookings;
 * else those following any of the bookings (`/start client_{id}`). A booking id never vouches for a phone,
 * so a chat that only knows the id never outranks the client's own (CONTRACT.md §11 third pass).
 */
export async function clientChats(db: Db, items: readonly ClientOf[]): Promise<string[]> {
  if (items.length === 0) return [];
  const byPhone = await activeChats(db, 'CLIENT_PHONE', phoneVariants(items[0]!.client.phone));
  if (byPhone.length > 0) return byPhone;
  return activeChats(
    db,
    'CLIENT_BOOKING',
    items.map((item) => item.id),
  );
}

/** CONTRACT.md §11: a chat may answer for a booking (ra_/rd_) when it is one of the chats that speak for its client. */
export async function chatSpeaksForClient(db: Db, chatId: string, booking: ClientOf): Promise<boolean> {
  return (await clientChats(db, [booking])).includes(chatId);
}

/** The items grouped by master (in order of first appearance), each group with that master's linked chat, if any. */
export async function masterChats(
  db: Db,
  items: readonly BookingView[],
  known?: ReadonlyMap<number, string>,
): Promise<{ chatId: string | undefined; own: BookingView[] }[]> {
  if (items.length === 0) return [];
  const byMaster = new Map<number, BookingView[]>();
  for (const item of items) byMaster.set(item.master.id, [...(byMaster.get(item.master.id) ?? []), item]);
  const chats = known ?? (await linkedMasterChats(db, items[0]!.businessId));
  return [...byMaster].map(([masterId, own]) => ({ chatId: chats.get(masterId), own }));
}
