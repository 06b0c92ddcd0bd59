/**
 * The slots cache forgets exactly what a write changes: one business, on a
 * write to the rows its answers are computed from (services and their masters
 * included), told by the database's NOTIFY. Logins, webhooks and writes that
 * change no availability keep every answer; the writer's own next read, and
 * another instance's, see the change at once.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  registerBusiness,
  useOtherInstance,
  useTestApp,
  type ApiCaller,
  type RegisteredBusiness,
  type TestApp,
} from '../../helpers/app.js';
import { book, createMaster, createService } from '../../helpers/catalog.js';

const TUESDAY = '2026-11-24';
const WEEK_END = '2026-11-27';
const queries: string[] = [];
const t: TestApp = useTestApp({ onQuery: (query) => queries.push(query) });

type Days = { date: string; available: boolean; day_off: boolean }[];
type Request<T> = () => Promise<LightMyRequestResponse & { data: T }>;

/** This instance's public slots and date strip of a business, as requests to repeat. */
const slotsOf = (owner: RegisteredBusiness) => () =>
  t.op('get', '/api/v1/public/{slug}/slots', { path: { slug: owner.business.slug }, query: { date: TUESDAY } });
const daysOf = (owner: RegisteredBusiness, serviceId: number) => () =>
  t.op('get', '/api/v1/public/{slug}/days', {
    path: { slug: owner.business.slug },
    query: { service_id: serviceId, from: TUESDAY, to: WEEK_END },
  });

/** The answer and how many queries it took (0: from the cache). */
async function read<T>(request: Request<T>): Promise<{ body: T; queries: number }> {
  queries.length = 0;
  const response = await request();
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.data, queries: queries.length };
}

/**
 * Until the answer comes from the cache: on PostgreSQL the notifications of the writes that set
 * the business up arrive a moment after their requests and may drop it once more.
 */
const cached = (request: Request<unknown>) => expect.poll(async () => (await read(request)).queries, { timeout: 3000 }).toBe(0);

const tuesday = (days: Days) => days.find((day) => day.date === TUESDAY)!;

/** A write (a PUT) that must succeed. */
async function ok(write: Promise<LightMyRequestResponse>) {
  const response = await write;
  expect(response.statusCode, response.body).toBe(200);
}

/** A one-hour service that only `linked` performs, and `other`, off on Tuesdays, who does not. */
async function linkSetUp(api: ApiCaller, owner: RegisteredBusiness) {
  const service = await createService(api, owner, { duration: 60 });
  const linked = await createMaster(api, owner, 'Мастер', [service.id]);
  await createMaster(api, owner, 'Второй', []);
  const week = (await api.op('post', '/api/v1/schedule/master/{master_id}', { token: owner.token, path: { master_id: linked.id } })).data;
  const monday = week.find((row) => row.day_of_week === 1)!;
  await ok(api.op('put', '/api/v1/schedule/{id}', { token: owner.token, path: { id: monday.id }, body: { is_active: false } }));
  return { service, linked };
}

/**
 * linkSetUp through `writer`, its date strip read from this instance's cache (Tuesday a day off), and
 * the write that assigns the second master to the service, through `writer` too.
 */
async function cachedDayOff(writer: ApiCaller) {
  const business = await registerBusiness(writer);
  const { service } = await linkSetUp(writer, business);
  const days = daysOf(business, service.id);
  await cached(days);
  expect(tuesday((await read(days)).body).day_off).toBe(true);
  const assignSecond = async () => {
    const masters = (await writer.op('get', '/api/v1/masters', { token: business.token })).data;
    const second = masters.find((m) => m.name === 'Второй')!.id;
    await ok(
      writer.op('put', '/api/v1/masters/{id}', { token: business.token, path: { id: second }, body: { service_ids: [service.id] } }),
    );
  };
  return { days, assignSecond };
}

