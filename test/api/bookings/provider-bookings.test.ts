/** Provider bookings: GET /bookings (filters), GET/PATCH/DELETE /bookings/{id} with SPEC.md's status table. */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerBusiness, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { book, createMaster, createService } from '../../helpers/catalog.js';
import { RecordingNotifier } from '../../helpers/recording-notifier.js';
import { expectRefusal } from '../../helpers/refusal.js';
import type { components } from '../../../web/src/shared/api-types.js';
import type { RequestQuery } from '../../helpers/typed-call.js';

const notifier = new RecordingNotifier();
const t = useTestApp({ build: { notifier } });

type BookingStatus = components['schemas']['BookingStatus'];
type ListQuery = RequestQuery<'get', '/api/v1/bookings'>;

const get = (owner: RegisteredBusiness, id: string) => t.op('get', '/api/v1/bookings/{id}', { path: { id }, token: owner.token });
const patch = (owner: RegisteredBusiness, id: string, status: BookingStatus) =>
  t.op('patch', '/api/v1/bookings/{id}', { path: { id }, token: owner.token, body: { status } });
/** A status the document does not allow (a 400 test): untyped. */
const patchRaw = (owner: RegisteredBusiness, id: string, status: unknown) =>
  t.call({ method: 'PATCH', url: `/api/v1/bookings/${id}`, token: owner.token, payload: { status } });
const remove = (owner: RegisteredBusiness, id: string) => t.op('delete', '/api/v1/bookings/{id}', { path: { id }, token: owner.token });
const list = async (owner: RegisteredBusiness, query: ListQuery = {}) =>
  (await t.op('get', '/api/v1/bookings', { token: owner.token, query })).data;
/** Stands for the second master's id in the filter table (known only once the scene is built). */
const MASTER = -1;
/** Status notifications about one booking, as the statuses they carried. */
const told = (id: string) =>
  notifier.calls
    .filter((c) => c.kind === 'bookingStatusChanged' && c.booking.id === id)
    .map((c) => (c as { booking: { status: string } }).booking.status);

async function ownerWithMaster() {
  const owner = await registerBusiness(t);
  const master = await createMaster(t, owner, 'Данияр');
  return { owner, master };
}

describe('GET /bookings', () => {
  let owner: RegisteredBusiness;
  let other: { id: number };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ owner } = await ownerWithMaster());
    other = await createMaster(t, owner, 'Айгуль');
    ids.mon10 = (await book(t, owner, { date: '2026-11-23', time: '10:00' })).id;
    ids.tue09 = (await book(t, owner, { date: '2026-11-24', time: '09:00', master_id: other.id })).id;
    ids.mon08 = (await book(t, owner, { date: '2026-11-23', time: '08:00' })).id;
    ids.wed23 = (await book(t, owner, { date: '2026-11-25', time: '23:30' })).id;
    ids.thu12 = (await book(t, owner, { date: '2026-11-26', time: '12:00' })).id;
    await patch(owner, ids.tue09, 'confirmed');
    await patch(owner, ids.thu12, 'cancelled');
  });

  it('lists every booking of the business ordered by start_at, in the booking shape', async () => {
    const all = await list(owner);
    expect(all.map((b) => b.id)).toEqual([ids.mon08, ids.mon10, ids.tue09, ids.wed23, ids.thu12]);
    expect(all[2]).toEqual({
      id: ids.tue09,
      status: 'confirmed',
      start_at: '2026-11-24T09:00:00',
      end_at: '2026-11-24T10:00:00',
      price_snapshot: 5000,
      notes: null,
      visit_id: null,
      service: { id: owner.service.id, name: 'Стрижка', duration: 60, price: 5000 },
      master: { id: other.id, name: 'Айгуль' },
      client: { id: expect.any(Number), phone: expect.stringMatching(/^7\d{10}$/), first_name: 'Алия' },
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    });
  });

  it.each<[ListQuery, string[]]>([
    [{ date: '2026-11-23' }, ['mon08', 'mon10']],
    [{ date_from: '2026-11-24' }, ['tue09', 'wed23', 'thu12']],
    [{ date_to: '2026-11-24' }, ['mon08', 'mon10', 'tue09']],
    [{ date_from: '2026-11-24', date_to: '2026-11-25' }, ['tue09', 'wed23']],
    [{ status: 'confirmed' }, ['tue09']],
    [{ status: 'pending' }, ['mon08', 'mon10', 'wed23']],
    [{ status: 'rejected' }, []],
    [{ master_id: MASTER }, ['tue09']],
    [{ date_from: '2026-11-23', status: 'pending', date_to: '2026-11-23' }, ['mon08', 'mon10']],
    [{ date: '2026-11-27' }, []],
  ])('%j', async (query, expected) => {
    const result = await list(owner, query.master_id === MASTER ? { ...query, master_id: other.id } : query);
    expect(result.map((b) => b.id)).toEqual(expected.map((key) => ids[key]));
  });

  it.each([
    ['?date=2026-02-30', 'date'],
    ['?date_from=tomorrow', 'date_from'],
    ['?date_to=2026-13-01', 'date_to'],
    ['?date=9999-12-31', 'date'],
    ['?status=lost', 'status'],
    ['?master_id=x', 'master_id'],
  ])('%s is 400 naming %s', async (query, field) => {
    const response = await t.call({ method: 'GET', url: `/api/v1/bookings${query}`, token: owner.token });
    expect(response.statusCode).toBe(400);
    expect(response.data.errors[0].field).toBe(field);
  });

  it.each([
    ['?date=2026-02-30', 'Invalid date: expected an existing YYYY-MM-DD date'],
    ['?date_from=tomorrow', 'Invalid date_from: expected an existing YYYY-MM-DD date'],
    ['?updated_since=2026-11-23%2010:00:00', 'Invalid updated_since: expected an existing YYYY-MM-DDTHH:MM:SS date-time'],
  ])('%s is refused by its registered format with the one message: %s', async (query, detail) => {
    const response = await t.call({ method: 'GET', url: `/api/v1/bookings${query}`, token: owner.token });
    expect(response.statusCode).toBe(400);
    expect(response.data).toMatchObject({ code: 'invalid_input', detail });
  });

  it("shows no other business's bookings", async () => {
    const stranger = await registerBusiness(t);
    expect(await list(stranger)).toEqual([]);
    expect(await list(stranger, { master_id: other.id })).toEqual([]);
  });

  it('needs a provider token', async () => {
    expect((await t.op('get', '/api/v1/bookings')).statusCode).toBe(401);
  });
});

