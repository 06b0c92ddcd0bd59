/**
 * GET /public/{slug}/days as its JSON body, kept in the slots cache (same
 * invalidation: any write to the business's rows, its services and their
 * masters included, forgets it). The key carries the wall-clock minute:
 * "today" offers nothing before now.
 *
 * CONTRACT.md §11 fourth pass: one request holds the event loop at most 50 ms for the largest business
 * allowed (300 masters, 62 days), so the range's bookings are read and worked out a day at a time
 * (a visit's too), giving the loop back in between: a miss of the cache costs others a few milliseconds at most.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import pLimit from 'p-limit';
import type { Db } from '../../db/client.js';
import { invalidInput, notFound } from '../../core/errors.js';
import { assertWallClock } from '../../core/wall-clock-input.js';
import { addDays, combine, type IsoDate, type WallClock } from '../../core/wallclock.js';
import { findBusinessBySlug } from '../catalog/business.queries.js';
import { readThrough, type BusinessCache } from '../../db/business-cache.js';
import { dayAnswers, MAX_DAYS, visitDayAnswers, type DayAnswer, type RangeBooking, type WallNow } from './days.js';
import { visitSizeAllowed } from '../../core/visit-times.js';
import { loadRange, rangeBookingsPage, type PageMark, type RangeLookup } from './days.queries.js';
import { nowOf } from './now.js';
import { bookingWindow } from '../../core/booking-window.js';

export interface DaysQuery {
  service_id?: number;
  /** CONTRACT.md §20: a visit's services, comma-separated, 2-5, in order (instead of service_id). */
  service_ids?: string;
  master_id?: number;
  from: string;
  to: string;
}

/**
 * One range worked out at a time in this process: the loop runs every yielded slice queued before it
 * in one go, so eight ranges worked side by side would hold it eight slices long; queued, one slice.
 */
const rangeAtATime = pLimit(1);

/** CONTRACT.md §11 fourth pass: a range of at most 62 days, starting today or later; else 400 naming the field. */
function checkDaysRange(from: string, to: string, today: IsoDate): void {
  assertWallClock('wall-date', from, 'from');
  assertWallClock('wall-date', to, 'to');
  if (from < today) throw invalidInput('from must be today or later', 'from');
  if (to < from) throw invalidInput('to must not be before from', 'to');
  if (addDays(from, MAX_DAYS - 1) < to) throw invalidInput(`At most ${MAX_DAYS} days per request`, 'to');
}

/**
 * Bookings read per query by the strip: about one day of the largest business allowed (300 masters), a
 * read the loop waits for in one piece (on PGlite a read runs on this thread). A salon's whole month is
 * one or two reads; a date a query cost the strip 30 round trips, one range at a time (49 req/s with the
 * cache off, bench/RESULTS.md 2026-11-29).
 */
export const DAYS_PAGE = 400;

/**
 * The answers for the range, a date at a time: the range's bookings read in pages of DAYS_PAGE in start
 * order (of one master when asked), each date worked out with those starting from its previous midnight
 * (one may run past it) to its end, the loop given back around every read and at every value `answer`
 * yields (`undefined` between two slices of a date's masters).
 */
async function dayByDay(
  db: Db,
  businessId: number,
  query: { from: IsoDate; to: IsoDate; masterId?: number },
  answer: (bookings: RangeBooking[], date: IsoDate) => Iterable<DayAnswer | undefined>,
): Promise<DayAnswer[]> {
  const answers: DayAnswer[] = [];
  let read: RangeBooking[] = [];
  let after: PageMark | undefined;
  let all = false;
  for (let date = query.from; date <= query.to; date = addDays(date, 1)) {
    const end = combine(addDays(date, 1), '00:00');
    while (!all && (read.length === 0 || read.at(-1)!.startAt < end)) {
      // A turn before each read too: on PGlite a read runs on this thread, and awaits alone never give the
      // loop back, so the range's first read ran in one piece with the reads before it (47 ms on a slow machine).
      await nextTurn();
      const page = await rangeBookingsPage(db, businessId, query, after, DAYS_PAGE);
      read = read.concat(page);
      all = page.length < DAYS_PAGE;
      after = page.at(-1);
      await nextTurn();
    }
    const start = combine(addDays(date, -1), '00:00');
    read = read.filter((booking) => booking.startAt >= start);
    for (const value of answer(
      read.filter((booking) => booking.startAt < end),
      date,
    )) {
      if (value) answers.push(value);
      await nextTurn();
    }
  }
  return answers;
}

