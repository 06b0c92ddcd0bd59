/** Loads one day of a business with a fixed number of queries and hands it to the pure availability rules. */
import type { Db } from '../../db/client.js';
import { notFound } from '../../core/errors.js';
import { combine, addDays, dayOfWeek, type IsoDate } from '../../core/wallclock.js';
import { aliasTarget } from '../catalog/business.queries.js';
import { rowsForDay } from '../schedules/queries.js';
import { aggregateSlots, scheduleFor, singleMasterSlots, type SlotsAnswer, type TimedBooking } from '../../core/availability.js';
import { answerKey, type BusinessCache } from '../../db/business-cache.js';
import { bookingsTouchingDay, loadBusinessDay, type BusinessDay } from './queries.js';

function dayBounds(date: IsoDate): [string, string] {
  return [combine(date, '00:00'), combine(addDays(date, 1), '00:00')];
}

const rowsOf = <T extends { masterId: number | null }>(rows: T[], masterId: number | null) =>
  rows.filter((row) => row.masterId === masterId);

/** One master's schedule row and bookings for a day; `excludeBookingId` leaves a booking out (it is the one being moved). */
export async function loadMasterDay(db: Db, businessId: number, masterId: number, date: IsoDate, excludeBookingId?: string) {
  const dow = dayOfWeek(date);
  const [rows, bookings] = await Promise.all([rowsForDay(db, businessId, dow), bookingsTouchingDay(db, [masterId], ...dayBounds(date))]);
  return {
    schedule: scheduleFor(rowsOf(rows, masterId), rowsOf(rows, null), dow),
    bookings: bookings.filter((booking) => booking.id !== excludeBookingId) as TimedBooking[],
  };
}

/**
 * GET /public/{slug}/slots as its JSON body: SPEC.md rules 4 and 5, with the no-masters fallback;
 * one query (see queries.ts), none when the cache holds the answer.
 */
export async function slotsJsonBySlug(db: Db, slug: string, date: IsoDate, masterId?: number, cache?: BusinessCache): Promise<string> {
  const key = answerKey(date, masterId);
  const generation = cache?.generation ?? 0;
  const cached = await cache?.lookup(slug, key);
  if (cached !== undefined) return cached;
  // From the previous midnight: a booking may start the day before and run past midnight.
  const dow = dayOfWeek(date);
  const day = await loadBusinessDay(db, {
    slug,
    dayOfWeek: dow,
    from: combine(addDays(date, -1), '00:00'),
    to: dayBounds(date)[1],
    masterId,
  });
  if (!day) {
    // A former slug answers for its business; the answer is kept under the current slug.
    const current = await aliasTarget(db, slug);
    if (current === undefined) throw notFound('Business');
    return slotsJsonBySlug(db, current, date, masterId, cache);
  }
  const json = JSON.stringify(answerForDay(day, date, dow, masterId));
  cache?.store(slug, day.businessId, key, json, generation);
  return json;
}

function answerForDay(day: BusinessDay, date: IsoDate, dow: number, masterId: number | undefined): SlotsAnswer {
  const businessRows = rowsOf(day.schedules, null);
  const masterDay = (id: number) => ({
    schedule: scheduleFor(rowsOf(day.schedules, id), businessRows, dow),
    bookings: day.bookings.filter((booking) => booking.masterId === id),
  });
  if (masterId !== undefined) {
    if (day.masterIds.length === 0) throw notFound('Master');
    const { schedule, bookings } = masterDay(masterId);
    return singleMasterSlots(date, schedule, bookings);
  }
  if (day.masterIds.length === 0) return singleMasterSlots(date, scheduleFor([], businessRows, dow), []);
  return aggregateSlots(date, day.masterIds.map(masterDay));
}
