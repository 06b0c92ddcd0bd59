/**
 * GET /metrics in Prometheus text format, only when METRICS_TOKEN is set (and
 * then only with `Authorization: Bearer <token>`), so it never leaks by default.
 * One registry per app: tests build many apps in one process, and the default
 * global registry would refuse the second set of metric names.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Bot } from 'grammy';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { notAuthenticated } from '../core/errors.js';
import { errorBody } from './errors.js';

/** Route patterns that create a booking, and the label they count under. */
const BOOKING_CREATORS: Record<string, string> = {
  '/api/v1/public/:slug/booking': 'public',
  '/api/v1/bookings': 'owner',
};

const TELEGRAM_SENDS = new Set(['sendMessage', 'sendPhoto']);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function registerMetrics(app: FastifyInstance, bot: Bot | undefined): Promise<void> {
  const token = app.ctx.config.metricsToken;
  if (!token) return;
  const registry = new Registry();
  // Process metrics, among them nodejs_eventloop_lag_seconds (and its percentiles).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const bookings = new Counter({
    name: 'bookings_created_total',
    help: 'Bookings created (idempotent replays not counted), by source',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  const notifications = new Counter({
    name: 'telegram_messages_total',
    help: 'Messages to Telegram (notifications and bot replies), by method and result (sent or failed)',
    labelNames: ['method', 'result'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'redis_circuit_open',
    help: 'With REDIS_URL: 1 while the rate limits go around a Redis that stopped answering, else 0',
    registers: [registry],
    collect() {
      this.set(app.redisCircuit?.open ? 1 : 0);
    },
  });
  const { notSent } = app.ctx.notifier;
  new Counter({
    name: 'notifications_not_sent_total',
    help: 'Notifications that did not go out, by reason (bot_off, no_subscription, rate_limited, timeout, telegram_error)',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, count] of notSent.counts) this.inc({ reason }, count);
    },
  });
  const cache = app.ctx.slotsCache;
  new Counter({
    name: 'slots_cache_lookups_total',
    help: 'Slots cache lookups while the cache is live, by result (hit or miss)',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, cache?.hits ?? 0);
      this.inc({ result: 'miss' }, cache?.misses ?? 0);
    },
  });
  const { database } = app.ctx;
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (in_use, idle), and requests waiting for one (waiting)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 };
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  // Every Bot API call goes through this transformer: the notifications without touching their code.
  bot?.api.config.use(async (previous, method, payload, signal) => {
    try {
      const result = await previous(method, payload, signal);
      if (TELEGRAM_SENDS.has(method)) notifications.inc({ method, result: result.ok ? 'sent' : 'failed' });
      return result;
    } catch (error) {
      if (TELEGRAM_SENDS.has(method)) notifications.inc({ method, result: 'failed' });
      throw error;
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    const source = BOOKING_CREATORS[route];
    if (source && request.method === 'POST' && reply.statusCode === 201 && !reply.getHeader('idempotent-replayed'))
      bookings.inc({ source });
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameToken(given, token)) return reply.status(401).header('www-authenticate', 'Bearer').send(errorBody(notAuthenticated()));
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
