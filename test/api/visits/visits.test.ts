/**
 * CONTRACT.md §20: a visit of several services, booked all or nothing, back to back, one sitting per master's
 * consecutive items; read, changed, moved and deleted as one; visit_id on every booking.
 * The test clock: Monday 2026-11-23 10:00 Asia/Almaty; the business works 09:00-18:00, break 13:00-14:00;
 * the registered service (a cut) lasts 60 minutes and costs 5 000, the beard below 30 minutes for 3 000.
 */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../../src/db/schema.js';
import { registerBusiness, uniquePhone, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { bookingRequest, createMaster, createService } from '../../helpers/catalog.js';
import { expectRefusal } from '../../helpers/refusal.js';
import type { RequestBody } from '../../helpers/typed-call.js';
import { RecordingNotifier } from '../../helpers/recording-notifier.js';

const notifier = new RecordingNotifier();
const t = useTestApp({ build: { notifier } });

const TUESDAY = '2026-11-24';

type VisitAsk = RequestBody<'post', '/api/v1/public/{slug}/visits'>;
type Item = { service_id: number; master_id?: number | null };

/** A business with a cut (60 min, 5 000) and a beard (30 min, 3 000), and one master doing both. */
async function salon(beard: { duration?: number; buffer_after?: number } = {}) {
  const owner = await registerBusiness(t);
  const beardService = await createService(t, owner, { name: 'Борода', duration: 30, price: 3000, ...beard });
  const master = await createMaster(t, owner, 'Ерлан', [owner.service.id, beardService.id]);
  return { owner, beard: beardService.id, cut: owner.service.id, master: master.id };
}

const visitBody = (items: Item[], body: Partial<VisitAsk> = {}): VisitAsk => ({
  items: items as VisitAsk['items'],
  date: TUESDAY,
  time: '10:00',
  first_name: 'Алия',
  phone: uniquePhone(),
  ...body,
});

const publicVisit = (owner: RegisteredBusiness, items: Item[], body: Partial<VisitAsk> = {}, headers?: Record<string, string>) =>
  t.op('post', '/api/v1/public/{slug}/visits', { path: { slug: owner.business.slug }, body: visitBody(items, body), headers });

const ownerVisit = (owner: RegisteredBusiness, items: Item[], body: Partial<RequestBody<'post', '/api/v1/visits'>> = {}) =>
  t.op('post', '/api/v1/visits', { token: owner.token, body: { ...visitBody(items), ...body } });

async function businessBookings(owner: RegisteredBusiness): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(bookings).where(eq(bookings.businessId, owner.business.id));
  return Number(row!.n);
}

