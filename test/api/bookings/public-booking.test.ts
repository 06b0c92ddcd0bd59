/** POST /public/{slug}/booking: the booking creation rules of SPEC.md and the Idempotency-Key of CONTRACT.md §5. */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../../src/db/schema.js';
import { registerBusiness, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { book, bookingRequest, bookingRequestRaw, createMaster, createService } from '../../helpers/catalog.js';
import { RecordingNotifier } from '../../helpers/recording-notifier.js';

const notifier = new RecordingNotifier();
const t = useTestApp({ env: { BOT_USERNAME: '@salon_kz_bot' }, build: { notifier } });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function bookingCount(owner: RegisteredBusiness): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(bookings).where(eq(bookings.businessId, owner.business.id));
  return Number(row!.n);
}
const newBookingCalls = (id: string) => notifier.calls.filter((c) => c.kind === 'newBooking' && c.booking.id === id);

describe('creating a booking', () => {
  it('answers 201 with the booking result and a messenger deep link', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner, 'Данияр');
    const response = await bookingRequest(t, owner, {
      date: '2026-11-24',
      time: '10:30',
      first_name: ' Алия ',
      phone: '8 (701) 111-22-33',
      notes: 'Первый раз',
    });
    expect(response.statusCode).toBe(201);
    expect(response.data).toEqual({
      id: expect.stringMatching(UUID),
      status: 'pending',
      start_at: '2026-11-24T10:30:00',
      end_at: '2026-11-24T11:30:00',
      price_snapshot: 5000,
      service: { id: owner.service.id, name: 'Стрижка', duration: 60, price: 5000 },
      master: { id: master.id, name: 'Данияр' },
      client: { first_name: 'Алия', phone: '77011112233' },
      messenger_url: `https://t.me/salon_kz_bot?start=client_${response.data.id}`,
    });
    const stored = await t.op('get', '/api/v1/bookings/{id}', { path: { id: response.data.id }, token: owner.token });
    expect(stored.data).toMatchObject({ notes: 'Первый раз', client: { phone: '77011112233', first_name: 'Алия' } });
  });

  it('end_at = start_at + duration, across midnight too', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const long = await createService(t, owner, { duration: 135 });
    const booking = await book(t, owner, { service_id: long.id, date: '2026-12-31', time: '23:00' });
    expect([booking.start_at, booking.end_at]).toEqual(['2026-12-31T23:00:00', '2027-01-01T01:15:00']);
  });

  it('no overlap or working-hours check: the same slot twice, and on a day off, are both created', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    const first = await book(t, owner, { master_id: master.id, time: '10:00' });
    const second = await book(t, owner, { master_id: master.id, time: '10:00' });
    const sunday = await book(t, owner, { master_id: master.id, date: '2026-11-29', time: '03:00' });
    expect(new Set([first.id, second.id, sunday.id]).size).toBe(3);
    expect(await bookingCount(owner)).toBe(3);
  });

  it('price_snapshot is the service price at creation', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    await t.op('put', '/api/v1/services/{id}', { path: { id: owner.service.id }, token: owner.token, body: { price: 7500.5 } });
    expect((await book(t, owner)).price_snapshot).toBe(7500.5);
  });
});

