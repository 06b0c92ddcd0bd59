/**
 * GET /events (CONTRACT.md §13): a text/event-stream of the business's booking changes, read over a
 * real port with fetch streaming, as the panel reads it. Changes through this instance or another
 * one on the same database arrive within 2 s; another business's never do.
 */
import { get } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { openDatabase, type Database } from '../../../src/db/client.js';
import { readSse } from '../../../web/src/shared/sse.js';
import {
  dbKind,
  openTestDatabase,
  registerBusiness,
  testConfig,
  uniquePhone,
  useTestApp,
  type RegisteredBusiness,
} from '../../helpers/app.js';
import { book, bookingRequest, createMaster, createService } from '../../helpers/catalog.js';

const t = useTestApp();

interface Change {
  id: string;
  status: string;
  change: string;
}

const streams: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(streams.map((stream) => stream.close()));
});

async function openStream(base: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/v1/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  const changes: Change[] = [];
  let ended = false;
  const reading = readSse(response, (message) => {
    if (message.event === 'booking') changes.push(JSON.parse(message.data) as Change);
  })
    .catch(() => undefined)
    .finally(() => {
      ended = true;
    });
  const stream = {
    response,
    changes,
    ended: () => ended,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
  streams.push(stream);
  return stream;
}

const arrives = (stream: { changes: Change[] }, expected: Partial<Change>) =>
  expect.poll(() => stream.changes, { timeout: 2000, interval: 20 }).toContainEqual(expect.objectContaining(expected));

let base: string;
let owner: RegisteredBusiness;
let other: RegisteredBusiness;
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await registerBusiness(t);
  other = await registerBusiness(t);
  await createMaster(t, owner);
  await createMaster(t, other);
});

describe('GET /events', () => {
  it('streams created, updated and deleted changes of the business, and nothing of another', async () => {
    const mine = await openStream(base, owner.token);
    const theirs = await openStream(base, other.token);
    expect(mine.response.status).toBe(200);
    expect(mine.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(mine.response.headers.get('cache-control')).toBe('no-cache');
    expect(mine.response.headers.get('content-encoding')).toBeNull();

    const foreign = await book(t, other, { time: '12:00' });
    const booking = await book(t, owner);
    await arrives(mine, { id: booking.id, status: 'pending', change: 'created' });
    const patch = (payload: object) =>
      t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id: booking.id }, body: payload });
    expect((await patch({ status: 'confirmed' })).statusCode).toBe(200);
    await arrives(mine, { id: booking.id, status: 'confirmed', change: 'updated' });
    expect((await patch({ time: '15:00' })).statusCode).toBe(200);
    await expect.poll(() => mine.changes.length, { timeout: 2000 }).toBe(3);
    expect((await t.op('delete', '/api/v1/bookings/{id}', { token: owner.token, path: { id: booking.id } })).statusCode).toBe(204);
    await arrives(mine, { id: booking.id, change: 'deleted' });

    expect(mine.changes).toEqual([
      { id: booking.id, status: 'pending', change: 'created', visit_id: null },
      { id: booking.id, status: 'confirmed', change: 'updated', visit_id: null },
      { id: booking.id, status: 'confirmed', change: 'updated', visit_id: null },
      // DELETE cancels first (the client is told), then removes.
      { id: booking.id, status: 'cancelled', change: 'updated', visit_id: null },
      { id: booking.id, status: 'cancelled', change: 'deleted', visit_id: null },
    ]);
    // The other business's booking was made first on the same channel: had it leaked, it would be here by now.
    expect(theirs.changes).toEqual([{ id: foreign.id, status: 'pending', change: 'created', visit_id: null }]);
  });

  it('takes an API key of the business; refuses a missing or bad token with 401', async () => {
    const key = await t.op('post', '/api/v1/api-keys', { token: owner.token, body: { name: 'CRM' } });
    const stream = await openStream(base, key.data.key);
    expect(stream.response.status).toBe(200);
    const booking = await book(t, owner, { time: '16:00' });
    await arrives(stream, { id: booking.id, change: 'created' });

    expect((await t.op('get', '/api/v1/events')).statusCode).toBe(401);
    expect((await t.op('get', '/api/v1/events', { token: 'nonsense' })).statusCode).toBe(401);
    expect((await t.op('get', '/api/v1/events', { token: 'bk_unknownunknownunknownunknownunknown' })).statusCode).toBe(401);
  });

  it('is declared in the OpenAPI document as a text/event-stream under the events tag', async () => {
    const document = (await t.call({ method: 'GET', url: '/api/docs/json' })).data;
    const operation = document.paths['/api/v1/events'].get;
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/event-stream']);
    expect(operation.tags).toEqual(['events']);
    expect(document.tags.map((tag: { name: string }) => tag.name)).toContain('events');
  });
});