describe('POST /public/{slug}/visits', () => {
  it('books the items back to back, pending, with the total, one visit_id and the first booking’s messenger link', async () => {
    const { owner, cut, beard, master } = await salon();
    const made = await publicVisit(owner, [{ service_id: cut }, { service_id: beard, master_id: master }]);
    expect(made.statusCode, made.body).toBe(201);
    const visit = made.data!;
    expect(visit).toMatchObject({
      status: 'pending',
      start_at: `${TUESDAY}T10:00:00`,
      end_at: `${TUESDAY}T11:30:00`,
      total_price: 8000,
    });
    expect(visit.bookings.map((b) => [b.service.id, b.master.id, b.start_at, b.end_at, b.visit_id])).toEqual([
      [cut, master, `${TUESDAY}T10:00:00`, `${TUESDAY}T11:00:00`, visit.id],
      [beard, master, `${TUESDAY}T11:00:00`, `${TUESDAY}T11:30:00`, visit.id],
    ]);
    expect(visit.messenger_url).toContain(`client_${visit.bookings[0]!.id}`);

    const listed = await t.op('get', '/api/v1/bookings', { token: owner.token, query: { date: TUESDAY } });
    expect(listed.data!.map((b) => b.visit_id)).toEqual([visit.id, visit.id]);
    const synced = await t.op('get', '/api/v1/bookings', { token: owner.token, query: { updated_since: '2026-01-01T00:00:00' } });
    expect(synced.data!.every((b) => b.visit_id === visit.id)).toBe(true);
    const single = await bookingRequest(t, owner, { time: '15:00' });
    const one = await t.op('get', '/api/v1/bookings/{id}', { token: owner.token, path: { id: single.data!.id } });
    expect(one.data!.visit_id).toBeNull();
  });

  it('answers a retry with the same Idempotency-Key with the first visit, and makes nothing twice', async () => {
    const { owner, cut, beard } = await salon();
    const body = visitBody([{ service_id: cut }, { service_id: beard }]);
    const headers = { 'idempotency-key': 'visit-1' };
    const first = await publicVisit(owner, body.items, body, headers);
    const again = await publicVisit(owner, body.items, body, headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.data!.id).toBe(first.data!.id);
    expect(await businessBookings(owner)).toBe(2);
  });

  it('refuses 1 item, 6 items, over 12 hours, a master not for the service and an unknown service', async () => {
    const { owner, cut, beard, master } = await salon();
    const other = await createMaster(t, owner, 'Асель', [cut]);
    const raw = (items: unknown[]) =>
      t.call({ method: 'POST', url: `/api/v1/public/${owner.business.slug}/visits`, payload: { ...visitBody([]), items } });
    expectRefusal(await raw([{ service_id: cut }]), 'invalid_input');
    expectRefusal(await raw(Array.from({ length: 6 }, () => ({ service_id: beard }))), 'invalid_input');
    const long = await createService(t, owner, { name: 'Кератин', duration: 400, price: 30000 });
    expectRefusal(await publicVisit(owner, [{ service_id: long.id }, { service_id: long.id }], { time: '09:00' }), 'invalid_input');
    expectRefusal(await publicVisit(owner, [{ service_id: cut }, { service_id: beard, master_id: other.id }]), 'master_not_for_service');
    expectRefusal(await publicVisit(owner, [{ service_id: cut }, { service_id: 2147483000 }]), 'not_found');
    expect(master).toBeGreaterThan(0);
    expect(await businessBookings(owner)).toBe(0);
  });

  it('makes nothing when the second item’s master is busy: 409 slot_taken with the whole visit’s free times', async () => {
    const { owner, cut, beard, master } = await salon();
    const busy = await bookingRequest(t, owner, { service_id: beard, master_id: master, time: '11:00', if_free: true });
    expect(busy.statusCode, busy.body).toBe(201);
    const refused = await publicVisit(owner, [
      { service_id: cut, master_id: master },
      { service_id: beard, master_id: master },
    ]);
    expectRefusal(refused, 'slot_taken');
    // 10:00 and the 90 minutes after it clash with 11:00-11:30; 09:00-09:30 end in time; 11:30 ends at the break, 11:45 would not.
    expect(refused.problem.free_times).toEqual(['09:00', '09:15', '09:30', '11:30', '14:00', '14:15']);
    expect(await businessBookings(owner)).toBe(1);
  });

  it('keeps a sitting together: no buffer between one master’s consecutive items, the last one’s buffer after them', async () => {
    const { owner, cut, beard, master } = await salon({ buffer_after: 15 });
    await t.op('put', '/api/v1/services/{id}', { token: owner.token, path: { id: cut }, body: { buffer_after: 30 } });
    // The sitting 10:00-11:30, then the beard's 15 minutes: a booking at 11:40 is in the way, one at 11:45 is not.
    const blocker = await bookingRequest(t, owner, { service_id: beard, master_id: master, time: '11:40', if_free: true });
    expect(blocker.statusCode).toBe(201);
    const items = [
      { service_id: cut, master_id: master },
      { service_id: beard, master_id: master },
    ];
    expectRefusal(await publicVisit(owner, items), 'slot_taken');
    const moved = await t.op('patch', '/api/v1/bookings/{id}', {
      token: owner.token,
      path: { id: blocker.data!.id },
      body: { time: '11:45' },
    });
    expect(moved.statusCode).toBe(200);
    expect((await publicVisit(owner, items)).statusCode).toBe(201);
  });

  it('counts a master’s closed sitting’s buffer before their next item of the same visit', async () => {
    const { owner, cut, beard, master } = await salon({ duration: 10 });
    await t.op('put', '/api/v1/services/{id}', { token: owner.token, path: { id: cut }, body: { buffer_after: 15 } });
    const other = await createMaster(t, owner, 'Асель', [beard]);
    // Ерлан 10:00-11:00 (+15), Асель 11:00-11:10, Ерлан again at 11:10: inside his buffer.
    const items = (second: number) => [
      { service_id: cut, master_id: master },
      { service_id: beard, master_id: second },
      { service_id: beard, master_id: master },
    ];
    expectRefusal(await publicVisit(owner, items(other.id)), 'slot_taken');
    expect((await publicVisit(owner, items(master))).statusCode).toBe(201);
  });

  it('bounds the total by max_price: above it 409 price_changed with the total, and nothing made', async () => {
    const { owner, cut, beard } = await salon();
    const refused = await publicVisit(owner, [{ service_id: cut }, { service_id: beard }], { max_price: 7999 });
    expectRefusal(refused, 'price_changed');
    expect(refused.problem.price).toBe(8000);
    expect(await businessBookings(owner)).toBe(0);
    expect((await publicVisit(owner, [{ service_id: cut }, { service_id: beard }], { max_price: 8000 })).statusCode).toBe(201);
  });

  it('gives "any master" per item by §19’s rule, the cheapest free one', async () => {
    const { owner, cut, beard, master } = await salon();
    const cheap = await createMaster(t, owner, 'Асель', [beard]);
    await t.op('put', '/api/v1/masters/{id}/services/{service_id}', {
      token: owner.token,
      path: { id: cheap.id, service_id: beard },
      body: { price: 2000, duration: null },
    });
    const made = await publicVisit(owner, [{ service_id: cut }, { service_id: beard }]);
    expect(made.data!.bookings.map((b) => b.master.id)).toEqual([master, cheap.id]);
    expect(made.data!.total_price).toBe(7000);
  });
});

