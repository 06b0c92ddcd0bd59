import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';

/** Per-route limit per client address; 0 turns the limit off (documented in README). */
export function perMinute(max: number): FastifyContextConfig {
  return max > 0 ? { rateLimit: { max, timeWindow: '1 minute' } } : { rateLimit: false };
}

/** Registered once, not global: only routes that declare `perMinute(...)` are limited. */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many requests, try again in ${Math.ceil(context.ttl / 1000)} s`), { statusCode: 429 }),
  });
}
