import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { DomainError } from '../core/errors.js';

/** Per-route limit per client address; 0 turns the limit off (documented in README). */
export function perMinute(max: number): FastifyContextConfig {
  return max > 0 ? { rateLimit: { max, timeWindow: '1 minute' } } : { rateLimit: false };
}

/**
 * Registered once, not global: only routes that declare `perMinute(...)` are limited.
 * With REDIS_URL the counters live in Redis, so all instances count a client once.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  const { redisUrl, redisPrefix } = app.ctx.config;
  let redis: Redis | undefined;
  if (redisUrl) {
    const { connectRedis, firstConnect } = await import('./redis.js');
    redis = connectRedis(redisUrl, app.log);
    await firstConnect(redis, app.log);
    const client = redis;
    app.addHook('onClose', async () => {
      client.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: redisPrefix, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new DomainError('rate_limited', `Too many requests, try again in ${Math.ceil(context.ttl / 1000)} s`),
  });
}