describe('notices (CONTRACT.md §20: one conversation per visit)', () => {
  it('a public visit is one new-visit notice with every item; a status change of the visit one client notice', async () => {
    const { owner, cut, beard } = await salon();
    const visit = (await publicVisit(owner, [{ service_id: cut }, { service_id: beard }])).data!;
    const ids = new Set(visit.bookings.map((b) => b.id));
    const about = () => notifier.calls.filter((c) => ('booking' in c ? ids.has(c.booking.id) : 'items' in c && ids.has(c.items[0]!.id)));
    expect(about().map((c) => c.kind)).toEqual(['newVisit']);
    const call = about()[0]!;
    expect(call.kind === 'newVisit' && call.items.map((item) => item.id)).toEqual(visit.bookings.map((b) => b.id));
    await t.op('patch', '/api/v1/visits/{id}', { token: owner.token, path: { id: visit.id }, body: { status: 'confirmed' } });
    expect(about().map((c) => c.kind)).toEqual(['newVisit', 'visitStatusChanged']);
    const told = about()[1]!;
    expect(told.kind === 'visitStatusChanged' && told.items.map((item) => [item.id, item.status])).toEqual(
      visit.bookings.map((b) => [b.id, 'confirmed']),
    );
    await t.op('patch', '/api/v1/visits/{id}', { token: owner.token, path: { id: visit.id }, body: { time: '12:00' } });
    expect(about().map((c) => c.kind)).toEqual(['newVisit', 'visitStatusChanged', 'visitMoved']);
  });
});

describe('POST /visits (the owner)', () => {
  it('is confirmed; checked like the public one unless force: true', async () => {
    const { owner, cut, beard, master } = await salon();
    const busy = await bookingRequest(t, owner, { master_id: master, time: '10:30' });
    expect(busy.statusCode).toBe(201);
    const items = [{ service_id: cut }, { service_id: beard }];
    expectRefusal(await ownerVisit(owner, items), 'slot_taken');
    const forced = await ownerVisit(owner, items, { force: true });
    expect(forced.statusCode, forced.body).toBe(201);
    expect(forced.data).toMatchObject({ status: 'confirmed', start_at: `${TUESDAY}T10:00:00`, end_at: `${TUESDAY}T11:30:00` });
    // The owner is not held to "now": a visit earlier today is theirs to record.
    expect((await ownerVisit(owner, items, { date: '2026-11-23', time: '09:00' })).statusCode).toBe(201);
  });
});

