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
import { AVAILABILITY_CHANNEL } from '../../db/channels.js';
import type { Database } from '../../db/client.js';
import type { Precompressed } from '../../http/precompressed.js';
import { SlotsCache } from './cache.js';

export interface LiveCaches {
  slots: SlotsCache;
  /** The booking page and the public catalog answers, precompressed (same rows, same notifications). */
  pages: SlotsCache<Precompressed>;
}

export async function startLiveCaches(app: FastifyInstance, database: Database, log: FastifyBaseLogger): Promise<LiveCaches> {
  const caches: LiveCaches = { slots: new SlotsCache(), pages: new SlotsCache<Precompressed>({ maxAnswers: 5_000 }) };
  const each = (what: (cache: SlotsCache<unknown>) => void) => Object.values(caches).forEach(what);
  const unlisten = await database.listen(AVAILABILITY_CHANNEL, {
    onNotify: (payload) => {
      // 'catalog:<id>' (drizzle/0009) changes only what the page cache keeps.
      const catalog = /^catalog:(\d+)$/.exec(payload);
      if (catalog) caches.pages.forgetBusiness(Number(catalog[1]));
      // Anything but a business id (an empty payload reads as 0 to Number) forgets everything.
      else if (/^\d+$/.test(payload)) each((cache) => cache.forgetBusiness(Number(payload)));
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
