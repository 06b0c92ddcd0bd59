/**
 * Keeps the per-business caches right (slots, and the booking page with its catalog): the database's triggers NOTIFY
 * 'availability_changed' with the business id on every write to the rows an
 * answer is computed from (businesses, masters, schedules, bookings, services
 * and master_services: drizzle/0001 and 0003; categories, for the page cache only: 0009), whichever instance or tool
 * makes it (a public booking says it itself, right after its commit: 0010), and only that business is forgotten. This instance's own writes
 * come back the same way: on PGlite before the writing query resolves, on
 * PostgreSQL by the time a cache hit has caught up with the LISTEN connection
 * (cache.ts `confirmed`), so its client still sees its own write at once.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AVAILABILITY_CHANNEL } from './db/channels.js';
import type { Database } from './db/client.js';
import type { Precompressed } from './http/precompressed.js';
import type { LookupCache } from './modules/bookings/lookup-cache.js';
import type { VisitLookupCache } from './modules/visits/lookup.js';
import { BusinessCache } from './db/business-cache.js';

export interface LiveCaches {
  slots: BusinessCache;
  /** The booking page and the public catalog answers, precompressed (same rows, same notifications). */
  pages: BusinessCache<Precompressed>;
  /** What a public booking reads before it writes (bookings/lookup-cache.ts). */
  lookups: LookupCache;
  /** What a public visit reads before it writes (visits/lookup.ts). */
  visitLookups: VisitLookupCache;
}

export async function startLiveCaches(app: FastifyInstance, database: Database, log: FastifyBaseLogger): Promise<LiveCaches> {
  const caches: LiveCaches = {
    slots: new BusinessCache(),
    pages: new BusinessCache<Precompressed>({ maxAnswers: 5_000 }),
    lookups: new BusinessCache({ maxAnswers: 5_000 }),
    visitLookups: new BusinessCache({ maxAnswers: 5_000 }),
  };
  const each = (what: (cache: BusinessCache<unknown>) => void) => Object.values(caches).forEach(what);
  const unlisten = await database.listen(AVAILABILITY_CHANNEL, {
    onNotify: (payload) => {
      // 'slots:<id>' (bookings, drizzle/0011) changes only free times; 'catalog:<id>' (categories, 0009;
      // the provider's chats, 0011) changes only the page and the lookups.
      const scoped = /^(slots|catalog):(\d+)$/.exec(payload);
      if (scoped) {
        const forget = scoped[1] === 'slots' ? [caches.slots] : [caches.pages, caches.lookups, caches.visitLookups];
        forget.forEach((cache) => cache.forgetBusiness(Number(scoped[2])));
      } else if (/^\d+$/.test(payload)) each((cache) => cache.forgetBusiness(Number(payload)));
      else each((cache) => cache.forgetAll());
    },
    onLive: (live) => {
      each((cache) => cache.setLive(live));
      if (live) log.debug('slots cache on');
      else log.warn('slots cache off until the LISTEN connection is back');
    },
  });
  each((cache) => (cache.catchUp = unlisten.sync));
  app.addHook('onClose', async () => {
    await unlisten().catch(() => undefined);
  });
  return caches;
}