describe('slots cache: what a write forgets', () => {
  let owner: RegisteredBusiness;
  beforeAll(async () => {
    owner = await registerBusiness(t);
    await createMaster(t, owner);
  });

  it('keeps every answer through a login, a webhook call and a write that changes no availability', async () => {
    await cached(slotsOf(owner));
    await cached(daysOf(owner, owner.service.id));
    const login = await t.op('post', '/api/v1/auth/login', { body: { email: owner.user.email, password: 'correct horse battery' } });
    expect(login.statusCode, login.body).toBe(200);
    expect((await t.op('post', '/api/v1/messenger/webhook', { body: { update_id: 1 } })).statusCode).toBe(401);
    const category = await t.op('post', '/api/v1/categories', { token: owner.token, body: { name: 'Волосы' } });
    expect(category.statusCode, category.body).toBe(201);
    expect((await read(slotsOf(owner))).queries).toBe(0);
    expect((await read(daysOf(owner, owner.service.id))).queries).toBe(0);
  });

  it("keeps another business's answers when one business changes through the API", async () => {
    const other = await registerBusiness(t);
    await cached(slotsOf(other));
    await cached(daysOf(other, other.service.id));
    await cached(slotsOf(owner));
    await book(t, owner, { date: TUESDAY, time: '15:00' });
    await ok(t.op('put', '/api/v1/services/{id}', { token: owner.token, path: { id: owner.service.id }, body: { price: 7000 } }));
    expect((await read(slotsOf(owner))).body.busy_intervals).toContainEqual(['15:00', '16:00']);
    expect((await read(slotsOf(other))).queries).toBe(0);
    expect((await read(daysOf(other, other.service.id))).queries).toBe(0);
  });

  it('forgets every business on a notification that names none', async () => {
    await cached(slotsOf(owner));
    await t.database.db.execute(sql`NOTIFY availability_changed`);
    await expect.poll(async () => (await read(slotsOf(owner))).queries, { timeout: 3000 }).toBe(1);
  });

  it("answers the writer's next date strip with a service's new duration", async () => {
    const business = await registerBusiness(t);
    const days = daysOf(business, business.service.id);
    await cached(days);
    expect(tuesday((await read(days)).body).available).toBe(true);
    // Five hours fit neither 09:00-13:00 nor 14:00-18:00.
    await ok(t.op('put', '/api/v1/services/{id}', { token: business.token, path: { id: business.service.id }, body: { duration: 300 } }));
    expect(tuesday((await read(days)).body)).toEqual({ date: TUESDAY, available: false, day_off: false });
  });

  it("answers the writer's next date strip with a master newly assigned to the service", async () => {
    const { days, assignSecond } = await cachedDayOff(t);
    await assignSecond();
    expect(tuesday((await read(days)).body)).toEqual({ date: TUESDAY, available: true, day_off: false });
  });

  it("answers the writer's next slots with its schedule change", async () => {
    const business = await registerBusiness(t);
    await cached(slotsOf(business));
    const week = (await t.op('get', '/api/v1/schedule', { token: business.token })).data;
    const monday = week.find((row) => row.day_of_week === 1)!;
    await ok(t.op('put', '/api/v1/schedule/{id}', { token: business.token, path: { id: monday.id }, body: { start_time: '08:00' } }));
    expect((await read(slotsOf(business))).body.work_start).toBe('08:00');
  });
});

describe('slots cache: a write through another instance', () => {
  const other = useOtherInstance(t);

  it("is in this instance's very next date strip: a service's new duration", async () => {
    const business = await registerBusiness(other);
    const days = daysOf(business, business.service.id);
    await cached(days);
    await ok(
      other.op('put', '/api/v1/services/{id}', { token: business.token, path: { id: business.service.id }, body: { duration: 300 } }),
    );
    expect(tuesday((await read(days)).body).available).toBe(false);
  });

  it("is in this instance's very next date strip: a master newly assigned to the service", async () => {
    const { days, assignSecond } = await cachedDayOff(other);
    await assignSecond();
    expect(tuesday((await read(days)).body).day_off).toBe(false);
  });

  it("is in this instance's very next date strip and slots: the booking that fills the day", async () => {
    const business = await registerBusiness(other);
    const service = await createService(other, business, { duration: 240 });
    const master = await createMaster(other, business, 'Мастер', [service.id]);
    await book(other, business, { service_id: service.id, master_id: master.id, date: TUESDAY, time: '09:00' });
    const days = daysOf(business, service.id);
    await cached(days);
    await cached(slotsOf(business));
    expect(tuesday((await read(days)).body).available).toBe(true);
    await book(other, business, { service_id: service.id, master_id: master.id, date: TUESDAY, time: '14:00' });
    expect(tuesday((await read(days)).body).available).toBe(false);
    expect((await read(slotsOf(business))).body.busy_intervals).toEqual([['09:00', '18:00']]);
  });
});
