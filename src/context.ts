/**
 * The service bag every route reaches as `app.ctx`, and the Fastify type augmentation that says so.
 * A leaf: it imports types only, so any module may depend on it without a cycle through src/app.ts.
 * Use cases take only the part they use (`Pick<AppContext, ...>`), which shows what each depends on.
 */
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { WallClock } from './core/wallclock.js';
import type { TokenService } from './modules/identity/tokens.js';
import type { Notifier } from './modules/bookings/notifier.js';
import type { BusinessCache } from './db/business-cache.js';
import type { Precompressed } from './http/precompressed.js';
import type { BookingEvents } from './modules/bookings/events.js';
import type { LookupCache } from './modules/bookings/lookup-cache.js';
import type { VisitLookupCache } from './modules/visits/lookup.js';

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  time: WallClock;
  tokens: TokenService;
  notifier: Notifier;
  /** Present when AVAILABILITY_CACHE is on. */
  slotsCache: BusinessCache | undefined;
  /** The booking page and the public catalog, precompressed; present with slotsCache. */
  pageCache: BusinessCache<Precompressed> | undefined;
  /** A public booking's lookup; present with slotsCache. */
  lookupCache: LookupCache | undefined;
  /** A public visit's lookup (visits/lookup.ts); present with slotsCache. */
  visitLookupCache: VisitLookupCache | undefined;
  /** The booking changes GET /events streams (CONTRACT.md §13). */
  bookingEvents: BookingEvents;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** When (performance.now()) the database last refused a request as unavailable (disk full, read-only…). */
    databaseRefusedAt: number | undefined;
    /** With REDIS_URL: whether the rate limits go around a Redis that stopped answering. */
    redisCircuit?: { open: boolean };
  }
}
