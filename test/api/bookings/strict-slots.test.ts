import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../../src/db/schema.js';
import { registerBusiness, uniquePhone, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';

const t = useTestApp();

async function salon(strict: boolean) {
  const owner = await registerBusiness(t);
  const masters: number[] = [];
  for (const name of ['Айгуль', 'Ольга']) {
    const response = await t.op('post', '/api/v1/masters', { token: owner.token, body: { name, service_ids: [owner.service.id] } });
    masters.push(response.data.id);
  }
  if (strict) {
    const updated = await t.op('put', '/api/v1/business', { token: owner.token, body: { strict_slots: true } });
    expect(updated.statusCode).toBe(200);
    expect(updated.data.strict_slots).toBe(true);
  }
  return { owner, masters };
}

/** The registered service lasts 60 minutes. */
const book = (owner: RegisteredBusiness, masterId: number | null, date: string, time: string) =>
  t.op('post', '/api/v1/public/{slug}/booking', {
    path: { slug: owner.business.slug },
    body: { service_id: owner.service.id, master_id: masterId, date, time, first_name: 'Клиент', phone: uniquePhone() },
  });

describe('strict slots off (default): SPEC.md allows double booking', () => {
  it('is false on a new business and two clients can book the same time of one master', async () => {
    const { owner, masters } = await salon(false);
    expect((await t.op('get', '/api/v1/business', { token: owner.token })).data.strict_slots).toBe(false);
    expect((await book(owner, masters[0]!, '2026-11-24', '10:00')).statusCode).toBe(201);
    expect((await book(owner, masters[0]!, '2026-11-24', '10:00')).statusCode).toBe(201);
    expect((await book(owner, masters[0]!, '2026-11-24', '10:30')).statusCode).toBe(201);
  });
});

describe('strict slots on', () => {
  it('409 Slot is already taken on any overlap with a pending or confirmed booking of the same master', async () => {
    const { owner, masters } = await salon(true);
    const [anna, olga] = masters as [number, number];
    const first = await book(owner, anna, '2026-11-24', '10:00'); // 10:00-11:00
    expect(first.statusCode).toBe(201);
    for (const time of ['10:00', '10:30', '09:30', '10:59']) {
      const clash = await book(owner, anna, '2026-11-24', time);
      expect(clash.statusCode, time).toBe(409);
      expect(clash.problem).toEqual({ detail: 'Slot is already taken', code: 'slot_taken' });
    }
    // Touching ends, another master, another day: free.
    expect((await book(owner, anna, '2026-11-24', '11:00')).statusCode).toBe(201);
    expect((await book(owner, anna, '2026-11-24', '09:00')).statusCode).toBe(201);
    expect((await book(owner, olga, '2026-11-24', '10:00')).statusCode).toBe(201);
    expect((await book(owner, anna, '2026-11-25', '10:00')).statusCode).toBe(201);

    // A confirmed booking still blocks; cancelled and rejected ones free the time.
    await t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id: first.data.id }, body: { status: 'confirmed' } });
    expect((await book(owner, anna, '2026-11-24', '10:15')).statusCode).toBe(409);
    await t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id: first.data.id }, body: { status: 'cancelled' } });
    const again = await book(owner, anna, '2026-11-24', '10:00');
    expect(again.statusCode).toBe(201);
    await t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id: again.data.id }, body: { status: 'rejected' } });
    expect((await book(owner, anna, '2026-11-24', '10:00')).statusCode).toBe(201);
  });

  it('a completed booking took its time: it blocks the slot as availability shows it busy', async () => {
    const { owner, masters } = await salon(true);
    const anna = masters[0]!;
    const done = await book(owner, anna, '2026-11-27', '10:00'); // 10:00-11:00
    expect(done.statusCode).toBe(201);
    const patched = await t.op('patch', '/api/v1/bookings/{id}', {
      token: owner.token,
      path: { id: done.data.id },
      body: { status: 'completed' },
    });
    expect(patched.data.status).toBe('completed');
    const slots = await t.op('get', '/api/v1/public/{slug}/slots', {
      path: { slug: owner.business.slug },
      query: { date: '2026-11-27', master_id: anna },
    });
    expect(slots.data.busy_intervals).toContainEqual(['10:00', '11:00']);
    const clash = await book(owner, anna, '2026-11-27', '10:30');
    expect(clash.statusCode).toBe(409);
    expect(clash.problem).toEqual({ detail: 'Slot is already taken', code: 'slot_taken' });
  });

  it('applies to the auto-assigned master too', async () => {
    const { owner } = await salon(true);
    expect((await book(owner, null, '2026-11-26', '15:00')).statusCode).toBe(201);
    expect((await book(owner, null, '2026-11-26', '15:00')).statusCode).toBe(409);
  });

  it('turning it off again restores double booking', async () => {
    const { owner, masters } = await salon(true);
    expect((await book(owner, masters[0]!, '2026-11-27', '10:00')).statusCode).toBe(201);
    await t.op('put', '/api/v1/business', { token: owner.token, body: { strict_slots: false } });
    expect((await book(owner, masters[0]!, '2026-11-27', '10:00')).statusCode).toBe(201);
  });

  it('50 concurrent requests for one slot give exactly one 201, the rest 409, and one row', async () => {
    const { owner, masters } = await salon(true);
    const responses = await Promise.all(Array.from({ length: 50 }, () => book(owner, masters[0]!, '2026-11-30', '12:00')));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.masterId, masters[0]!), eq(bookings.startAt, '2026-11-30T12:00:00')));
    expect(Number(row!.n)).toBe(1);
  }, 60_000);

  it('50 concurrent requests at overlapping times of one master leave no two overlapping bookings', async () => {
    const { owner, masters } = await salon(true);
    const times = Array.from({ length: 50 }, (_, i) => `1${Math.floor(i / 12)}:${String((i % 12) * 5).padStart(2, '0')}`);
    const responses = await Promise.all(times.map((time) => book(owner, masters[1]!, '2026-12-01', time)));
    // Any other answer is named with its body (a 503 of a pool wait under load reads differently from a 500).
    const others = responses.filter((response) => response.statusCode !== 201 && response.statusCode !== 409);
    expect(others.map((response) => `${response.statusCode} ${JSON.stringify(response.data)}`)).toEqual([]);
    const list = (await t.op('get', '/api/v1/bookings', { token: owner.token, query: { date: '2026-12-01', master_id: masters[1]! } }))
      .data;
    expect(list.length).toBe(responses.filter((response) => response.statusCode === 201).length);
    for (let i = 1; i < list.length; i += 1) expect(list[i - 1]!.end_at <= list[i]!.start_at).toBe(true);
  }, 60_000);
});