describe('404s (rules 2, 3 and master_id)', () => {
  it('an unknown slug', async () => {
    const owner = await registerBusiness(t);
    const response = await t.op('post', '/api/v1/public/{slug}/booking', {
      path: { slug: 'no-such-slug-here' },
      body: { service_id: owner.service.id, date: '2026-11-24', time: '10:00', first_name: 'A', phone: '87011112233' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.problem).toEqual({ detail: 'Business not found', code: 'not_found' });
  });

  it("an unknown service, or another business's", async () => {
    const [a, b] = [await registerBusiness(t), await registerBusiness(t)];
    await createMaster(t, a);
    for (const serviceId of [2147483647, b.service.id]) {
      const response = await bookingRequest(t, a, { service_id: serviceId });
      expect(response.statusCode).toBe(404);
      expect(response.data).toEqual({ detail: 'Service not found', code: 'not_found' });
    }
    expect(await bookingCount(a)).toBe(0);
  });

  it('a master_id of another business', async () => {
    const [a, b] = [await registerBusiness(t), await registerBusiness(t)];
    await createMaster(t, a);
    const foreign = await createMaster(t, b);
    const response = await bookingRequest(t, a, { master_id: foreign.id });
    expect(response.statusCode).toBe(404);
    expect(response.data).toEqual({ detail: 'Master not found', code: 'not_found' });
  });
});

describe('auto-assignment (rule 4)', () => {
  it('the first master linked to the service', async () => {
    const owner = await registerBusiness(t);
    const other = await createService(t, owner);
    await createMaster(t, owner, 'Не делает стрижки', [other.id]);
    const linked = await createMaster(t, owner, 'Стилист', [owner.service.id]);
    await createMaster(t, owner, 'Второй стилист', [owner.service.id]);
    expect((await book(t, owner, { master_id: null })).master.id).toBe(linked.id);
    expect((await book(t, owner)).master.id).toBe(linked.id);
  });

  it('any master of the business when none is linked to the service', async () => {
    const owner = await registerBusiness(t);
    const first = await createMaster(t, owner, 'Первый', []);
    await createMaster(t, owner, 'Второй', []);
    expect((await book(t, owner)).master.id).toBe(first.id);
  });

  it("no master at all: 400 'No masters available', nothing created", async () => {
    const owner = await registerBusiness(t);
    const response = await bookingRequest(t, owner);
    expect(response.statusCode).toBe(400);
    expect(response.data).toEqual({ detail: 'No masters available', code: 'no_masters_available' });
    expect(await bookingCount(owner)).toBe(0);
  });
});

describe('phone and client (rules 5 and 6)', () => {
  it.each(['+7 701 555 44 33', '87015554433', '7015554433', '+7(701)555-44-33', '77015554433'])(
    '%s is stored as 77015554433',
    async (phone) => {
      const owner = await registerBusiness(t);
      await createMaster(t, owner);
      expect((await bookingRequest(t, owner, { phone })).data.client.phone).toBe('77015554433');
    },
  );

  it.each(['12345', '+7 701 555 44 33 1', 'call me'])('%j is 400 naming phone', async (phone) => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const response = await bookingRequest(t, owner, { phone });
    expect(response.statusCode).toBe(400);
    expect(response.problem.errors?.[0]?.field).toBe('phone');
  });

  it('parallel first bookings of one phone make one client', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const responses = await Promise.all([1, 2, 3, 4].map((n) => bookingRequest(t, owner, { phone: '87016660000', notes: `n${n}` })));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const clients = (await t.op('get', '/api/v1/clients', { token: owner.token })).data;
    expect(clients).toHaveLength(1);
    expect(clients[0]!.bookings_count).toBe(4);
    expect(clients[0]!.notes!.split('\n').sort()).toEqual(['n1', 'n2', 'n3', 'n4']);
  });

  it('one client per phone: first_name updated, notes appended on a new line, empty notes leave them', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    await book(t, owner, { first_name: 'Алия', phone: '87019990011', notes: 'аллергия на краску' });
    await book(t, owner, { first_name: 'Алия С.', phone: '+7 701 999 00 11', notes: null });
    await book(t, owner, { first_name: 'Алия Сериковна', phone: '7019990011', notes: 'просит чай' });
    const clients = (await t.op('get', '/api/v1/clients', { token: owner.token })).data;
    expect(clients).toEqual([
      expect.objectContaining({
        phone: '77019990011',
        first_name: 'Алия Сериковна',
        notes: 'аллергия на краску\nпросит чай',
        bookings_count: 3,
      }),
    ]);
  });
});

describe('input (400 naming the field)', () => {
  it.each([
    ['service_id', { service_id: undefined }],
    ['service_id', { service_id: 'one' }],
    ['date', { date: undefined }],
    ['date', { date: '2026-02-30' }],
    ['date', { date: '24.11.2026' }],
    ['date', { date: '9999-12-31' }],
    ['time', { time: '24:00' }],
    ['time', { time: '9:00' }],
    ['time', { time: undefined }],
    ['first_name', { first_name: '' }],
    ['first_name', { first_name: '   ' }],
    ['phone', { phone: undefined }],
    ['master_id', { master_id: 'x' }],
  ])('%s: %j', async (field, body) => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const response = await bookingRequestRaw(t, owner, body);
    expect(response.statusCode).toBe(400);
    expect(response.data.errors[0].field).toBe(field);
    expect(await bookingCount(owner)).toBe(0);
  });
});

