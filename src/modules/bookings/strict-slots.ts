import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { occupiesTimeSql } from '../../db/booking-status.js';
import { bookings, services } from '../../db/schema.js';
import { DomainError } from '../../core/errors.js';
import { addMinutes, datePart } from '../../core/wallclock.js';
import { overlapsTimeOff } from '../../core/time-off.js';
import { masterTimeOffBetween } from '../availability/time-off.queries.js';
import { lockMasters } from './master-lock.js';

export const SLOT_TAKEN = 'Slot is already taken';
export const TIME_OFF = 'The master is off at this time';

/**
 * Opt-in strict slots (businesses.strict_slots): inside the caller's transaction,
 * lock the master's row so concurrent writers for the same master queue up, then
 * refuse a time that overlaps a booking of that master that occupies time (completed included).
 * Each booking occupies its service's buffer after its end too (CONTRACT.md §17): the new one's
 * [startAt, endAt + bufferAfter) must miss every other's [start_at, end_at + buffer_after), and the
 * master's (or the business's) time off, as the slots show it (CONTRACT.md §21).
 */
export async function assertSlotFree(
  tx: Db,
  masterId: number,
  startAt: string,
  endAt: string,
  bufferAfter: number,
  excludeBookingId?: string,
) {
  await lockMasters(tx, [masterId]);
  const occupiedTo = bufferAfter > 0 ? addMinutes(endAt, bufferAfter) : endAt;
  const conditions = [
    eq(bookings.masterId, masterId),
    occupiesTimeSql(),
    lt(bookings.startAt, occupiedTo),
    gt(sql`${bookings.endAt} + make_interval(mins => ${services.bufferAfter})`, startAt),
  ];
  if (excludeBookingId) conditions.push(ne(bookings.id, excludeBookingId));
  const [clash] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(and(...conditions))
    .limit(1);
  if (clash) throw new DomainError('slot_taken', SLOT_TAKEN);
  const timeOff = await masterTimeOffBetween(tx, masterId, datePart(startAt), datePart(occupiedTo));
  if (overlapsTimeOff(timeOff, masterId, startAt, occupiedTo)) throw new DomainError('slot_taken', TIME_OFF);
}
