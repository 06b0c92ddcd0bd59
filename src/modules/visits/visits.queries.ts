/** A visit's bookings (CONTRACT.md §20): the rows sharing a visit_id, always within one business. */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectBookingRows } from '../../db/booking-rows.js';
import { bookings } from '../../db/schema.js';
import { fromDbTimestamp } from '../../core/wallclock.js';
import type { BookingView } from '../bookings/view.js';

/** The visit's bookings in time order; empty when the business has no such visit. */
export async function visitBookings(db: Db, businessId: number, visitId: string): Promise<BookingView[]> {
  const rows = await selectBookingRows(db)
    .where(and(eq(bookings.businessId, businessId), eq(bookings.visitId, visitId)))
    .orderBy(asc(bookings.startAt), asc(bookings.createdAt), asc(bookings.id));
  return rows.map((row) => ({
    ...row,
    startAt: fromDbTimestamp(row.startAt),
    endAt: fromDbTimestamp(row.endAt),
    createdAt: fromDbTimestamp(row.createdAt),
    updatedAt: fromDbTimestamp(row.updatedAt),
  }));
}

/** The visit a booking is an item of (null for a single booking, undefined when no such booking). */
export async function visitIdOf(db: Db, businessId: number, bookingId: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ visitId: bookings.visitId })
    .from(bookings)
    .where(and(eq(bookings.businessId, businessId), eq(bookings.id, bookingId)))
    .limit(1);
  return row?.visitId;
}
