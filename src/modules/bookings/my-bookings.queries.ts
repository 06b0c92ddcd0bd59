/** The bookings a mini-app user may see (CONTRACT.md §18): made by that Telegram user, or of a phone that user verified. */
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings, clients, type BookingStatus } from '../../db/schema.js';
import { fromDbTimestamp } from '../../core/wallclock.js';
import { selectBookingRows } from '../../db/booking-rows.js';
import { phonesVerifiedBy } from './recipients.queries.js';

/** §18: the newest fifty. */
export const MY_BOOKINGS_LIMIT = 50;

export interface MyBooking {
  id: string;
  status: BookingStatus;
  start_at: string;
  end_at: string;
  service: { id: number; name: string };
  master: { id: number; name: string };
  price_snapshot: number;
  /** CONTRACT.md §20: the visit this booking is an item of; null for a single booking. */
  visit_id: string | null;
}

/**
 * Newest start first, at most MY_BOOKINGS_LIMIT, of this business only. The phones are those whose notices
 * reach the user's private chat (its id is the user's id), as the notifier finds them.
 */
export async function myBookings(db: Db, businessId: number, telegramUserId: string): Promise<MyBooking[]> {
  const phones = await phonesVerifiedBy(db, telegramUserId);
  const ownPhones = phones.length > 0 ? inArray(clients.phone, phones) : undefined;
  const rows = await selectBookingRows(db)
    .where(and(eq(bookings.businessId, businessId), or(eq(bookings.telegramUserId, telegramUserId), ownPhones)))
    .orderBy(desc(bookings.startAt), desc(bookings.createdAt), bookings.id)
    .limit(MY_BOOKINGS_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    start_at: fromDbTimestamp(row.startAt),
    end_at: fromDbTimestamp(row.endAt),
    service: { id: row.service.id, name: row.service.name },
    master: row.master,
    price_snapshot: row.priceSnapshot,
    visit_id: row.visitId ?? null,
  }));
}