describe('GET, PATCH and DELETE /visits/{id}', () => {
  it('reads the visit; its status is mixed once one booking was changed alone; PATCH status sets every booking', async () => {
    const { owner, cut, beard } = await salon();
    const visit = (await publicVisit(owner, [{ service_id: cut }, { service_id: beard }])).data!;
    const read = () => t.op('get', '/api/v1/visits/{id}', { token: owner.token, path: { id: visit.id } });
    expect((await read()).data).toMatchObject({ id: visit.id, status: 'pending', total_price: 8000 });
    await t.op('patch', '/api/v1/bookings/{id}', {
      token: owner.token,
      path: { id: visit.bookings[1]!.id },
      body: { status: 'confirmed' },
    });
    expect((await read()).data!.status).toBe('mixed');
    const patched = await t.op('patch', '/api/v1/visits/{id}', {
      token: owner.token,
      path: { id: visit.id },
      body: { status: 'confirmed' },
    });
    expect(patched.data!.status).toBe('confirmed');
    expect((await read()).data!.bookings.map((b) => b.status)).toEqual(['confirmed', 'confirmed']);
  });

  it('moves the whole visit by one offset, to another day too', async () => {
    const { owner, cut, beard } = await salon();
    const visit = (await publicVisit(owner, [{ service_id: cut }, { service_id: beard }])).data!;
    const moved = await t.op('patch', '/api/v1/visits/{id}', {
      token: owner.token,
      path: { id: visit.id },
      body: { date: '2026-11-25', time: '15:00' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.data!.bookings.map((b) => [b.start_at, b.end_at])).toEqual([
      ['2026-11-25T15:00:00', '2026-11-25T16:00:00'],
      ['2026-11-25T16:00:00', '2026-11-25T16:30:00'],
    ]);
  });

  it('deletes every booking of the visit (GET /bookings/deleted names them); then it is 404', async () => {
    const { owner, cut, beard } = await salon();
    const visit = (await publicVisit(owner, [{ service_id: cut }, { service_id: beard }])).data!;
    const gone = await t.op('delete', '/api/v1/visits/{id}', { token: owner.token, path: { id: visit.id } });
    expect(gone.statusCode).toBe(204);
    expectRefusal(await t.op('get', '/api/v1/visits/{id}', { token: owner.token, path: { id: visit.id } }), 'not_found');
    const deleted = await t.op('get', '/api/v1/bookings/deleted', { token: owner.token });
    expect(deleted.data!.map((row) => row.id).sort()).toEqual(visit.bookings.map((b) => b.id).sort());
    expect(await businessBookings(owner)).toBe(0);
  });

  it("another business's visit is 404 to read, change and delete, and changes nothing", async () => {
    const { owner, cut, beard } = await salon();
    const stranger = await registerBusiness(t);
    const visit = (await publicVisit(owner, [{ service_id: cut }, { service_id: beard }])).data!;
    const path = { id: visit.id };
    expectRefusal(await t.op('get', '/api/v1/visits/{id}', { token: stranger.token, path }), 'not_found');
    expectRefusal(await t.op('patch', '/api/v1/visits/{id}', { token: stranger.token, path, body: { status: 'cancelled' } }), 'not_found');
    expectRefusal(await t.op('delete', '/api/v1/visits/{id}', { token: stranger.token, path }), 'not_found');
    expectRefusal(await t.op('get', '/api/v1/visits/{id}', { token: owner.token, path: { id: 'not-a-uuid' } }), 'not_found');
    const [row] = await t.database.db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.visitId, visit.id), eq(bookings.status, 'pending')));
    expect(Number(row!.n)).toBe(2);
  });
});
