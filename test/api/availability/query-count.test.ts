/**
 * The slots endpoint answers a date with a fixed number of queries,
 * whatever the number of masters and bookings (no N+1), on both databases;
 * a public booking takes two round trips, and one more to announce it after its commit.
 */
import { describe, expect, it } from 'vitest';
import { dbKind, registerBusiness, uniquePhone, useTestApp, type RegisteredBusiness, type TestApp } from '../../helpers/app.js';
import { bookingRequest, createMaster, createService } from '../../helpers/catalog.js';

const queries: string[] = [];
const t: TestApp = useTestApp({ onQuery: (query) => queries.push(query) });
const DATE = '2026-11-24';
/** The masters' lock: its statement, or on PostgreSQL its EXECUTE once prepared on the connection (db/transaction.ts). */
const LOCK = /for no key update|EXECUTE locked_masters/i;

async function businessWithMasters(count: number) {
  const owner = await registerBusiness(t);
  const masterIds: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const master = await t.op('post', '/api/v1/masters', {
      token: owner.token,
      body: { name: `Мастер ${i + 1}`, service_ids: [owner.service.id] },
    });
    expect(master.statusCode).toBe(201);
    masterIds.push(master.data.id);
    for (const time of ['10:00', '15:00']) {
      const booking = await bookingRequest(t, owner, { master_id: master.data.id, date: DATE, time });
      expect(booking.statusCode).toBe(201);
    }
  }
  return { slug: owner.business.slug, masterIds };
}

