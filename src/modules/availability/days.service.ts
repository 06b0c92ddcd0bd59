/**
 * GET /public/{slug}/days as its JSON body, kept in the slots cache (same
 * invalidation: any write to the business's rows, its services and their
 * masters included, forgets it). The key carries the wall-clock minute:
 * "today" offers nothing before now.
 *
 * CONTRACT.md §11 fourth pass: one request holds the event loop at most 50 ms for the largest business
 * allowed (300 masters, 62 days), so the range is read a week at a time and worked out a day at a
 * time, giving the loop back in between: a miss of the cache costs others a few milliseconds at most.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import pLimit from 'p-limit';
import type { Db } from '../../db/client.js';
import { invalidInput, notFound } from '../../core/errors.js';
import { assertWallClock } from '../../core/wall-clock-input.js';
import { addDays, type IsoDate, type WallClock } from '../../core/wallclock.js';
import { findBusinessBySlug } from '../catalog/business.queries.js';
import type { BusinessCache } from '../../db/business-cache.js';
import { dayAnswers, MAX_DAYS, visitDaysAnswer, type DayAnswer, type WallNow } from './days.js';
import { visitSizeAllowed } from '../../core/visit-times.js';
import { loadRange, rangeBookings } from './days.queries.js';
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

/** A day of bookings of 300 masters is a few hundred rows: each read (on PGlite, on the loop) stays short. */
const DAYS_PER_READ = 1;

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

const earlier = (a: IsoDate, b: IsoDate): IsoDate => (a < b ? a : b);

/** The answers for the range: the masters and schedules read once, bookings a few days at a time, the loop given back after every day. */
async function answersOf(db: Db, businessId: number, query: DaysQuery, now: WallNow): Promise<DayAnswer[]> {
  const range = await loadRange(db, businessId, query.service_id!, query.master_id, query.from, query.to);
  if (range.found !== 'all') throw notFound(range.found === 'service' ? 'Service' : 'Master');
  const answers: DayAnswer[] = [];
  for (let start = query.from; start <= query.to; start = addDays(start, DAYS_PER_READ)) {
    const end = earlier(addDays(start, DAYS_PER_READ - 1), query.to);
    const bookings = await rangeBookings(db, businessId, start, end, query.master_id);
    await nextTurn();
    for (const answer of dayAnswers({ ...range.data, bookings }, start, end, range.service, now)) {
      if (answer) answers.push(answer);
      await nextTurn();
    }
  }
  return answers;
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
  const { master_id: masterId, from, to } = query;
  const now = nowOf(time);
  checkDaysRange(from, to, now.slice(0, 10));
  const visitIds = visitServiceIds(query);
  if (visitIds) return visitDaysJson(db, time, slug, visitIds, from, to, cache);
  const serviceId = query.service_id!;
  const key = `days/${from}/${to}/${serviceId}/${masterId ?? '*'}/${now.slice(0, 16)}`;
  const cached = await cache?.lookup(slug, key);
  if (cached !== undefined) return cached;
  const generation = cache?.generation ?? 0;
  const business = await findBusinessBySlug(db, slug);
  if (!business) throw notFound('Business');
  const wallNow = { date: now.slice(0, 10), at: now, window: bookingWindow(now, business) };
  const json = JSON.stringify(await rangeAtATime(() => answersOf(db, business.id, query, wallNow)));
  cache?.store(slug, business.id, key, json, generation);
  return json;
}

/** The date strip of a visit (CONTRACT.md §20), cached like the single service's. */
async function visitDaysJson(
  db: Db,
  time: WallClock,
  slug: string,
  serviceIds: readonly number[],
  from: string,
  to: string,
  cache?: BusinessCache,
): Promise<string> {
  const now = nowOf(time);
  const key = `days/${from}/${to}/visit:${serviceIds.join('+')}/${now.slice(0, 16)}`;
  const cached = await cache?.lookup(slug, key);
  if (cached !== undefined) return cached;
  const generation = cache?.generation ?? 0;
  const business = await findBusinessBySlug(db, slug);
  if (!business) throw notFound('Business');
  const bookings = await rangeBookings(db, business.id, from, to);
  const items = [];
  for (const serviceId of serviceIds) {
    const range = await loadRange(db, business.id, serviceId, undefined, from, to);
    if (range.found !== 'all') throw notFound('Service');
    items.push({ data: { ...range.data, bookings }, service: range.service });
  }
  const wallNow = { date: now.slice(0, 10), at: now, window: bookingWindow(now, business) };
  const json = JSON.stringify(visitDaysAnswer(items, from, to, wallNow));
  cache?.store(slug, business.id, key, json, generation);
  return json;
}