/** One service's strip: masters, schedules and time off read once for the range. */
async function serviceAnswers(db: Db, businessId: number, query: DaysQuery, now: WallNow): Promise<DayAnswer[]> {
  const range = await loadRange(db, businessId, query.service_id!, query.master_id, query.from, query.to);
  if (range.found !== 'all') throw notFound(range.found === 'service' ? 'Service' : 'Master');
  return dayByDay(db, businessId, { from: query.from, to: query.to, masterId: query.master_id }, (bookings, date) =>
    dayAnswers({ ...range.data, bookings }, date, date, range.service, now),
  );
}

/** A visit's strip (CONTRACT.md §20): each item's masters and terms read once, then worked out like one service's. */
async function visitAnswers(
  db: Db,
  businessId: number,
  serviceIds: readonly number[],
  query: DaysQuery,
  now: WallNow,
): Promise<DayAnswer[]> {
  const ranges: Extract<RangeLookup, { found: 'all' }>[] = [];
  for (const serviceId of serviceIds) {
    const range = await loadRange(db, businessId, serviceId, undefined, query.from, query.to);
    if (range.found !== 'all') throw notFound('Service');
    ranges.push(range);
    await nextTurn();
  }
  return dayByDay(db, businessId, { from: query.from, to: query.to }, (bookings, date) =>
    visitDayAnswers(
      ranges.map((range) => ({ data: { ...range.data, bookings }, service: range.service })),
      date,
      now,
    ),
  );
}

/** CONTRACT.md §20: `service_ids` is 2-5 ids in order, without master_id; exactly one of it and service_id. */
function visitServiceIds(query: DaysQuery): number[] | undefined {
  if (query.service_ids === undefined) {
    if (query.service_id === undefined) throw invalidInput('Send service_id or service_ids', 'service_id');
    return undefined;
  }
  if (query.service_id !== undefined) throw invalidInput('Send service_id or service_ids, not both', 'service_ids');
  if (query.master_id !== undefined) throw invalidInput('master_id is not allowed with service_ids', 'master_id');
  const ids = query.service_ids.split(',').map((part) => Number(part.trim()));
  if (!visitSizeAllowed(ids.length) || ids.some((id) => !Number.isInteger(id) || id < 1 || id > 2147483647))
    throw invalidInput('service_ids: 2 to 5 service ids, comma-separated', 'service_ids');
  return ids;
}

export async function daysJsonBySlug(db: Db, time: WallClock, slug: string, query: DaysQuery, cache?: BusinessCache): Promise<string> {
  const now = nowOf(time);
  checkDaysRange(query.from, query.to, now.slice(0, 10));
  const visitIds = visitServiceIds(query);
  const asked = visitIds ? `visit:${visitIds.join('+')}` : `${query.service_id}/${query.master_id ?? '*'}`;
  const key = `days/${query.from}/${query.to}/${asked}/${now.slice(0, 16)}`;
  return readThrough(cache, slug, key, async () => {
    const business = await findBusinessBySlug(db, slug);
    if (!business) throw notFound('Business');
    const wallNow = { date: now.slice(0, 10), at: now, window: bookingWindow(now, business) };
    const answers = await rangeAtATime(() =>
      visitIds ? visitAnswers(db, business.id, visitIds, query, wallNow) : serviceAnswers(db, business.id, query, wallNow),
    );
    return { answer: JSON.stringify(answers), keepFor: { businessId: business.id } };
  });
}
