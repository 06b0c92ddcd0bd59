/** The clients CRM: GET /clients?q and PUT /clients/{id} (CONTRACT.md §4). */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerBusiness, useTestApp, type RegisteredBusiness } from '../helpers/app.js';
import { book, createMaster } from '../helpers/catalog.js';

const t = useTestApp();

type ClientItem = {
  id: number;
  phone: string;
  first_name: string;
  notes: string | null;
  bookings_count: number;
  last_booking_at: string | null;
};

describe('clients', () => {
  let owner: RegisteredBusiness;
  const list = async (q?: string, token = owner.token) =>
    (await t.call({ method: 'GET', url: `/api/v1/clients${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`, token }))
      .data as ClientItem[];

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
    const url = `/api/v1/clients/${boris!.id}`;
    const renamed = await t.call({ method: 'PUT', url, token: owner.token, payload: { first_name: ' Борис К. ', notes: 'VIP' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.data).toEqual({ id: boris!.id, phone: '77029998877', first_name: 'Борис К.', notes: 'VIP' });
    const cleared = await t.call({ method: 'PUT', url, token: owner.token, payload: { notes: null } });
    expect(cleared.data).toEqual({ ...renamed.data, notes: null });
    const unchanged = await t.call({ method: 'PUT', url, token: owner.token, payload: {} });
    expect(unchanged.data).toEqual(cleared.data);
    await t.call({ method: 'PUT', url, token: owner.token, payload: { first_name: 'Борис' } });
  });

  it('PUT with a blank first_name is 400', async () => {
    const [boris] = await list('Борис');
    const response = await t.call({ method: 'PUT', url: `/api/v1/clients/${boris!.id}`, token: owner.token, payload: { first_name: ' ' } });
    expect(response.statusCode).toBe(400);
    expect(response.data.errors[0].field).toBe('first_name');
  });

  it("another business's client is 404 on PUT", async () => {
    const other = await registerBusiness(t);
    const [alia] = await list('Алия');
    const response = await t.call({ method: 'PUT', url: `/api/v1/clients/${alia!.id}`, token: other.token, payload: { notes: 'x' } });
    expect(response.statusCode).toBe(404);
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
