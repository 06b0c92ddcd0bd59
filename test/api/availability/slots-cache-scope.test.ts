/**
 * The slots cache forgets exactly what a write changes: one business, on a
 * write to the rows its answers are computed from (services and their masters
 * included), told by the database's NOTIFY. Logins, webhooks and writes that
 * change no availability keep every answer; the writer's own next read, and
 * another instance's, see the change at once.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, registerBusiness, useOtherInstance, useTestApp, type RegisteredBusiness, type TestApp } from '../../helpers/app.js';
import { book, createMaster, createService } from '../../helpers/catalog.js';

const TUESDAY = '2026-11-24';
const WEEK_END = '2026-11-27';
const queries: string[] = [];
const t: TestApp = useTestApp({ onQuery: (query) => queries.push(query) });

type Call = TestApp['call'];
type Days = { date: string; available: boolean; day_off: boolean }[];

const slotsUrl = (owner: RegisteredBusiness) => `/api/v1/public/${owner.business.slug}/slots?date=${TUESDAY}`;
const daysUrl = (owner: RegisteredBusiness, serviceId: number) =>
  `/api/v1/public/${owner.business.slug}/days?service_id=${serviceId}&from=${TUESDAY}&to=${WEEK_END}`;

/** The answer and how many queries it took (0: from the cache). */
async function read<T>(call: Call, url: string): Promise<{ body: T; queries: number }> {
  queries.length = 0;
  const response = await call({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.data as T, queries: queries.length };
}

/**
 * Until the answer comes from the cache: on PostgreSQL the notifications of the writes that set
 * the business up arrive a moment after their requests and may drop it once more.
 */
const cached = (call: Call, url: string) => expect.poll(async () => (await read(call, url)).queries, { timeout: 3000 }).toBe(0);

const tuesday = (days: Days) => days.find((day) => day.date === TUESDAY)!;

async function put(call: Call, owner: RegisteredBusiness, url: string, payload: Record<string, unknown>) {
  const response = await call({ method: 'PUT', url: `/api/v1${url}`, token: owner.token, payload });
  expect(response.statusCode, response.body).toBe(200);
}

/** A one-hour service that only `linked` performs, and `other`, off on Tuesdays, who does not. */
async function linkSetUp(call: Call, owner: RegisteredBusiness) {
  const app = apiCaller(call);
  const service = await createService(app, owner, { duration: 60 });
  const linked = await createMaster(app, owner, 'Мастер', [service.id]);
  await createMaster(app, owner, 'Второй', []);
  const week = (await call({ method: 'POST', url: `/api/v1/schedule/master/${linked.id}`, token: owner.token })).data as {
    id: number;
    day_of_week: number;
  }[];
  await put(call, owner, `/schedule/${week.find((row) => row.day_of_week === 1)!.id}`, { is_active: false });
  return { service, linked };
}

describe('slots cache: what a write forgets', () => {
  let owner: RegisteredBusiness;
  beforeAll(async () => {
    owner = await registerBusiness(t);
    await createMaster(t, owner);
  });

  it('keeps every answer through a login, a webhook call and a write that changes no availability', async () => {
    await cached(t.call, slotsUrl(owner));
    await cached(t.call, daysUrl(owner, owner.service.id));
    const login = await t.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: owner.user.email, password: 'correct horse battery' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/v1/messenger/webhook', payload: { update_id: 1 } })).statusCode).toBe(401);
    const category = await t.call({ method: 'POST', url: '/api/v1/categories', token: owner.token, payload: { name: 'Волосы' } });
    expect(category.statusCode, category.body).toBe(201);
    expect((await read(t.call, slotsUrl(owner))).queries).toBe(0);
    expect((await read(t.call, daysUrl(owner, owner.service.id))).queries).toBe(0);
  });

  it("keeps another business's answers when one business changes through the API", async () => {
    const other = await registerBusiness(t);
    await cached(t.call, slotsUrl(other));
    await cached(t.call, daysUrl(other, other.service.id));
    await cached(t.call, slotsUrl(owner));
    await book(t, owner, { date: TUESDAY, time: '15:00' });
    await put(t.call, owner, `/services/${owner.service.id}`, { price: 7000 });
    expect((await read<{ busy_intervals: [string, string][] }>(t.call, slotsUrl(owner))).body.busy_intervals).toContainEqual([
      '15:00',
      '16:00',
    ]);
    expect((await read(t.call, slotsUrl(other))).queries).toBe(0);
    expect((await read(t.call, daysUrl(other, other.service.id))).queries).toBe(0);
  });

  it('forgets every business on a notification that names none', async () => {
    await cached(t.call, slotsUrl(owner));
    await t.database.db.execute(sql`NOTIFY availability_changed`);
    await expect.poll(async () => (await read(t.call, slotsUrl(owner))).queries, { timeout: 3000 }).toBe(1);
  });

  it("answers the writer's next date strip with a service's new duration", async () => {
    const business = await registerBusiness(t);
    const url = daysUrl(business, business.service.id);
    await cached(t.call, url);
    expect(tuesday((await read<Days>(t.call, url)).body).available).toBe(true);
    // Five hours fit neither 09:00-13:00 nor 14:00-18:00.
    await put(t.call, business, `/services/${business.service.id}`, { duration: 300 });
    expect(tuesday((await read<Days>(t.call, url)).body)).toEqual({ date: TUESDAY, available: false, day_off: false });
  });

  it("answers the writer's next date strip with a master newly assigned to the service", async () => {
    const business = await registerBusiness(t);
    const { service } = await linkSetUp(t.call, business);
    const url = daysUrl(business, service.id);
    await cached(t.call, url);
    expect(tuesday((await read<Days>(t.call, url)).body).day_off).toBe(true);
    const second = (await t.call({ method: 'GET', url: '/api/v1/masters', token: business.token })).data.find(
      (m: { name: string }) => m.name === 'Второй',
    );
    await put(t.call, business, `/masters/${second.id}`, { service_ids: [service.id] });
    expect(tuesday((await read<Days>(t.call, url)).body)).toEqual({ date: TUESDAY, available: true, day_off: false });
  });

  it("answers the writer's next slots with its schedule change", async () => {
    const business = await registerBusiness(t);
    await cached(t.call, slotsUrl(business));
    const week = (await t.call({ method: 'GET', url: '/api/v1/schedule', token: business.token })).data as {
      id: number;
      day_of_week: number;
    }[];
    await put(t.call, business, `/schedule/${week.find((row) => row.day_of_week === 1)!.id}`, { start_time: '08:00' });
    expect((await read<{ work_start: string }>(t.call, slotsUrl(business))).body.work_start).toBe('08:00');
  });
});

describe('slots cache: a write through another instance', () => {
  const other = useOtherInstance(t);

  it("is in this instance's very next date strip: a service's new duration", async () => {
    const business = await registerBusiness({ call: other.call });
    const url = daysUrl(business, business.service.id);
    await cached(t.call, url);
    await put(other.call, business, `/services/${business.service.id}`, { duration: 300 });
    expect(tuesday((await read<Days>(t.call, url)).body).available).toBe(false);
  });

  it("is in this instance's very next date strip: a master newly assigned to the service", async () => {
    const business = await registerBusiness({ call: other.call });
    const { service } = await linkSetUp(other.call, business);
    const url = daysUrl(business, service.id);
    await cached(t.call, url);
    expect(tuesday((await read<Days>(t.call, url)).body).day_off).toBe(true);
    const second = (await other.call({ method: 'GET', url: '/api/v1/masters', token: business.token })).data.find(
      (m: { name: string }) => m.name === 'Второй',
    );
    await put(other.call, business, `/masters/${second.id}`, { service_ids: [service.id] });
    expect(tuesday((await read<Days>(t.call, url)).body).day_off).toBe(false);
  });

  it("is in this instance's very next date strip and slots: the booking that fills the day", async () => {
    const business = await registerBusiness({ call: other.call });
    const app = apiCaller(other.call);
    const service = await createService(app, business, { duration: 240 });
    const master = await createMaster(app, business, 'Мастер', [service.id]);
    await book(app, business, { service_id: service.id, master_id: master.id, date: TUESDAY, time: '09:00' });
    const url = daysUrl(business, service.id);
    await cached(t.call, url);
    await cached(t.call, slotsUrl(business));
    expect(tuesday((await read<Days>(t.call, url)).body).available).toBe(true);
    await book(app, business, { service_id: service.id, master_id: master.id, date: TUESDAY, time: '14:00' });
    expect(tuesday((await read<Days>(t.call, url)).body).available).toBe(false);
    expect((await read<{ busy_intervals: [string, string][] }>(t.call, slotsUrl(business))).body.busy_intervals).toEqual([
      ['09:00', '18:00'],
    ]);
  });
});
