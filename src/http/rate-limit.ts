import { isIPv6 } from 'node:net';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { DomainError } from '../core/errors.js';

/** Per-route limit per client address; 0 turns the limit off (documented in README). */
export function perMinute(max: number): FastifyContextConfig {
  return max > 0 ? { rateLimit: { max, timeWindow: '1 minute' } } : { rateLimit: false };
}

/** The 8 groups of an IPv6 address, each as a number ('::' expanded, an IPv4 tail as two groups, a zone dropped). */
function ipv6Groups(address: string): number[] {
  const groupsOf = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const first = groupsOf(head);
  const last = tail === undefined ? [] : groupsOf(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * Whom a limit counts (issue 32): an IPv4 address, or an IPv6 client's /64. One subscriber gets a whole
 * /64 (often more), so counting per /128 let one client take 2^64 fresh addresses; an IPv4 address
 * written as IPv6 (::ffff:a.b.c.d) counts as that IPv4 address.
 */
export function rateLimitKey(ip: string): string {
  if (!isIPv6(ip.split('%')[0]!)) return ip;
  const groups = ipv6Groups(ip);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
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
    keyGenerator: (request) => rateLimitKey(request.ip),
    errorResponseBuilder: (_request, context) =>
      new DomainError('rate_limited', `Too many requests, try again in ${Math.ceil(context.ttl / 1000)} s`),
  });
}