describe('GET /bookings/{id}', () => {
  it('answers the booking', async () => {
    const { owner, master } = await ownerWithMaster();
    const booking = await book(t, owner, { notes: 'у окна' });
    const response = await get(owner, booking.id);
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject({ id: booking.id, status: 'pending', notes: 'у окна', master: { id: master.id, name: 'Данияр' } });
  });

  it("another business's booking, an unknown UUID and a non-UUID id are 404", async () => {
    const { owner } = await ownerWithMaster();
    const booking = await book(t, owner);
    const stranger = await registerBusiness(t);
    for (const [who, id] of [
      [stranger, booking.id],
      [owner, '00000000-0000-4000-8000-000000000000'],
      [owner, 'not-a-uuid'],
      [owner, '12345'],
    ] as const) {
      const response = await get(who, id);
      expect(response.statusCode).toBe(404);
      expect(response.problem).toEqual({ detail: 'Booking not found', code: 'not_found' });
    }
  });
});

describe('PATCH /bookings/{id}', () => {
  it.each<[BookingStatus, BookingStatus[]]>([
    ['confirmed', ['confirmed']],
    ['completed', ['completed']],
    ['cancelled', ['cancelled']],
    ['rejected', []],
  ])('pending → %s; the client is told %j', async (status, expected) => {
    const { owner } = await ownerWithMaster();
    const booking = await book(t, owner);
    const response = await patch(owner, booking.id, status);
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject({ id: booking.id, status });
    expect((await get(owner, booking.id)).data.status).toBe(status);
    expect(told(booking.id)).toEqual(expected);
  });

  it('any status from any status, including cancelling a completed booking and back to pending (not told)', async () => {
    const { owner } = await ownerWithMaster();
    const booking = await book(t, owner);
    for (const status of ['completed', 'cancelled', 'confirmed', 'rejected', 'pending', 'completed'] as const) {
      expect((await patch(owner, booking.id, status)).data.status).toBe(status);
    }
    expect(told(booking.id)).toEqual(['completed', 'cancelled', 'confirmed', 'completed']);
  });

  it('the current status again is a no-op without a notification', async () => {
    const { owner } = await ownerWithMaster();
    const booking = await book(t, owner);
    await patch(owner, booking.id, 'confirmed');
    const again = await patch(owner, booking.id, 'confirmed');
    expect(again.statusCode).toBe(200);
    expect(again.data.status).toBe('confirmed');
    expect(told(booking.id)).toEqual(['confirmed']);
  });

  it('changes nothing but the status', async () => {
    const { owner } = await ownerWithMaster();
    const booking = await book(t, owner, { notes: 'n' });
    const before = (await get(owner, booking.id)).data;
    const after = (await patch(owner, booking.id, 'confirmed')).data;
    expect(after).toEqual({ ...before, status: 'confirmed' });
  });

  it.each([['unknown'], ['CONFIRMED'], [null], [1]])('status %j is 400 naming status', async (status) => {
    const { owner } = await ownerWithMaster();
    const booking = await book(t, owner);
    const response = await patchRaw(owner, booking.id, status);
    expect(response.statusCode).toBe(400);
    expect(response.data.errors[0].field).toBe('status');
    expect((await get(owner, booking.id)).data.status).toBe('pending');
  });

  it("another business's booking is 404 and untouched, nobody told", async () => {
    const { owner } = await ownerWithMaster();
    const booking = await book(t, owner);
    const stranger = await registerBusiness(t);
    expect((await patch(stranger, booking.id, 'cancelled')).statusCode).toBe(404);
    expect((await get(owner, booking.id)).data.status).toBe('pending');
    expect(told(booking.id)).toEqual([]);
  });

  it('a failing notifier does not fail the change', async () => {
    const { owner } = await ownerWithMaster();
    const booking = await book(t, owner);
    notifier.fail = true;
    try {
      const response = await patch(owner, booking.id, 'confirmed');
      expect(response.statusCode).toBe(200);
      expect(told(booking.id)).toEqual(['confirmed']);
    } finally {
      notifier.fail = false;
    }
    expect((await get(owner, booking.id)).data.status).toBe('confirmed');
  });
});