describe('GET /events hears of the bookings announced with their commit (db/transaction.ts)', () => {
  it('an if_free booking, and every item of a visit with its visit_id', async () => {
    const salon = await registerBusiness(t);
    const beard = await createService(t, salon, { name: 'Борода', duration: 30, price: 3000 });
    const master = await createMaster(t, salon, 'Ерлан', [salon.service.id, beard.id]);
    const stream = await openStream(base, salon.token);
    const single = await bookingRequest(t, salon, { master_id: master.id, date: '2026-11-24', time: '10:00', if_free: true });
    expect(single.statusCode, single.body).toBe(201);
    await arrives(stream, { id: single.data.id, status: 'pending', change: 'created' });
    const visit = await t.op('post', '/api/v1/public/{slug}/visits', {
      path: { slug: salon.business.slug },
      body: {
        items: [
          { service_id: salon.service.id, master_id: master.id },
          { service_id: beard.id, master_id: master.id },
        ],
        date: '2026-11-24',
        time: '14:00',
        first_name: 'Алия',
        phone: uniquePhone(),
      },
    });
    expect(visit.statusCode, visit.body).toBe(201);
    for (const item of visit.data.bookings)
      await arrives(stream, { id: item.id, change: 'created', visit_id: visit.data.id } as Partial<Change>);
  });
});

describe('a stream whose credential ends (CONTRACT.md §11, third pass)', () => {
  const endsWithin2s = (stream: { ended(): boolean }) => expect.poll(() => stream.ended(), { timeout: 2000, interval: 20 }).toBe(true);

  it('ends within 2 s of its API key being revoked', async () => {
    const key = await t.op('post', '/api/v1/api-keys', { token: owner.token, body: { name: 'Leaked' } });
    const stream = await openStream(base, key.data.key);
    expect(stream.response.status).toBe(200);
    const revoked = await t.op('delete', '/api/v1/api-keys/{id}', { token: owner.token, path: { id: key.data.id } });
    expect(revoked.statusCode).toBe(204);
    await endsWithin2s(stream);
  });

  it('ends within 2 s of a password change ending its session; the new session streams', async () => {
    const someone = await registerBusiness(t);
    const stream = await openStream(base, someone.token);
    expect(stream.response.status).toBe(200);
    const changed = await t.op('post', '/api/v1/auth/password', {
      token: someone.token,
      body: { current_password: 'correct horse battery', new_password: 'a brand new password' },
    });
    expect(changed.statusCode).toBe(200);
    await endsWithin2s(stream);
    expect((await openStream(base, changed.data.access_token)).response.status).toBe(200);
  });
});

describe('GET /events with a second instance on the same database', () => {
  let second: FastifyInstance;
  let secondBase: string;
  let database: Database;
  beforeAll(async () => {
    // On PostgreSQL its own pool and LISTEN connection, as another process would have; PGlite is one process's alone.
    database = dbKind() === 'postgres' ? await openTestDatabase() : t.database;
    second = await buildApp({ config: testConfig(), database });
    secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second.close();
    if (database !== t.database) await database.close();
  });

  it("a change through one instance reaches the other's stream within 2 s, and only that business's", async () => {
    const mine = await openStream(secondBase, owner.token);
    const theirs = await openStream(secondBase, other.token);
    const booking = await book(t, owner, { time: '17:00' });
    await arrives(mine, { id: booking.id, status: 'pending', change: 'created' });
    expect(theirs.changes).toEqual([]);
  });

  it('closing the instance ends its open streams at once (shutdown does not wait for them)', async () => {
    const stream = await openStream(secondBase, owner.token);
    const started = performance.now();
    await second.close();
    expect(performance.now() - started).toBeLessThan(3000);
    await expect.poll(() => stream.ended(), { timeout: 2000 }).toBe(true);
    // The reader comes back through an instance still up and hears changes again.
    const again = await openStream(base, owner.token);
    const booking = await book(t, owner, { time: '18:00' });
    await arrives(again, { id: booking.id, change: 'created' });
  });
});

describe.runIf(dbKind() === 'postgres')('GET /events when its LISTEN connection is lost (PostgreSQL)', () => {
  it('ends the open streams (changes may be missed), answers 503 until it listens again, then streams again', async () => {
    // Its own application_name, so the test cuts this app's LISTEN connection and no other file's.
    const name = `booking-events-${process.pid}-${Date.now()}`;
    const url = new URL(inject('postgresUrl'));
    url.searchParams.set('application_name', name);
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    const app = await buildApp({ config: testConfig({ AVAILABILITY_CACHE: '0' }), database });
    try {
      const appBase = await app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(appBase, owner.token);
      await t.database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${name} AND (query ILIKE 'LISTEN%' OR query = 'SELECT 1')`,
      );
      await expect.poll(() => stream.ended(), { timeout: 3000 }).toBe(true);
      // A fresh connection each time (undici would keep the 503 answers' ones open, holding the close below).
      const status = () =>
        new Promise<number>((resolve, reject) => {
          const request = get(
            `${appBase}/api/v1/events`,
            { headers: { authorization: `Bearer ${owner.token}` }, agent: false },
            (response) => {
              response.destroy();
              resolve(response.statusCode ?? 0);
            },
          );
          request.on('error', reject);
        });
      expect(await status()).toBe(503);
      await expect.poll(status, { timeout: 5000, interval: 200 }).toBe(200);
      const again = await openStream(appBase, owner.token);
      const booking = await book(t, owner, { time: '19:00' });
      await arrives(again, { id: booking.id, change: 'created' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
