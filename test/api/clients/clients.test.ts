/**
 * The clients CRM: GET /clients?q and PUT /clients/{id} (CONTRACT.md §4). Written with `t.op`, the
 * client typed by the served document (test/helpers/typed-call.ts): a field the document does not
 * have fails the typecheck.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOW, registerBusiness, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { book, createMaster } from '../../helpers/catalog.js';
import { expectRefusal } from '../../helpers/refusal.js';

const t = useTestApp();

describe('clients', () => {
  let owner: RegisteredBusiness;
  const list = async (q?: string, token = owner.token) =>
    (await t.op('get', '/api/v1/clients', { token, query: q === undefined ? {} : { q } })).data;

  beforeAll(async () => {
    owner = await registerBusiness(t);
    await createMaster(t, owner);
    await book(t, owner, { first_name: 'Алия', phone: '+7 701 111 22 33', date: '2026-11-24', time: '10:00', notes: 'аллергия' });
    await book(t, owner, { first_name: 'Алия', phone: '87011112233', date: '2026-11-27', time: '12:00', notes: 'кофе' });
    await book(t, owner, { first_name: 'Борис', phone: '7029998877', date: '2026-11-25', time: '15:00' });
  });

  it('lists each client once with bookings_count, last_booking_at and last_visit_at (none yet: all ahead), sorted by name', async () => {
    expect(await list()).toEqual([
      {
        id: expect.any(Number),
        phone: '77011112233',
        first_name: 'Алия',
        notes: 'аллергия\nкофе',
        bookings_count: 2,
        last_booking_at: '2026-11-27T12:00:00',
        last_visit_at: null,
      },
      {
        id: expect.any(Number),
        phone: '77029998877',
        first_name: 'Борис',
        notes: null,
        bookings_count: 1,
        last_booking_at: '2026-11-25T15:00:00',
        last_visit_at: null,
      },
    ]);
  });

  it.each([
    ['алия', ['Алия']],
    ['БОР', ['Борис']],
    ['701 111', ['Алия']],
    ['+7 702', ['Борис']],
    ['8 701 111', ['Алия']], // the Kazakh "8" start finds the stored 7…
    ['8 (702) 999', ['Борис']],
    ['7', ['Алия', 'Борис']],
    ['Жанна', []],
    ['%', []],
    ['  ', ['Алия', 'Борис']],
  ])('q=%j finds %j (name part, case-insensitive, or phone digits)', async (q, names) => {
    expect((await list(q)).map((c) => c.first_name)).toEqual(names);
  });

  it('a client that only exists in another business is not listed', async () => {
    const other = await registerBusiness(t);
    expect(await list(undefined, other.token)).toEqual([]);
  });

  it('PUT updates first_name and notes; notes may be cleared with null', async () => {
    const [boris] = await list('Борис');
    const put = (body: { first_name?: string; notes?: string | null }) =>
      t.op('put', '/api/v1/clients/{id}', { path: { id: boris!.id }, token: owner.token, body });
    const renamed = await put({ first_name: ' Борис К. ', notes: 'VIP' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.data).toEqual({ id: boris!.id, phone: '77029998877', first_name: 'Борис К.', notes: 'VIP' });
    const cleared = await put({ notes: null });
    expect(cleared.data).toEqual({ ...renamed.data, notes: null });
    const unchanged = await put({});
    expect(unchanged.data).toEqual(cleared.data);
    expect((await list('Борис'))[0]).toMatchObject({ first_name: 'Борис К.', notes: null });
    await put({ first_name: 'Борис' });
  });

  it('PUT with a blank first_name is 400', async () => {
    const [boris] = await list('Борис');
    const response = await t.op('put', '/api/v1/clients/{id}', { path: { id: boris!.id }, token: owner.token, body: { first_name: ' ' } });
    expectRefusal(response, 'invalid_input');
    expect(response.problem.errors?.[0]?.field).toBe('first_name');
    expect((await list('Борис'))[0]!.first_name).toBe('Борис');
  });

  it("another business's client is 404 on PUT", async () => {
    const other = await registerBusiness(t);
    const [alia] = await list('Алия');
    const response = await t.op('put', '/api/v1/clients/{id}', { path: { id: alia!.id }, token: other.token, body: { notes: 'x' } });
    expectRefusal(response, 'not_found');
    expect((await list('Алия'))[0]!.notes).toBe('аллергия\nкофе');
  });

  it('the same phone in two businesses is two client records', async () => {
    const other = await registerBusiness(t);
    await createMaster(t, other);
    await book(t, other, { first_name: 'Алия из другого', phone: '+77011112233' });
    const [mine] = await list('Алия');
    const [theirs] = await list(undefined, other.token);
    expect(theirs!.phone).toBe(mine!.phone);
    expect(theirs!.id).not.toBe(mine!.id);
    expect(mine!.first_name).toBe('Алия');
  });
});

describe('the client card and bookings by client (CONTRACT.md §13)', () => {
  let owner: RegisteredBusiness;
  let alia: number;
  let ids: { past: string; cancelled: string; next: string; later: string };

  beforeAll(async () => {
    owner = await registerBusiness(t);
    await createMaster(t, owner);
    const phone = '+7 705 123 45 67';
    const past = await book(t, owner, { first_name: 'Алия', phone, date: '2026-11-24', time: '10:00' });
    const cancelled = await book(t, owner, { first_name: 'Алия', phone, date: '2026-11-25', time: '10:00' });
    const next = await book(t, owner, { first_name: 'Алия', phone, date: '2026-11-27', time: '12:00' });
    const later = await book(t, owner, { first_name: 'Алия', phone, date: '2026-11-30', time: '12:00' });
    await book(t, owner, { first_name: 'Борис', phone: '+7 705 000 00 01', date: '2026-11-24', time: '12:00' });
    const cancel = await t.op('patch', '/api/v1/bookings/{id}', {
      path: { id: cancelled.id },
      token: owner.token,
      body: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    ids = { past: past.id, cancelled: cancelled.id, next: next.id, later: later.id };
    const [client] = (await t.op('get', '/api/v1/clients', { token: owner.token, query: { q: 'Алия' } })).data;
    alia = client!.id;
  });

  const card = (token = owner.token, id = alia) => t.op('get', '/api/v1/clients/{id}', { path: { id }, token });

  it('counts past bookings not cancelled as visits and spent; the next booking and every booking, newest first', async () => {
    t.clock.set('2026-11-26T05:00:00Z'); // Thursday 10:00 in Almaty: the 24th and the cancelled 25th are past
    try {
      const answer = await card();
      expect(answer.statusCode).toBe(200);
      const { bookings, ...figures } = answer.data;
      expect(figures).toEqual({
        id: alia,
        phone: '77051234567',
        first_name: 'Алия',
        notes: null,
        visits: 1,
        total_spent: 5000,
        last_visit_at: '2026-11-24T10:00:00',
        next_booking_at: '2026-11-27T12:00:00',
      });
      expect(bookings.map((booking) => booking.id)).toEqual([ids.later, ids.next, ids.cancelled, ids.past]);
      const one = await t.op('get', '/api/v1/bookings/{id}', { path: { id: ids.past }, token: owner.token });
      expect(bookings[3]).toEqual(one.data);
    } finally {
      t.clock.set(DEFAULT_NOW);
    }
  });

  it('GET /bookings?client_id= lists only that client, with the other filters and paging', async () => {
    const list = (query: { status?: 'cancelled'; limit?: number; offset?: number } = {}) =>
      t.op('get', '/api/v1/bookings', { token: owner.token, query: { client_id: alia, ...query } });
    const all = await list();
    expect(all.data.map((booking) => booking.id)).toEqual([ids.past, ids.cancelled, ids.next, ids.later]);
    expect(all.headers['x-total-count']).toBe('4');
    expect((await list({ status: 'cancelled' })).data.map((booking) => booking.id)).toEqual([ids.cancelled]);
    const page = await list({ limit: 1, offset: 2 });
    expect(page.data.map((booking) => booking.id)).toEqual([ids.next]);
    expect(page.headers['x-total-count']).toBe('4');
  });

  it('holds at most the newest 50 bookings; visits and spent still count them all', async () => {
    const first = await book(t, owner, { first_name: 'Дана', phone: '+7 705 555 00 50', date: '2026-11-24', time: '09:00' });
    // 52 more, a day apart before it, written as the import or psql would; all of those are past.
    await t.database.db.execute(sql`
      INSERT INTO bookings (business_id, service_id, master_id, client_id, status, start_at, end_at, price_snapshot)
      SELECT business_id, service_id, master_id, client_id, 'confirmed', start_at - n * interval '1 day', end_at - n * interval '1 day', price_snapshot
      FROM bookings, generate_series(1, 52) AS n WHERE id = ${first.id}`);
    const [dana] = (await t.op('get', '/api/v1/clients', { token: owner.token, query: { q: 'Дана' } })).data;
    const answer = await card(owner.token, dana!.id);
    expect(answer.statusCode).toBe(200);
    const starts = answer.data.bookings.map((booking) => booking.start_at);
    expect(starts).toHaveLength(50);
    expect(starts[0]).toBe('2026-11-24T09:00:00');
    expect(starts.at(-1)).toBe('2026-10-06T09:00:00');
    expect(answer.data.visits).toBe(52);
    expect(answer.data.total_spent).toBe(52 * owner.service.price);
  });

  it("another business's client is 404 and lists nothing; an unknown id is 404", async () => {
    const other = await registerBusiness(t);
    expectRefusal(await card(other.token), 'not_found');
    const theirs = await t.op('get', '/api/v1/bookings', { token: other.token, query: { client_id: alia } });
    expect(theirs.data).toEqual([]);
    expectRefusal(await card(owner.token, 2147483647), 'not_found');
  });
});
