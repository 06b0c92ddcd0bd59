/** The Redis client of the shared rate limits: loaded only when REDIS_URL is set. */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How long a request may wait on Redis for its count before it is let through uncounted. */
const REDIS_COMMAND_TIMEOUT_MS = 300;
const REDIS_CONNECT_TIMEOUT_MS = 1000;

/**
 * The shared counter store: every command fails fast while Redis is unreachable
 * (no offline queue, no retries per request, a short command timeout), so the
 * limiter fails open instead of holding requests; the client reconnects by itself.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    // Reconnects forever, at most 2 s apart: an outage ends by itself.
    retryStrategy: (times) => Math.min(times * 100, 2000),
    lazyConnect: true,
  });
  // Without a listener ioredis reports every failed reconnect as an unhandled error event. What an operator
  // reads (one warning when Redis goes, one info when it is back) comes from the limiter's circuit.
  redis.on('error', (error: Error) => log.debug({ err: { name: error.name, message: error.message } }, 'Redis connection error'));
  return redis;
}

export async function firstConnect(redis: Redis, log: FastifyBaseLogger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    // Bounded: a Redis that accepts but never answers must not hold the start-up.
    await Promise.race([
      redis.connect(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_CONNECT_TIMEOUT_MS} ms`)), REDIS_CONNECT_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    // Not fatal: the client keeps reconnecting in the background; until then requests are not limited.
    log.warn({ err: { message: (error as Error).message } }, 'Redis did not answer at startup: rate limits wait for it');
  } finally {
    clearTimeout(timer);
  }
}
