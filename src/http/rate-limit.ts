import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { DomainError } from '../core/errors.js';

/** Per-route limit per client address; 0 turns the limit off (documented in docs/configuration.md). */
export function perMinute(max: number): FastifyContextConfig {
  return max > 0 ? { rateLimit: { max, timeWindow: '1 minute' } } : { rateLimit: false };
}

/**
 * Registered once, not global: only routes that declare `perMinute(...)` are limited.
 * With REDIS_URL the counters live in Redis, so all instances count a client once.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  const { redisUrl, redisPrefix } = app.ctx.config;
  let store: FastifyRateLimitStoreCtor | undefined;
  if (redisUrl) {
    const [{ connectRedis, firstConnect }, { circuitStore, RedisCircuit }] = await Promise.all([
      import('./redis.js'),
      import('./redis-circuit.js'),
    ]);
    const redis = connectRedis(redisUrl, app.log);
    await firstConnect(redis, app.log);
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    const circuit = new RedisCircuit(app.log);
    app.decorate('redisCircuit', circuit);
    store = circuitStore(redis, circuit, redisPrefix);
  }
  await app.register(rateLimit, {
    global: false,
    // Redis failing or open-circuited: the request is let through uncounted (fail open), never held.
    ...(store ? { store, skipOnError: true } : {}),
    // An IPv6 client is counted per /64: a subscriber holds a whole /64 and could step past a per-address limit. The plugin's default, stated here.
    ipv6Subnet: 64,
    errorResponseBuilder: (_request, context) =>
      new DomainError('rate_limited', `Too many requests, try again in ${Math.ceil(context.ttl / 1000)} s`),
  });
}
