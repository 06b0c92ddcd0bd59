/**
 * A public booking's lookup (lookup.queries.ts) kept in the per-business cache beside slots and the
 * page (src/db/business-cache.ts, wired in src/live-caches.ts): the business, the service, the master and the provider's chats
 * change seldom, and every write to them forgets the business on every instance (drizzle/0001, 0003,
 * 0009, 0011). A hit costs no query of its own, only the catch-up with the notifications that
 * concurrent requests share. Only a lookup that found what was asked for is kept: a wrong service or
 * master id is read, and answered 404, every time.
 */
import type { Db } from '../../db/client.js';
import { readThrough, type BusinessCache } from '../../db/business-cache.js';
import { lookUpBooking, type BookingLookup } from './lookup.queries.js';

export type LookupCache = BusinessCache<BookingLookup>;

export function lookUpBookingCached(
  cache: LookupCache | undefined,
  db: Db,
  slug: string,
  serviceId: number,
  masterId: number | null | undefined,
): Promise<BookingLookup | undefined> {
  return readThrough(cache, slug, `${serviceId}/${masterId ?? '*'}`, async () => {
    const found = await lookUpBooking(db, slug, serviceId, masterId);
    const complete = found?.service !== undefined && (masterId === undefined || masterId === null || found.master !== undefined);
    return found && complete ? { answer: found, keepFor: { businessId: found.business.id } } : { answer: found };
  });
}
