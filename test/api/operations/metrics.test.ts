/**
 * GET /metrics: off (404) unless METRICS_TOKEN is set, then only with the
 * bearer token; Prometheus text with requests per route and status, latency
 * histograms, bookings created, Telegram messages sent/failed, slots cache
 * hits/misses, the database pool and event-loop lag. Each app has its own
 * registry, so several apps live in one process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../../src/db/schema.js';
import { createTestApp, registerBusiness, type RegisteredBusiness, type TestApp } from '../../helpers/app.js';
import { book, createMaster, slots } from '../../helpers/catalog.js';
import { botEnv, useFakeTelegram } from '../../helpers/fake-telegram.js';

const TOKEN = 'metrics-token-0123456789';
const fake = useFakeTelegram();

let t: TestApp;
let second: TestApp;
let owner: RegisteredBusiness;
beforeAll(async () => {
  t = await createTestApp({ env: botEnv(fake, { METRICS_TOKEN: TOKEN }) });
  // A second app with metrics in the same process: no clash of metric names.
  second = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  owner = await registerBusiness(t);
  await createMaster(t, owner);
  await t.database.db
    .insert(subscriptions)
    .values({ contextType: 'PROVIDER_BUSINESS', contextRef: String(owner.business.id), messengerChatId: '7001' });
});
afterAll(async () => {
  for (const app of [t, second]) {
    await app?.app.close();
    await app?.database.close();
  }
});

const scrape = (app: TestApp, authorization?: string) =>
  app.call({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line, e.g. `name{a="b"}`; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_:]+)(\{(.*)\})? (.+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[3] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => have[key] === value)) return Number(match[4]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('is off (404) without METRICS_TOKEN', async () => {
    const off = await createTestApp();
    try {
      expect((await scrape(off, `Bearer ${TOKEN}`)).statusCode).toBe(404);
    } finally {
      await off.app.close();
      await off.database.close();
    }
  });

  it('needs the bearer token: none or a wrong one is a 401', async () => {
    expect((await scrape(t)).statusCode).toBe(401);
    expect((await scrape(t, 'Bearer wrong')).statusCode).toBe(401);
    expect((await scrape(t, TOKEN)).statusCode).toBe(401);
    const ok = await scrape(t, `Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(String(ok.headers['content-type'])).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests and latency per route and status, bookings, Telegram messages, cache lookups, pool and event-loop lag', async () => {
    await book(t, owner);
    // On PostgreSQL the booking's invalidation arrives by NOTIFY, possibly after the next read took its
    // generation (its answer is then not kept, and the read after it misses too): wait until it is applied.
    await t.app.ctx.slotsCache?.catchUp?.();
    await slots(t, owner.business.slug, '2026-11-25');
    await slots(t, owner.business.slug, '2026-11-25');
    fake.mode = 'fail';
    await book(t, owner, { time: '11:00' });
    fake.mode = 'ok';
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;

    const route = '/api/v1/public/:slug/booking';
    expect(sample(text, 'http_requests_total', { method: 'POST', route, status: '201' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'POST', route, status: '201' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { method: 'POST', route, status: '201', le: '+Inf' })).toBe(2);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/metrics', status: '401' })).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'bookings_created_total', { source: 'public' })).toBe(2);
    expect(sample(text, 'telegram_messages_total', { method: 'sendMessage', result: 'sent' })).toBe(1);
    expect(sample(text, 'telegram_messages_total', { method: 'sendMessage', result: 'failed' })).toBe(1);
    if (t.config.availabilityCache && t.app.ctx.slotsCache) {
      expect(sample(text, 'slots_cache_lookups_total', { result: 'hit' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'slots_cache_lookups_total', { result: 'miss' })).toBeGreaterThanOrEqual(1);
    }
    for (const state of ['in_use', 'idle', 'waiting']) expect(sample(text, 'db_pool_connections', { state })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    // Route patterns, never raw paths: a slug does not become a label.
    expect(text).not.toContain(owner.business.slug);
  });

  it('the second app counts only its own requests', async () => {
    await second.call({ method: 'GET', url: '/healthz' });
    const text = (await scrape(second, `Bearer ${TOKEN}`)).body;
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/healthz', status: '200' })).toBe(1);
    expect(sample(text, 'bookings_created_total', { source: 'public' })).toBeUndefined();
  });
});