describe('notification (rule 9)', () => {
  it('the provider is notified once per booking, with the business and the booking', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const booking = await book(t, owner);
    const calls = newBookingCalls(booking.id);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.business.id).toBe(owner.business.id);
    expect(calls[0]).toMatchObject({
      booking: { status: 'pending', client: { phone: expect.any(String) }, service: { id: owner.service.id } },
    });
    expect(notifier.calls.filter((c) => c.kind === 'bookingStatusChanged' && c.booking.id === booking.id)).toEqual([]);
  });

  it('a failing notifier does not fail the booking', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    notifier.fail = true;
    try {
      const response = await bookingRequest(t, owner);
      expect(response.statusCode).toBe(201);
      expect(newBookingCalls(response.data.id)).toHaveLength(1);
      expect((await t.op('get', '/api/v1/bookings/{id}', { path: { id: response.data.id }, token: owner.token })).statusCode).toBe(200);
    } finally {
      notifier.fail = false;
    }
  });

  it('no notification when the booking is refused', async () => {
    const owner = await registerBusiness(t);
    const before = notifier.calls.length;
    await bookingRequest(t, owner); // no masters: 400
    expect(notifier.calls.length).toBe(before);
  });
});

describe('Idempotency-Key', () => {
  const body = { date: '2026-11-25', time: '12:00', phone: '87017770000', first_name: 'Айдана' };

  it('same key and body: the first booking again (201, idempotent-replayed), one booking, one notification', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const first = await bookingRequest(t, owner, body, { 'idempotency-key': 'key-1' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await bookingRequest(t, owner, { ...body }, { 'idempotency-key': 'key-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.data).toEqual(first.data);
    expect(await bookingCount(owner)).toBe(1);
    expect(newBookingCalls(first.data.id)).toHaveLength(1);
  });

  it('captcha_token is not part of the body hash', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const first = await bookingRequest(t, owner, { ...body, captcha_token: 'token-a' }, { 'idempotency-key': 'k' });
    const again = await bookingRequest(t, owner, { ...body, captcha_token: 'token-b' }, { 'idempotency-key': 'k' });
    expect(again.statusCode).toBe(201);
    expect(again.data.id).toBe(first.data.id);
  });

  it('same key, other body: 409 and nothing created', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    await bookingRequest(t, owner, body, { 'idempotency-key': 'key-2' });
    const other = await bookingRequest(t, owner, { ...body, time: '13:00' }, { 'idempotency-key': 'key-2' });
    expect(other.statusCode).toBe(409);
    expect(other.data).toEqual({ detail: 'Idempotency-Key was already used with a different request', code: 'idempotency_key_reused' });
    expect(await bookingCount(owner)).toBe(1);
  });

  it('keys are scoped per business; no key means no deduplication', async () => {
    const [a, b] = [await registerBusiness(t), await registerBusiness(t)];
    await createMaster(t, a);
    await createMaster(t, b);
    const inA = await bookingRequest(t, a, { ...body, service_id: a.service.id }, { 'idempotency-key': 'shared' });
    const inB = await bookingRequest(t, b, { ...body, service_id: b.service.id }, { 'idempotency-key': 'shared' });
    expect([inA.statusCode, inB.statusCode]).toEqual([201, 201]);
    expect(inB.data.id).not.toBe(inA.data.id);
    await book(t, a, body);
    await book(t, a, body);
    expect(await bookingCount(a)).toBe(3);
  });

  it('parallel requests with one key create one booking', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const responses = await Promise.all([1, 2, 3].map(() => bookingRequest(t, owner, body, { 'idempotency-key': 'race' })));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(responses.map((r) => r.data.id)).size).toBe(1);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.businessId, owner.business.id)));
    expect(Number(row!.n)).toBe(1);
  });

  it('a deleted booking takes its key with it: the same request books anew', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const first = await bookingRequest(t, owner, body, { 'idempotency-key': 'deleted' });
    await t.op('delete', '/api/v1/bookings/{id}', { path: { id: first.data.id }, token: owner.token });
    const again = await bookingRequest(t, owner, body, { 'idempotency-key': 'deleted' });
    expect(again.statusCode).toBe(201);
    expect(again.data.id).not.toBe(first.data.id);
  });
});

describe('messenger_url without BOT_USERNAME', () => {
  const bare = useTestApp();

  it('is still returned (rule 10)', async () => {
    const owner = await registerBusiness(bare);
    await createMaster(bare, owner);
    const booking = await bookingRequest(bare, owner);
    expect(booking.data.messenger_url).toBe(`https://t.me/?start=client_${booking.data.id}`);
  });
});
