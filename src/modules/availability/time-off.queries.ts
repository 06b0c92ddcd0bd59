/**
 * The time off (CONTRACT.md §21) availability reads, in one query per load whatever the number of
 * masters or dates. Here, below bookings and the time-off module, so every availability loader and
 * strict slots read the same rows the same way.
 */
import { and, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { masters, timeOff } from '../../db/schema.js';
import type { TimeOffEntry } from '../../core/time-off.js';
import type { IsoDate } from '../../core/wallclock.js';

export const timeOffEntryColumns = {
  masterId: timeOff.masterId,
  dateFrom: timeOff.dateFrom,
  dateTo: timeOff.dateTo,
  startTime: timeOff.startTime,
  endTime: timeOff.endTime,
  note: timeOff.note,
};

/** Entries touching [from, to] (dates, both included). */
export const touchingDates = (from: IsoDate, to: IsoDate): SQL => and(lte(timeOff.dateFrom, to), gte(timeOff.dateTo, from))!;

/** The business's time off touching [from, to]; with `masterId`, only the business's entries and that master's. */
export function timeOffBetween(db: Db, businessId: number, from: IsoDate, to: IsoDate, masterId?: number): Promise<TimeOffEntry[]> {
  return db
    .select(timeOffEntryColumns)
    .from(timeOff)
    .where(
      and(
        eq(timeOff.businessId, businessId),
        touchingDates(from, to),
        masterId === undefined ? undefined : or(isNull(timeOff.masterId), eq(timeOff.masterId, masterId)),
      ),
    );
}

/** A master's time off touching [from, to], with their business's (found through the master: strict slots knows only the master). */
export function masterTimeOffBetween(db: Db, masterId: number, from: IsoDate, to: IsoDate): Promise<TimeOffEntry[]> {
  const business = sql`(SELECT ${masters.businessId} FROM ${masters} WHERE ${masters.id} = ${masterId})`;
  return db
    .select(timeOffEntryColumns)
    .from(timeOff)
    .where(and(eq(timeOff.businessId, business), touchingDates(from, to), or(isNull(timeOff.masterId), eq(timeOff.masterId, masterId))));
}
