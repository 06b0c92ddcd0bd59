/** Loads one day of a business with a fixed number of queries and hands it to the pure availability rules. */
import type { Db } from '../../db/client.js';
import type { NamedStatement } from '../../db/transaction.js';
import { notFound } from '../../core/errors.js';
import { combine, addDays, dayOfWeek, type IsoDate, type WallClock } from '../../core/wallclock.js';
import { aliasTarget } from '../catalog/business.queries.js';
import { rowsForDay } from '../schedules/schedules.queries.js';
import {
  aggregateSlots,
  scheduleFor,
  singleMasterSlots,
  type DayOpening,
  type SlotsAnswer,
  type TimedBooking,
} from '../../core/availability.js';
import { bookingWindow, windowOnDate, type WindowRules } from '../../core/booking-window.js';
import { answerKey, readThrough, type BusinessCache } from '../../db/business-cache.js';
import { bookingsTouchingDay, dayReadStatement, loadBusinessDay, type BusinessDay, type DayQueryInput } from './slots.queries.js';
export { dayFromColumns } from './slots.queries.js';
import { timeOffBetween } from './time-off.queries.js';
import { closureOn, dateWork, withTimeOff } from '../../core/time-off.js';
import { nowOf } from './now.js';

function dayBounds(date: IsoDate): [string, string] {
  return [combine(date, '00:00'), combine(addDays(date, 1), '00:00')];
}

const rowsOf = <T extends { masterId: number | null }>(rows: T[], masterId: number | null) =>
  rows.filter((row) => row.masterId === masterId);

/**
 * One master's schedule row (with the date's time off, CONTRACT.md §21), bookings and whether they work that day;
 * `exclude` leaves bookings out (the one being moved, or every item of a visit being moved).
 */
export async function loadMasterDay(db: Db, businessId: number, masterId: number, date: IsoDate, exclude: string | readonly string[] = []) {
  const excluded = new Set(typeof exclude === 'string' ? [exclude] : exclude);
  const dow = dayOfWeek(date);
  const [rows, bookings, timeOff] = await Promise.all([
    rowsForDay(db, businessId, dow),
    bookingsTouchingDay(db, [masterId], ...dayBounds(date)),
    timeOffBetween(db, businessId, date, date, masterId),
  ]);
  const open = scheduleFor(rowsOf(rows, masterId), rowsOf(rows, null), dow);
  return {
    schedule: withTimeOff(open, closureOn(timeOff, masterId, date)),
    bookings: bookings.filter((booking) => !excluded.has(booking.id)) as TimedBooking[],
    work: dateWork(open, timeOff, masterId, date),
  };
}

/** What the booking window (CONTRACT.md §17) leaves of `date` for a business with these rules, "now" being `now`. */
export const openingOn = (rules: WindowRules, now: string, date: IsoDate): DayOpening => windowOnDate(bookingWindow(now, rules), date);

/**
 * GET /public/{slug}/slots as its JSON body: SPEC.md rules 4 and 5, with the no-masters fallback,
 * inside the booking window (CONTRACT.md §17); one query (see queries.ts), none when the cache holds the answer.
 * The horizon counts from today, so every key names today; the notice moves with every minute, so
 * a business with a notice keeps its answers per minute (docs/decisions: booking rules).
 */
export async function slotsJsonBySlug(
  db: Db,
  time: WallClock,
  slug: string,
  date: IsoDate,
  masterId?: number,
  cache?: BusinessCache,
): Promise<string> {
  const now = nowOf(time);
  const dayKey = `${answerKey(date, masterId)}@${now.slice(0, 10)}`;
  const minuteKey = `${dayKey}T${now.slice(11, 16)}`;
  return readThrough(cache, slug, [dayKey, minuteKey], async () => {
    const day = await loadDay(db, slug, date, masterId);
    if (!day) {
      // A former slug answers for its business; the answer is kept under the current slug.
      const current = await aliasTarget(db, slug);
      if (current === undefined) throw notFound('Business');
      return { answer: await slotsJsonBySlug(db, time, current, date, masterId, cache) };
    }
    const json = JSON.stringify(answerForDay(day, date, masterId, openingOn(day, now, date)));
    return { answer: json, keepFor: { businessId: day.businessId, key: day.minNoticeMinutes > 0 ? minuteKey : dayKey } };
  });
}

/**
 * A business's day as GET /slots reads it, by its current slug: the masters (or the one asked for), their
 * schedule rows, time off (CONTRACT.md §21) and bookings, in one query. CONTRACT.md §19's if_free reads it inside its transaction.
 */
export function loadDay(db: Db, slug: string, date: IsoDate, masterId?: number): Promise<BusinessDay | undefined> {
  return loadBusinessDay(db, dayQueryInput(slug, date, masterId));
}

/** The same read as one statement with its values in its text, to go with a BEGIN (bookings/master-lock.ts); its rows: dayFromColumns. */
export function dayRead(db: Db, slug: string, date: IsoDate, masterId?: number): NamedStatement {
  return dayReadStatement(db, dayQueryInput(slug, date, masterId));
}

function dayQueryInput(slug: string, date: IsoDate, masterId: number | undefined): DayQueryInput {
  // From the previous midnight: a booking may start the day before and run past midnight.
  return { slug, dayOfWeek: dayOfWeek(date), from: combine(addDays(date, -1), '00:00'), to: dayBounds(date)[1], date, masterId };
}

/** One master's schedule (with the date's time off, CONTRACT.md §21) and bookings out of a loaded day. */
export function masterDayOf(day: BusinessDay, date: IsoDate, masterId: number) {
  return {
    schedule: withTimeOff(
      scheduleFor(rowsOf(day.schedules, masterId), rowsOf(day.schedules, null), dayOfWeek(date)),
      closureOn(day.timeOff, masterId, date),
    ),
    bookings: day.bookings.filter((booking) => booking.masterId === masterId),
  };
}

/** One master's slots out of a loaded day: GET /slots?master_id= answers it, and CONTRACT.md §19's if_free books by it. */
export function masterSlotsOf(day: BusinessDay, date: IsoDate, masterId: number, opening: DayOpening): SlotsAnswer {
  const { schedule, bookings } = masterDayOf(day, date, masterId);
  return singleMasterSlots(date, schedule, bookings, opening);
}

function answerForDay(day: BusinessDay, date: IsoDate, masterId: number | undefined, opening: DayOpening): SlotsAnswer {
  if (masterId !== undefined) {
    if (day.masterIds.length === 0) throw notFound('Master');
    return masterSlotsOf(day, date, masterId, opening);
  }
  if (day.masterIds.length === 0) {
    const businessDay = scheduleFor([], rowsOf(day.schedules, null), dayOfWeek(date));
    return singleMasterSlots(date, withTimeOff(businessDay, closureOn(day.timeOff, null, date)), [], opening);
  }
  return aggregateSlots(
    date,
    day.masterIds.map((id) => masterDayOf(day, date, id)),
    opening,
  );
}
