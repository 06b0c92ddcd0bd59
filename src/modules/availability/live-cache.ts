/**
 * Keeps a SlotsCache right (issue 7): the database's triggers NOTIFY
 * 'availability_changed' with the business id on every write to businesses,
 * masters, schedules and bookings (drizzle/0001_availability_notify.sql),
 * whichever instance or tool makes it; this instance also forgets everything
 * when one of its own writing requests is about to answer, so its client
 * never waits for the notification to see its own write.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { SlotsCache } from './cache.js';

export const AVAILABILITY_CHANNEL = 'availability_changed';

const WRITING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function startSlotsCache(app: FastifyInstance, database: Database, log: FastifyBaseLogger): Promise<SlotsCache> {
  const cache = new SlotsCache();
  const unlisten = await database.listen(AVAILABILITY_CHANNEL, {
    onNotify: (payload) => {
      const businessId = Number(payload);
      if (Number.isInteger(businessId)) cache.forgetBusiness(businessId);
      else cache.forgetAll();
    },
    onLive: (live) => {
      cache.setLive(live);
      if (live) log.debug('slots cache on');
      else log.warn('slots cache off until the LISTEN connection is back');
    },
  });
  cache.catchUp = unlisten.sync;
  app.addHook('onSend', async (request) => {
    if (WRITING_METHODS.has(request.method)) cache.forgetAll();
  });
  app.addHook('onClose', async () => {
    await unlisten().catch(() => undefined);
  });
  return cache;
}
