/**
 * PostgreSQL outages, through a TCP proxy this test can cut: requests during
 * the cut get 503 within 3 s, a cut in the middle of writes leaves no partial
 * rows, and the service serves again by itself once the proxy is back.
 * PostgreSQL only (PGlite is in-process: there is no connection to lose).
 */
import { createServer, Socket, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { isDatabaseUnavailable } from '../../../src/http/errors.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app.js';
import { openDatabase, type Database } from '../../../src/db/client.js';
import { SettableClock } from '../../../src/core/clock.js';
import { DEFAULT_NOW, testConfig, uniquePhone } from '../../helpers/app.js';

type Mode = 'open' | 'reset' | 'blackhole';

/** Forwards to PostgreSQL; 'reset' drops every connection and refuses new ones, 'blackhole' lets bytes vanish. */
async function startProxy(target: { host: string; port: number }) {
  let mode: Mode = 'open';
  const pairs = new Set<[Socket, Socket]>();
  const server: Server = createServer((client) => {
    if (mode === 'reset') return client.destroy();
    const upstream = new Socket().connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const forward = (from: Socket, to: Socket) =>
      from.on('data', (chunk) => {
        if (mode === 'open') to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    set(next: Mode) {
      mode = next;
      if (next !== 'reset') return;
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [a, b] of pairs) {
          a.destroy();
          b.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('PostgreSQL outage (through a cuttable proxy)', () => {
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let database: Database;
  let app: FastifyInstance;
  let direct: pg.Pool;
  let slug: string;
  let serviceId: number;
  let businessId: number;

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, token?: string) => {
    const started = Date.now();
    const response = await app.inject({
      method,
      url,
      payload: payload as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.statusCode, body: response.json() as any, ms: Date.now() - started };
  };
  const book = (time: string) =>
    call('POST', `/api/v1/public/${slug}/booking`, {
      service_id: serviceId,
      date: '2026-12-02',
      time,
      first_name: 'Алия',
      phone: uniquePhone(),
    });

  async function waitUntilReady(limitMs: number) {
    const started = Date.now();
    for (;;) {
      const ready = await call('GET', '/readyz');
      if (ready.status === 200) return Date.now() - started;
      if (Date.now() - started > limitMs) throw new Error(`not ready after ${limitMs} ms: ${JSON.stringify(ready.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    const url = new URL(inject('postgresUrl'));
    proxy = await startProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const proxied = new URL(url);
    proxied.port = String(proxy.port);
    // The production defaults of openDatabase: no timeouts passed in.
    database = await openDatabase({ databaseUrl: proxied.toString(), dataDir: '' });
    app = await buildApp({ config: testConfig(), clock: new SettableClock(DEFAULT_NOW), database });
    await app.ready();
    direct = new pg.Pool({ connectionString: url.toString(), max: 2 });

    const phone = uniquePhone();
    const registered = await call('POST', '/api/v1/auth/register', {
      email: `fault${Date.now()}@example.kz`,
      password: 'long enough password',
      full_name: 'Владелец',
      business_name: 'Салон',
      phone,
      service: { name: 'Стрижка', duration: 30, price: 3000 },
    });
    expect(registered.status).toBe(201);
    slug = registered.body.business.slug;
    serviceId = registered.body.service.id;
    businessId = registered.body.business.id;
    const master = await call('POST', '/api/v1/masters', { name: 'Мастер', service_ids: [serviceId] }, registered.body.access_token);
    expect(master.status).toBe(201);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    await proxy?.close();
    await direct?.end();
  });

  it.each(['reset', 'blackhole'] as const)(
    '%s: 503 within 3 s during the cut, serving again after it',
    async (mode) => {
      expect((await book('09:00')).status).toBe(201); // warm pool connections
      proxy.set(mode);
      const during = await Promise.all([call('GET', '/readyz'), call('GET', `/api/v1/public/${slug}/services`), book('09:30')]);
      for (const response of during) {
        expect(response.status, JSON.stringify(response.body)).toBe(503);
        expect(response.body.detail).toMatch(/unavailable/i);
        expect(response.ms).toBeLessThan(3000);
      }
      expect((await call('GET', '/healthz')).status).toBe(200); // the process itself is alive
      const again = await call('GET', `/api/v1/public/${slug}/services`);
      expect(again.status).toBe(503);
      expect(again.ms).toBeLessThan(3000);

      proxy.set('open');
      expect(await waitUntilReady(10_000)).toBeLessThan(10_000);
      expect((await book(mode === 'reset' ? '10:00' : '10:30')).status).toBe(201);
    },
    60_000,
  );

  it('blackhole: the slots cache stops answering from memory once its LISTEN connection misses a heartbeat, and caches again after', async () => {
    const url = `/api/v1/public/${slug}/slots?date=2026-12-04`;
    await expect.poll(() => app.ctx.slotsCache?.live, { timeout: 10_000 }).toBe(true);
    expect((await call('GET', url)).status).toBe(200);
    proxy.set('blackhole');
    // No error, no RST: only the heartbeat (SELECT 1 every 5 s, 2 s to answer) tells the connection is gone.
    await expect.poll(() => app.ctx.slotsCache?.live, { timeout: 10_000, interval: 200 }).toBe(false);
    const during = await call('GET', url);
    expect(during.status).toBe(503);
    proxy.set('open');
    await waitUntilReady(10_000);
    await expect.poll(() => app.ctx.slotsCache?.live, { timeout: 10_000 }).toBe(true);
    expect((await call('GET', url)).status).toBe(200);
  }, 60_000);

  it('blackhole inside a transaction: it fails within 3 s (its ROLLBACK does not wait again) and the pool recovers', async () => {
    const started = Date.now();
    const failed = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        proxy.set('blackhole');
        await tx.execute(sql`select 2`);
      })
      .then(
        () => 'committed',
        (error: Error) => error,
      );
    const outcome = await failed;
    const elapsed = Date.now() - started;
    proxy.set('open');
    expect(outcome).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(outcome)).toBe(true);
    expect(elapsed).toBeLessThan(3000);
    await waitUntilReady(10_000);
    expect((await book('16:00')).status).toBe(201);
  }, 60_000);

  it('a cut in the middle of concurrent writes leaves no partial rows; retries with the Idempotency-Key settle every request once', async () => {
    const requests = Array.from({ length: 24 }, (_, i) => ({
      key: `fault-${Date.now()}-${i}`,
      body: {
        service_id: serviceId,
        date: '2026-12-03',
        time: `1${1 + Math.floor(i / 6)}:${String((i % 6) * 10).padStart(2, '0')}`,
        first_name: 'Алия',
        phone: uniquePhone(),
      },
    }));
    const send = ({ key, body }: (typeof requests)[number]) =>
      app.inject({ method: 'POST', url: `/api/v1/public/${slug}/booking`, payload: body, headers: { 'idempotency-key': key } });
    const pending = requests.map(send);
    await new Promise((resolve) => setTimeout(resolve, 15));
    proxy.set('reset');
    const first = await Promise.all(pending);
    proxy.set('open');
    await waitUntilReady(10_000);
    expect(first.every((response) => response.statusCode === 201 || response.statusCode === 503)).toBe(true);

    // A 503 may still have committed (the reply to COMMIT was lost): the retry returns that booking, never a second one.
    const settled = await Promise.all(requests.map((request, i) => (first[i]!.statusCode === 201 ? first[i]! : send(request))));
    expect(settled.map((response) => response.statusCode)).toEqual(requests.map(() => 201));
    const ids = settled.map((response) => response.json().id as string);
    expect(new Set(ids).size).toBe(requests.length);

    const { rows } = await direct.query<{ id: string }>(
      `select id from bookings where business_id = $1 and start_at::date = '2026-12-03'`,
      [businessId],
    );
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(ids));
    // No client row was left behind by a booking that rolled back, and every key names its booking.
    const orphans = await direct.query(
      `select c.id from clients c where c.business_id = $1 and not exists (select 1 from bookings b where b.client_id = c.id)`,
      [businessId],
    );
    expect(orphans.rows).toEqual([]);
    const keys = await direct.query(
      `select count(*)::int as n from idempotency_keys where business_id = $1 and key like 'public|fault-%'`,
      [businessId],
    );
    expect(keys.rows[0].n).toBe(requests.length);
  }, 60_000);
});