/** Queries run by one GET, and its answer. */
async function queriesOf(url: string) {
  queries.length = 0;
  const response = await t.call({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return { count: queries.length, body: response.data };
}

describe('slots query count', () => {
  it('is the same for 1 and 10 masters, without master_id', async () => {
    const one = await businessWithMasters(1);
    const ten = await businessWithMasters(10);
    const forOne = await queriesOf(`/api/v1/public/${one.slug}/slots?date=${DATE}`);
    const forTen = await queriesOf(`/api/v1/public/${ten.slug}/slots?date=${DATE}`);
    // The bookings were read: with every master busy at 10:00 the whole business is.
    expect(forTen.body.busy_intervals).toContainEqual(['10:00', '11:00']);
    expect(forOne.body.busy_intervals).toContainEqual(['10:00', '11:00']);
    expect(forTen.count).toBe(forOne.count);
    expect(forOne.count).toBe(1); // business, schedules, masters and bookings in one round trip
  });

  it('is the same for 1 and 10 masters, with master_id', async () => {
    const one = await businessWithMasters(1);
    const ten = await businessWithMasters(10);
    const forOne = await queriesOf(`/api/v1/public/${one.slug}/slots?date=${DATE}&master_id=${one.masterIds[0]}`);
    const forTen = await queriesOf(`/api/v1/public/${ten.slug}/slots?date=${DATE}&master_id=${ten.masterIds[9]}`);
    expect(forTen.body.busy_intervals).toEqual([
      ['10:00', '11:00'],
      ['13:00', '14:00'],
      ['15:00', '16:00'],
    ]);
    expect(forTen.count).toBe(forOne.count);
    expect(forOne.count).toBe(1); // business, schedules, masters and bookings in one round trip
  });

  it('is none for a repeated request: the answer is kept until a write changes it', async () => {
    const ten = await businessWithMasters(10);
    const url = `/api/v1/public/${ten.slug}/slots?date=${DATE}`;
    const first = await queriesOf(url);
    expect(first.count).toBe(1);
    // On PostgreSQL the NOTIFYs of the bookings just made arrive a moment later and may drop the
    // first answer once: the cache holds it from then on.
    await expect.poll(async () => (await queriesOf(url)).count, { timeout: 3000 }).toBe(0);
    expect((await queriesOf(url)).body).toEqual(first.body);
  });
});

describe('booking query count', () => {
  it('is two for a booking that names its master (a lookup of business, service, master and provider chats; the insert), then its announcement', async () => {
    const owner = await registerBusiness(t);
    const master = await t.op('post', '/api/v1/masters', { token: owner.token, body: { name: 'Мастер', service_ids: [owner.service.id] } });
    expect(master.statusCode).toBe(201);
    queries.length = 0;
    const booking = await bookingRequest(t, owner, { master_id: master.data.id, date: DATE, time: '12:00' });
    expect(booking.statusCode, booking.body).toBe(201);
    expect(queries).toHaveLength(3);
    expect(queries[1]).toMatch(/^\s*WITH client AS \(\s*INSERT INTO "clients"/);
    // After the commit, not inside it (drizzle/0010).
    expect(queries[2]).toMatch(/^SELECT pg_notify\(/);
  });

  it('with if_free (CONTRACT.md §19): the lookup, then the lock (with BEGIN), the day and the insert in one transaction, then its announcement (with COMMIT)', async () => {
    const owner = await registerBusiness(t);
    const master = await t.op('post', '/api/v1/masters', { token: owner.token, body: { name: 'Мастер', service_ids: [owner.service.id] } });
    queries.length = 0;
    const booking = await bookingRequest(t, owner, { master_id: master.data.id, date: DATE, time: '12:00', if_free: true });
    expect(booking.statusCode, booking.body).toBe(201);
    const statements = queries.filter((query) => !/^\s*(begin|commit)\s*$/i.test(query));
    if (dbKind() === 'postgres') {
      // Three round trips for the transaction (db/transaction.ts): "BEGIN; <the lock>; <the day>" in one
      // message (each prepared by name the first time on a connection), the insert, "COMMIT; <the announcement>".
      expect(statements).toHaveLength(4);
      expect(statements[1]).toMatch(
        new RegExp(
          "^BEGIN; (PREPARE locked_masters AS SELECT .* FOR NO KEY UPDATE; )?EXECUTE locked_masters\\('\\{\\d+\\}'\\); " +
            '(PREPARE locked_day_one_master AS select .*json_agg.*; )?EXECUTE locked_day_one_master\\(',
          'is',
        ),
      );
      expect(statements[2]).toMatch(/^\s*WITH client AS \(\s*INSERT INTO "clients"/);
      expect(statements[3]).toMatch(/^COMMIT; SELECT pg_notify\(/);
    } else {
      expect(statements).toHaveLength(5);
      expect(statements[1]).toMatch(/for no key update/i);
      expect(statements[2]).toMatch(/json_agg/); // the day as GET /slots reads it, one query
      expect(statements[3]).toMatch(/^\s*WITH client AS \(\s*INSERT INTO "clients"/);
      expect(statements[4]).toMatch(/^SELECT pg_notify\(/);
    }
  });

  it('with if_free and "any master": the candidates come with the lookup, whatever their number', async () => {
    const owner = await registerBusiness(t);
    for (const name of ['Первая', 'Вторая', 'Третья'])
      await t.op('post', '/api/v1/masters', { token: owner.token, body: { name, service_ids: [owner.service.id] } });
    queries.length = 0;
    const booking = await bookingRequest(t, owner, { date: DATE, time: '12:00', if_free: true });
    expect(booking.statusCode, booking.body).toBe(201);
    // As with a named master: the lookup, then the transaction (on PostgreSQL the day goes with the lock).
    const statements = queries.filter((query) => !/^\s*(begin|commit)\s*$/i.test(query));
    expect(statements).toHaveLength(dbKind() === 'postgres' ? 4 : 5);
    expect(statements.filter((query) => /"master_services"/.test(query))).toHaveLength(1); // the lookup's
  });
});

describe('a visit query count', () => {
  /** A business with four services and one master doing them all, and three more masters with bookings that day. */
  async function salonOfFour() {
    const owner = await registerBusiness(t);
    const services = [owner.service.id];
    for (const name of ['Борода', 'Укладка', 'Брови'])
      services.push((await createService(t, owner, { name, duration: 30, price: 2000 })).id);
    const master = await createMaster(t, owner, 'Ерлан', services);
    for (const name of ['Дана', 'Сауле', 'Айгуль']) {
      const other = await createMaster(t, owner, name, services);
      expect((await bookingRequest(t, owner, { master_id: other.id, date: DATE, time: '12:00' })).statusCode).toBe(201);
    }
    return { owner, services, master: master.id };
  }

  async function visitQueries(owner: RegisteredBusiness, items: { service_id: number; master_id: number }[], time: string) {
    queries.length = 0;
    const visit = await t.op('post', '/api/v1/public/{slug}/visits', {
      path: { slug: owner.business.slug },
      body: { items, date: DATE, time, first_name: 'Алия', phone: uniquePhone() },
    });
    expect(visit.statusCode, visit.body).toBe(201);
    return queries.slice(
      0,
      queries.findIndex((query) => LOCK.test(query)),
    );
  }

  it("reads its items' services and masters in two queries, whatever the number of items", async () => {
    const { owner, services, master } = await salonOfFour();
    const two = await visitQueries(
      owner,
      services.slice(0, 2).map((id) => ({ service_id: id, master_id: master })),
      '09:00',
    );
    const four = await visitQueries(
      owner,
      services.map((id) => ({ service_id: id, master_id: master })),
      '14:00',
    );
    expect(four).toHaveLength(two.length);
    expect(four.filter((query) => /"master_services"/.test(query))).toHaveLength(1);
    // Its items are announced in one statement after the commit (with it, on PostgreSQL), the slots forgotten once.
    const announcement = queries.filter((query) => /pg_notify/.test(query));
    expect(announcement).toHaveLength(1);
    expect(announcement[0]!.match(/'booking_changed'/g)).toHaveLength(4);
    expect(announcement[0]!.match(/'availability_changed'/g)).toHaveLength(1);
  });

  it("with one master, reads that master's bookings of the day, not every master's", async () => {
    const { owner, services, master } = await salonOfFour();
    await visitQueries(
      owner,
      services.slice(0, 2).map((id) => ({ service_id: id, master_id: master })),
      '09:00',
    );
    if (dbKind() === 'postgres') expect(queries.some((query) => /EXECUTE locked_day_one_master\(/.test(query))).toBe(true);
    else expect(queries.find((query) => /json_agg/.test(query))).toMatch(/"bookings"\."master_id" = \$/);
  });
});
