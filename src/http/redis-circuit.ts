/**
 * A circuit around the shared rate-limit counters (CONTRACT.md §15): a Redis
 * that stops answering (SIGSTOP, a full network buffer) costs a request at most
 * COMMAND_BUDGET_MS. One failure or timeout opens the circuit: the limits then
 * go around Redis (fail open) without waiting on it, and one request a second
 * probes it; the first answer closes the circuit. One warning when it opens, one
 * info when it closes; `open` feeds the redis_circuit_open metric.
 */
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** The plugin's own Redis store (its Lua script), which the package does not type. */
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => Store;

const COMMAND_BUDGET_MS = 50;
const PROBE_EVERY_MS = 1000;

type Store = FastifyRateLimitStore;

export class RedisCircuit {
  open = false;
  private lastTry = 0;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Whether this request may ask Redis: always while closed, one a second while open. */
  mayTry(): boolean {
    if (!this.open) return true;
    const now = performance.now();
    if (now - this.lastTry < PROBE_EVERY_MS) return false;
    this.lastTry = now;
    return true;
  }

  failed(reason: string): void {
    this.lastTry = performance.now();
    if (this.open) return;
    this.open = true;
    this.log.warn({ reason }, 'Redis is not answering: rate limits are counted without it until it is back');
  }

  answered(): void {
    if (!this.open) return;
    this.open = false;
    this.log.info('Redis is back: rate limits are shared again');
  }
}

const OPEN = new Error('Redis circuit open');

/** The rate-limit plugin's store: Redis's own, asked within the budget and only while the circuit lets it. */
export function circuitStore(redis: Redis, circuit: RedisCircuit, nameSpace: string): FastifyRateLimitStoreCtor {
  const wrap = (inner: Store): Store => ({
    incr(key, callback, timeWindow, max) {
      if (!circuit.mayTry()) return callback(OPEN);
      let settled = false;
      // The budget is checked after the next poll phase, so an answer that arrived while the event loop
      // was busy (GC, a large response) counts as an answer, not as a Redis that stopped answering.
      const timer = setTimeout(
        () =>
          setImmediate(() => {
            if (settled) return;
            settled = true;
            circuit.failed(`no answer within ${COMMAND_BUDGET_MS} ms`);
            callback(OPEN);
          }),
        COMMAND_BUDGET_MS,
      );
      inner.incr(
        key,
        (error, result) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (error) circuit.failed(error.message);
          else circuit.answered();
          callback(error, result);
        },
        timeWindow,
        max,
      );
    },
    child: (routeOptions) => wrap(inner.child(routeOptions)),
  });
  return class {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      return wrap(new RedisStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false, redis, nameSpace));
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
