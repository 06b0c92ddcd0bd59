/**
 * Keeps a SlotsCache right: the database's triggers NOTIFY
 * 'availability_changed' with the business id on every write to the rows an
 * answer is computed from (businesses, masters, schedules, bookings, services
 * and master_services: drizzle/0001 and 0003), whichever instance or tool
 * makes it, and only that business is forgotten. This instance's own writes
 * come back the same way: on PGlite before the writing query resolves, on
 * PostgreSQL by the time a cache hit has caught up with the LISTEN connection
 * (cache.ts `confirmed`), so its client still sees its own write at once.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { SlotsCache } from './cache.js';

export const AVAILABILITY_CHANNEL = 'availability_changed';

export async function startSlotsCache(app: FastifyInstance, database: Database, log: FastifyBaseLogger): Promise<SlotsCache> {
  const cache = new SlotsCache();
  const unlisten = await database.listen(AVAILABILITY_CHANNEL, {
    onNotify: (payload) => {
      // Anything but a business id (an empty payload reads as 0 to Number) forgets everything.
      if (/^\d+$/.test(payload)) cache.forgetBusiness(Number(payload));
      else cache.forgetAll();
    },
    onLive: (live) => {
      cache.setLive(live);
      if (live) log.debug('slots cache on');
      else log.warn('slots cache off until the LISTEN connection is back');
    },
  });
  cache.catchUp = unlisten.sync;
  app.addHook('onClose', async () => {
    await unlisten().catch(() => undefined);
  });
  return cache;
}
