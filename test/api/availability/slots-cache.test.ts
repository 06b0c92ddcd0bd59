/**
 * Slots answers are kept between requests, and every write that can
 * change one drops it: this instance's own writes at once, any other writer's
 * (another instance, plain SQL) through the database trigger's NOTIFY.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { openDatabase } from '../../../src/db/client.js';
import { schedules } from '../../../src/db/schema.js';
import {
  apiCaller,
  dbKind,
  registerBusiness,
  testConfig,
  useTestApp,
  type ApiCaller,
  type RegisteredBusiness,
  type TestApp,
} from '../../helpers/app.js';
import { bookingRequest, createMaster, slots as slotsRequest } from '../../helpers/catalog.js';

const DATE = '2026-11-24'; // a Tuesday
const queries: string[] = [];
const t: TestApp = useTestApp({ onQuery: (query) => queries.push(query) });

let owner: RegisteredBusiness;
let masterId: number;
beforeAll(async () => {
  owner = await registerBusiness(t);
  masterId = (await createMaster(t, owner)).id;
});

/** TestApp['call'] for an app built here. */
const injector =
  (app: FastifyInstance): TestApp['call'] =>
  async (options) => {
    const response = await app.inject(options);
    return Object.assign(response, { data: JSON.parse(response.body) });
  };

async function slots(master?: number) {
  queries.length = 0;
  const response = await slotsRequest(t, owner.business.slug, DATE, master);
  expect(response.statusCode).toBe(200);
  return { body: response.data, queries: queries.length };
}

/**
 * Until a repeated request is answered from the cache. On PostgreSQL this instance's own writes
 * also come back as NOTIFYs, a moment after their requests answered, and drop the business once more.
 */
const settled = (master?: number) => expect.poll(async () => (await slots(master)).queries, { timeout: 3000 }).toBe(0);

/** A booking of the first service with the master, by a new client 'Алия'. */
const book = (api: ApiCaller, time: string) => bookingRequest(api, owner, { master_id: masterId, date: DATE, time });

describe('slots cache', () => {
  it('answers a repeated request without a query, for both forms', async () => {
    for (const master of [undefined, masterId]) {
      const first = await slots(master);
      expect(first.queries).toBe(1);
      await settled(master);
      const again = await slots(master);
      expect(again.queries).toBe(0);
      expect(again.body).toEqual(first.body);
    }
  });

  it('sends the kept JSON as the documented body, nothing more', async () => {
    for (const master of [undefined, masterId]) {
      await settled(master);
      const response = await slotsRequest(t, owner.business.slug, DATE, master);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Object.keys(response.data).sort()).toEqual(['busy_intervals', 'work_end', 'work_start']);
    }
  });

  it("shows this instance's own booking on the very next request", async () => {
    await slots();
    expect((await book(t, '11:00')).statusCode).toBe(201);
    const after = await slots();
    expect(after.queries).toBe(1);
    expect(after.body.busy_intervals).toContainEqual(['11:00', '12:00']);
  });

  it('drops a business when its schedule is changed by plain SQL, not through the service', async () => {
    await settled();
    await t.database.db
      .update(schedules)
      .set({ startTime: '08:00' })
      .where(sql`${schedules.businessId} = ${owner.business.id} AND ${schedules.masterId} IS NULL AND ${schedules.dayOfWeek} = 1`);
    await expect.poll(async () => (await slots()).body.work_start, { timeout: 3000 }).toBe('08:00');
  });

  it("drops only the changed business's answers", async () => {
    const other = await registerBusiness(t);
    await slotsRequest(t, other.business.slug, DATE);
    await settled();
    await t.database.db.update(schedules).set({ endTime: '21:00' }).where(eq(schedules.businessId, other.business.id));
    await expect.poll(async () => (await slotsRequest(t, other.business.slug, DATE)).data.work_end, { timeout: 3000 }).toBe('21:00');
    expect((await slots()).queries).toBe(0);
  });
});

describe('slots cache with a second instance on the same database', () => {
  let second: FastifyInstance;
  const onSecond = apiCaller((options) => injector(second)(options));
  beforeAll(async () => {
    second = await buildApp({ config: testConfig(), database: t.database });
    await second.ready();
  });
  afterAll(() => second.close());

  it("sees the other instance's booking once its notification arrives", async () => {
    await settled();
    expect((await book(onSecond, '16:00')).statusCode).toBe(201);
    await expect.poll(async () => (await slots()).body.busy_intervals, { timeout: 3000 }).toContainEqual(['16:00', '17:00']);
  });
});

describe('slots cache switched off', () => {
  const off = useTestApp({ env: { AVAILABILITY_CACHE: '0' } });

  it('queries on every request', async () => {
    const business = await registerBusiness(off);
    const first = await slotsRequest(off, business.business.slug, DATE);
    const second = await slotsRequest(off, business.business.slug, DATE);
    expect(first.statusCode).toBe(200);
    expect(second.data).toEqual(first.data);
    expect(off.app.ctx.slotsCache).toBeUndefined();
  });
});

describe.runIf(dbKind() === 'postgres')('slots cache when its LISTEN connection is lost (PostgreSQL)', () => {
  it('keeps nothing until it listens again, then caches again', async () => {
    // Its own application_name, so the test cuts this app's LISTEN connection and no other file's
    // (its last statement: LISTEN, or the SELECT 1 of a heartbeat or a cache hit's catch-up).
    const name = `slots-cache-${process.pid}-${Date.now()}`;
    const url = new URL(inject('postgresUrl'));
    url.searchParams.set('application_name', name);
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', onQuery: (query) => queries.push(query) });
    const app = await buildApp({ config: testConfig(), database });
    try {
      const owner = await registerBusiness(apiCaller(injector(app)));
      const slotsOf = `/api/v1/public/${owner.business.slug}/slots?date=${DATE}`;
      const count = async () => {
        queries.length = 0;
        expect((await app.inject({ method: 'GET', url: slotsOf })).statusCode).toBe(200);
        return queries.length;
      };
      await expect.poll(count, { timeout: 3000 }).toBe(0);
      await t.database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${name} AND (query ILIKE 'LISTEN%' OR query = 'SELECT 1')`,
      );
      await expect.poll(() => app.ctx.slotsCache?.live, { timeout: 3000 }).toBe(false);
      expect(await count()).toBe(1);
      expect(await count()).toBe(1);
      await expect.poll(() => app.ctx.slotsCache?.live, { timeout: 5000 }).toBe(true);
      await expect.poll(count, { timeout: 3000 }).toBe(0);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
