import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { occupiesTimeSql } from '../../db/booking-status.js';
import { bookings, masters } from '../../db/schema.js';
import { DomainError } from '../../core/errors.js';

export const SLOT_TAKEN = 'Slot is already taken';

/**
 * Opt-in strict slots (businesses.strict_slots): inside the caller's transaction,
 * lock the master's row so concurrent writers for the same master queue up, then
 * refuse a time that overlaps a booking of that master that occupies time (completed included).
 */
export async function assertSlotFree(tx: Db, masterId: number, startAt: string, endAt: string, excludeBookingId?: string) {
  await tx.execute(sql`SELECT id FROM ${masters} WHERE ${masters.id} = ${masterId} FOR UPDATE`);
  const conditions = [eq(bookings.masterId, masterId), occupiesTimeSql(), lt(bookings.startAt, endAt), gt(bookings.endAt, startAt)];
  if (excludeBookingId) conditions.push(ne(bookings.id, excludeBookingId));
  const [clash] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(...conditions))
    .limit(1);
  if (clash) throw new DomainError('slot_taken', SLOT_TAKEN);
}
