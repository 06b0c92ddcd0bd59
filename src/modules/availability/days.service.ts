/**
 * GET /public/{slug}/days as its JSON body, kept in the slots cache (same
 * invalidation: any write to the business's rows, its services and their
 * masters included, forgets it). The key carries the wall-clock minute:
 * "today" offers nothing before now.
 */
import type { Db } from '../../db/client.js';
import { invalidInput, notFound } from '../../core/errors.js';
import { assertWallClock } from '../../core/wall-clock-input.js';
import { addDays, toMinutes, type IsoDate, type WallClock } from '../../core/wallclock.js';
import { findBusinessBySlug } from '../catalog/business.queries.js';
import type { BusinessCache } from '../../db/business-cache.js';
import { daysAnswer, MAX_DAYS } from './days.js';
import { loadRange } from './days.queries.js';
import { nowOf } from './now.js';
import { bookingWindow } from '../../core/booking-window.js';

export interface DaysQuery {
  service_id: number;
  master_id?: number;
  from: string;
  to: string;
}

function checkRange(from: string, to: string): void {
  assertWallClock('wall-date', from, 'from');
  assertWallClock('wall-date', to, 'to');
  if (to < from) throw invalidInput('to must not be before from', 'to');
  if (addDays(from, MAX_DAYS - 1) < to) throw invalidInput(`At most ${MAX_DAYS} days per request`, 'to');
}

export async function daysJsonBySlug(db: Db, time: WallClock, slug: string, query: DaysQuery, cache?: BusinessCache): Promise<string> {
  const { service_id: serviceId, master_id: masterId, from, to } = query;
  checkRange(from, to);
  const now = nowOf(time);
  const key = `days/${from}/${to}/${serviceId}/${masterId ?? '*'}/${now.slice(0, 16)}`;
  const cached = await cache?.lookup(slug, key);
  if (cached !== undefined) return cached;
  const generation = cache?.generation ?? 0;
  const business = await findBusinessBySlug(db, slug);
  if (!business) throw notFound('Business');
  const range = await loadRange(db, business.id, serviceId, masterId, from as IsoDate, to as IsoDate);
  if (range.found !== 'all') throw notFound(range.found === 'service' ? 'Service' : 'Master');
  const wallNow = { date: now.slice(0, 10), minutes: toMinutes(now.slice(11, 16)), window: bookingWindow(now, business) };
  const json = JSON.stringify(daysAnswer(range.data, from, to, range.service, wallNow));
  cache?.store(slug, business.id, key, json, generation);
  return json;
}