describe('DELETE /bookings/{id}', () => {
  it('a non-cancelled booking is first cancelled (client told), then removed: 204', async () => {
    const { owner } = await ownerWithMaster();
    const booking = await book(t, owner);
    await patch(owner, booking.id, 'confirmed');
    const response = await remove(owner, booking.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(told(booking.id)).toEqual(['confirmed', 'cancelled']);
    expect((await get(owner, booking.id)).statusCode).toBe(404);
    expect(await list(owner)).toEqual([]);
  });

  it('a cancelled booking is removed without telling anyone again', async () => {
    const { owner } = await ownerWithMaster();
    const booking = await book(t, owner);
    await patch(owner, booking.id, 'cancelled');
    expect((await remove(owner, booking.id)).statusCode).toBe(204);
    expect(told(booking.id)).toEqual(['cancelled']);
  });

  it('a deleted booking is gone: a second DELETE is 404', async () => {
    const { owner } = await ownerWithMaster();
    const booking = await book(t, owner);
    await remove(owner, booking.id);
    expect((await remove(owner, booking.id)).statusCode).toBe(404);
  });

  it('a failing notifier does not stop the deletion', async () => {
    const { owner } = await ownerWithMaster();
    const booking = await book(t, owner);
    notifier.fail = true;
    try {
      expect((await remove(owner, booking.id)).statusCode).toBe(204);
    } finally {
      notifier.fail = false;
    }
    expect((await get(owner, booking.id)).statusCode).toBe(404);
  });

  it("another business's booking is 404 and stays", async () => {
    const { owner } = await ownerWithMaster();
    const booking = await book(t, owner);
    const stranger = await registerBusiness(t);
    expectRefusal(await remove(stranger, booking.id), 'not_found');
    const kept = await get(owner, booking.id);
    expect(kept.statusCode).toBe(200);
    expect(kept.data).toMatchObject({ id: booking.id, status: 'pending' });
  });

  it('the client record stays after its booking is deleted', async () => {
    const { owner } = await ownerWithMaster();
    const booking = await book(t, owner, { phone: '87015550000' });
    await remove(owner, booking.id);
    const clients = (await t.op('get', '/api/v1/clients', { token: owner.token })).data;
    expect(clients).toEqual([expect.objectContaining({ phone: '77015550000', bookings_count: 0, last_booking_at: null })]);
  });
});

describe('catalog edits never alter bookings', () => {
  it('renaming the service and the master shows the new names; times, price and status stay', async () => {
    const { owner, master } = await ownerWithMaster();
    const extra = await createService(t, owner);
    const booking = await book(t, owner, { master_id: master.id });
    await t.op('put', '/api/v1/services/{id}', { path: { id: owner.service.id }, token: owner.token, body: { duration: 15, price: 1 } });
    await t.op('put', '/api/v1/masters/{id}', { path: { id: master.id }, token: owner.token, body: { service_ids: [extra.id] } });
    const after = (await get(owner, booking.id)).data;
    expect(after).toMatchObject({
      start_at: booking.start_at,
      end_at: booking.end_at,
      price_snapshot: 5000,
      status: 'pending',
      master: { id: master.id },
    });
  });
});
