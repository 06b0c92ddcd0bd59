/** CONTRACT.md §21 "Time off": the use cases behind /time-off. */
import type { Db } from '../../db/client.js';
import { forbidden, invalidInput, notFound } from '../../core/errors.js';
import { occupiesTime } from '../../core/booking-status.js';
import { overlapsTimeOff, type TimeOffEntry } from '../../core/time-off.js';
import { addDays, combine, toMinutes, type IsoDate } from '../../core/wallclock.js';
import { findMasterRow } from '../catalog/masters.queries.js';
import { MASTER_FORBIDDEN } from '../identity/guards.js';
import { listBookingViews } from '../bookings/bookings.queries.js';
import type { BookingView } from '../bookings/view.js';
import { deleteTimeOff, insertTimeOff, selectTimeOff, type TimeOffRow } from './time-off.queries.js';

/** The longest span of one entry, and of one GET (CONTRACT.md §21: at most 366 days apart). */
export const MAX_SPAN_DAYS = 366;

export interface TimeOffInput {
  master_id?: number | null;
  date_from: IsoDate;
  date_to: IsoDate;
  start_time?: string;
  end_time?: string;
  note?: string | null;
}

/** `to` not before `from` and at most 366 days after it. */
export function assertSpan(from: IsoDate, to: IsoDate, toField: string): void {
  if (to < from) throw invalidInput(`${toField} must not be before the start`, toField);
  if (addDays(from, MAX_SPAN_DAYS) < to) throw invalidInput(`At most ${MAX_SPAN_DAYS} days apart`, toField);
}

/** "What it closes": whole days without times; with both, start before end; one without the other is refused. */
export function assertClosedHours(startTime: string | undefined, endTime: string | undefined): void {
  if ((startTime === undefined) !== (endTime === undefined)) {
    throw invalidInput('start_time and end_time come together', startTime === undefined ? 'start_time' : 'end_time');
  }
  if (startTime !== undefined && endTime !== undefined && toMinutes(startTime) >= toMinutes(endTime)) {
    throw invalidInput('start_time must be before end_time', 'end_time');
  }
}

async function assertOwnMaster(db: Db, businessId: number, masterId: number): Promise<void> {
  if (!(await findMasterRow(db, businessId, masterId))) throw notFound('Master');
}

export const entryOf = (row: TimeOffRow): TimeOffEntry => ({
  masterId: row.masterId,
  dateFrom: row.dateFrom,
  dateTo: row.dateTo,
  startTime: row.startTime,
  endTime: row.endTime,
});

/**
 * GET /time-off: the entries touching [from, to]; with master_id, those closing that master (the
 * business's and theirs). A master token (`ownMaster`) reads only its own master and the business's.
 */
export async function listTimeOff(
  db: Db,
  businessId: number,
  query: { from: IsoDate; to: IsoDate; master_id?: number },
  ownMaster: number | undefined,
): Promise<TimeOffRow[]> {
  assertSpan(query.from, query.to, 'to');
  if (ownMaster !== undefined && query.master_id !== undefined && query.master_id !== ownMaster) throw forbidden(MASTER_FORBIDDEN);
  const masterId = query.master_id ?? ownMaster;
  if (masterId !== undefined) await assertOwnMaster(db, businessId, masterId);
  return selectTimeOff(db, businessId, { from: query.from, to: query.to, masterId });
}

/** A time off as the API answers it. */
export const timeOffBody = (row: TimeOffRow) => ({
  id: row.id,
  master_id: row.masterId,
  date_from: row.dateFrom,
  date_to: row.dateTo,
  start_time: row.startTime,
  end_time: row.endTime,
  note: row.note,
});

/** The bookings that occupy time inside the closed time: the visit itself, its buffer aside (decision 0072). */
export async function affectedBookings(db: Db, businessId: number, row: TimeOffRow): Promise<BookingView[]> {
  const candidates = await listBookingViews(db, {
    businessId,
    masterId: row.masterId ?? undefined,
    // A booking may start the day before and run past midnight.
    from: combine(addDays(row.dateFrom, -1), '00:00'),
    to: combine(addDays(row.dateTo, 1), '00:00'),
  });
  const entry = [entryOf(row)];
  return candidates.filter(
    (booking) => occupiesTime(booking.status) && overlapsTimeOff(entry, booking.master.id, booking.startAt, booking.endAt),
  );
}

/** POST /time-off: the entry and the bookings already inside it (the owner decides what to do with them). */
export async function createTimeOff(db: Db, businessId: number, input: TimeOffInput) {
  assertSpan(input.date_from, input.date_to, 'date_to');
  assertClosedHours(input.start_time, input.end_time);
  const masterId = input.master_id ?? null;
  if (masterId !== null) await assertOwnMaster(db, businessId, masterId);
  const row = await insertTimeOff(db, {
    businessId,
    masterId,
    dateFrom: input.date_from,
    dateTo: input.date_to,
    startTime: input.start_time ?? null,
    endTime: input.end_time ?? null,
    note: input.note ?? null,
  });
  return { row, affected: await affectedBookings(db, businessId, row) };
}

export async function removeTimeOff(db: Db, businessId: number, id: number): Promise<void> {
  if (!(await deleteTimeOff(db, businessId, id))) throw notFound('Time off');
}
