/** CONTRACT.md §12: bookings the owner enters (POST /bookings) and moves (PATCH date/time/master_id). */
import { beforeEach, describe, expect, it } from 'vitest';
import { subscribe } from '../../../src/modules/bot/subscriptions.js';
import { DEFAULT_NOW, registerBusiness, uniquePhone, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { book, createMaster } from '../../helpers/catalog.js';
import { botEnv, TEST_BOT_USERNAME, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { randomChat } from '../../helpers/bot-scenarios.js';
import { expectRefusal } from '../../helpers/refusal.js';
import type { RequestBody } from '../../helpers/typed-call.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

interface Scene {
  owner: RegisteredBusiness;
  masters: { id: number; name: string }[];
  providerChat: number;
}

/** A business with two masters of its 60-minute service and a provider chat that must stay silent. */
async function scene(strict = false): Promise<Scene> {
  const owner = await registerBusiness(t);
  const masters = [await createMaster(t, owner, 'Айгуль'), await createMaster(t, owner, 'Ольга')];
  if (strict) {
    const updated = await t.op('put', '/api/v1/business', { token: owner.token, body: { strict_slots: true } });
    expect(updated.statusCode).toBe(200);
  }
  const providerChat = randomChat();
  await subscribe(t.database.db, 'PROVIDER_BUSINESS', String(owner.business.id), String(providerChat));
  fake.reset();
  return { owner, masters, providerChat };
}

type CreateBody = RequestBody<'post', '/api/v1/bookings'>;
type PatchBody = RequestBody<'patch', '/api/v1/bookings/{id}'>;

const create = (owner: RegisteredBusiness, body: Partial<CreateBody> = {}) =>
  t.op('post', '/api/v1/bookings', {
    token: owner.token,
    body: { service_id: owner.service.id, date: '2026-11-24', time: '10:00', first_name: 'Алия', phone: uniquePhone(), ...body },
  });
/** A body the document does not allow (the 400 tests): untyped. */
const createRaw = (owner: RegisteredBusiness, body: Record<string, unknown>) =>
  t.call({
    method: 'POST',
    url: '/api/v1/bookings',
    token: owner.token,
    payload: { service_id: owner.service.id, date: '2026-11-24', time: '10:00', first_name: 'Алия', phone: uniquePhone(), ...body },
  });

const patch = (owner: RegisteredBusiness, id: string, body: PatchBody) =>
  t.op('patch', '/api/v1/bookings/{id}', { path: { id }, token: owner.token, body });
/** A body the document does not allow (the 400 tests): untyped. */
const patchRaw = (owner: RegisteredBusiness, id: string, body: Record<string, unknown>) =>
  t.call({ method: 'PATCH', url: `/api/v1/bookings/${id}`, token: owner.token, payload: body });

/** A client chat subscribed by phone, as /start subscribe_<phone> leaves it. */
async function subscribedPhone(phone: string): Promise<number> {
  const chat = randomChat();
  await subscribe(t.database.db, 'CLIENT_PHONE', phone, String(chat), 'contact');
  return chat;
}

describe('POST /bookings', () => {
  it('creates a confirmed booking with the public rules: normalized phone, price snapshot, auto-assigned master', async () => {
    const s = await scene();
    const response = await create(s.owner, { phone: '8 (701) 555-12-34', first_name: ' Данияр ', notes: 'по звонку' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'confirmed',
      start_at: '2026-11-24T10:00:00',
      end_at: '2026-11-24T11:00:00',
      price_snapshot: 5000,
      notes: 'по звонку',
      visit_id: null,
      service: { id: s.owner.service.id, name: 'Стрижка', duration: 60, price: 5000 },
      master: { id: expect.any(Number), name: expect.any(String) },
      client: { id: expect.any(Number), phone: '77015551234', first_name: 'Данияр' },
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      updated_at: response.data.created_at,
      messenger_url: `https://t.me/${TEST_BOT_USERNAME}?start=client_${response.data.id}`,
    });
    expect(s.masters.map((m) => m.id)).toContain(response.data.master.id);
    // The provider made it: nothing goes to its chat.
    expect(fake.callsOf('sendMessage', s.providerChat)).toEqual([]);

    // The same phone again finds the same client.
    const again = await create(s.owner, { phone: '+7 701 555 12 34', master_id: s.masters[1]!.id });
    expect(again.data.client.id).toBe(response.data.client.id);
    expect(again.data.master).toEqual({ id: s.masters[1]!.id, name: 'Ольга' });
    const clients = await t.op('get', '/api/v1/clients', { query: { q: '5551234' }, token: s.owner.token });
    expect(clients.data).toHaveLength(1);
    expect(clients.data[0]!.notes).toBe('по звонку');
  });

  it('tells a client subscribed by phone that the booking is confirmed', async () => {
    const s = await scene();
    const phone = uniquePhone();
    const chat = await subscribedPhone(phone.replace(/\D/g, ''));
    const response = await create(s.owner, { phone, master_id: s.masters[0]!.id, time: '15:30' });
    expect(response.statusCode).toBe(201);
    const texts = fake.textsTo(chat);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('Запись ПОДТВЕРЖДЕНА');
    expect(texts[0]).toContain('24.11.2026');
    expect(texts[0]).toContain('15:30');
    expect(fake.callsOf('sendMessage', s.providerChat)).toEqual([]);
  });

  it('refuses a taken time with strict slots (409) and creates nothing', async () => {
    const s = await scene(true);
    const master_id = s.masters[0]!.id;
    expect((await create(s.owner, { master_id, time: '10:00' })).statusCode).toBe(201);
    const clash = await create(s.owner, { master_id, time: '10:30' });
    expect(clash.statusCode).toBe(409);
    expect(clash.problem.detail).toBe('Slot is already taken');
    const listed = await t.op('get', '/api/v1/bookings', { query: { master_id }, token: s.owner.token });
    expect(listed.data).toHaveLength(1);
    expect((await create(s.owner, { master_id: s.masters[1]!.id, time: '10:30' })).statusCode).toBe(201);
  });

  it.each([
    [{ phone: '123' }, 'phone'],
    [{ date: '2026-02-30' }, 'date'],
    [{ time: '25:00' }, 'time'],
    [{ first_name: '   ' }, 'first_name'],
    [{ service_id: 'x' }, 'service_id'],
  ])('400 on %j', async (body, field) => {
    const s = await scene();
    const response = await createRaw(s.owner, body);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.data.errors ?? response.data.detail)).toContain(field);
  });

  it('404 for a master or service of another business, 401 without a token', async () => {
    const s = await scene();
    const other = await scene();
    expectRefusal(await create(s.owner, { master_id: other.masters[0]!.id }), 'not_found');
    expectRefusal(await create(s.owner, { service_id: other.owner.service.id }), 'not_found');
    const anonymous = await t.call({ method: 'POST', url: '/api/v1/bookings', payload: {} });
    expectRefusal(anonymous, 'not_authenticated');
    for (const owner of [s.owner, other.owner]) {
      expect((await t.op('get', '/api/v1/bookings', { token: owner.token })).data).toEqual([]);
    }
  });
});

describe('PATCH /bookings/{id} moves', () => {
  it('moves date, time and master together; the client hears ПЕРЕНЕСЕНА with the new date and time', async () => {
    const s = await scene();
    const phone = uniquePhone();
    const chat = await subscribedPhone(phone.replace(/\D/g, ''));
    const created = await create(s.owner, { phone, master_id: s.masters[0]!.id });
    fake.reset();
    const moved = await patch(s.owner, created.data.id, { date: '2026-11-26', time: '14:15', master_id: s.masters[1]!.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.data).toMatchObject({
      status: 'confirmed',
      start_at: '2026-11-26T14:15:00',
      end_at: '2026-11-26T15:15:00',
      master: { id: s.masters[1]!.id, name: 'Ольга' },
    });
    const stored = await t.op('get', '/api/v1/bookings/{id}', { path: { id: created.data.id }, token: s.owner.token });
    expect(stored.data).toEqual(moved.data);
    const texts = fake.textsTo(chat);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('Запись ПЕРЕНЕСЕНА');
    expect(texts[0]).toContain('26.11.2026');
    expect(texts[0]).toContain('14:15');
    expect(texts[0]).toContain('Ольга');
    expect(fake.callsOf('sendMessage', s.providerChat)).toEqual([]);
  });

  it('keeps what is not sent; time alone keeps the date and the master', async () => {
    const s = await scene();
    const created = await create(s.owner, { master_id: s.masters[0]!.id });
    const moved = await patch(s.owner, created.data.id, { time: '16:00' });
    expect(moved.data).toMatchObject({ start_at: '2026-11-24T16:00:00', end_at: '2026-11-24T17:00:00', master: { id: s.masters[0]!.id } });
  });

  it('moves first, then changes the status', async () => {
    const s = await scene();
    const phone = uniquePhone();
    const chat = await subscribedPhone(phone.replace(/\D/g, ''));
    const booked = await book(t, s.owner, { phone, master_id: s.masters[0]!.id });
    fake.reset();
    const response = await patch(s.owner, booked.id, { status: 'confirmed', date: '2026-11-25' });
    expect(response.data).toMatchObject({ status: 'confirmed', start_at: '2026-11-25T10:00:00' });
    const texts = fake.textsTo(chat);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('Запись ПЕРЕНЕСЕНА');
    expect(texts[1]).toContain('Запись ПОДТВЕРЖДЕНА');
    expect(texts[1]).toContain('25.11.2026');
  });

  it('expires a PENDING reschedule proposal of the booking', async () => {
    const s = await scene();
    const created = await create(s.owner, { master_id: s.masters[0]!.id });
    const proposed = await t.op('post', '/api/v1/reschedule/{booking_id}', {
      path: { booking_id: created.data.id },
      token: s.owner.token,
      body: { proposed_date: '2026-11-27', proposed_time: '12:00' },
    });
    expect(proposed.statusCode).toBe(201);
    expect((await patch(s.owner, created.data.id, { time: '12:00' })).statusCode).toBe(200);
    const proposals = await t.op('get', '/api/v1/reschedule/{booking_id}', { path: { booking_id: created.data.id }, token: s.owner.token });
    expect(proposals.data.map((p) => p.status)).toEqual(['EXPIRED']);
  });

  it('strict slots: 409 on a clash with another booking, nothing changed; the booking itself does not clash', async () => {
    const s = await scene(true);
    const master_id = s.masters[0]!.id;
    const first = await create(s.owner, { master_id, time: '10:00' });
    const second = await create(s.owner, { master_id, time: '12:00' });
    const clash = await patch(s.owner, second.data.id, { time: '10:30' });
    expect(clash.statusCode).toBe(409);
    expect(clash.problem.detail).toBe('Slot is already taken');
    const still = await t.op('get', '/api/v1/bookings/{id}', { path: { id: second.data.id }, token: s.owner.token });
    expect(still.data.start_at).toBe('2026-11-24T12:00:00');
    // Overlapping its own old time is fine.
    expect((await patch(s.owner, first.data.id, { time: '10:30' })).statusCode).toBe(200);
    // Another master's clash counts when moving to that master.
    const other = await create(s.owner, { master_id: s.masters[1]!.id, time: '15:00' });
    expect((await patch(s.owner, other.data.id, { master_id, time: '11:00' })).statusCode).toBe(409);
    expect((await patch(s.owner, other.data.id, { master_id, time: '13:00' })).statusCode).toBe(200);
  });

  it('404 for a master of another business; 400 for nothing to change or a bad date/time', async () => {
    const s = await scene();
    const other = await scene();
    const created = await create(s.owner, { master_id: s.masters[0]!.id });
    expect((await patch(s.owner, created.data.id, { master_id: other.masters[0]!.id })).statusCode).toBe(404);
    expect((await patch(other.owner, created.data.id, { time: '11:00' })).statusCode).toBe(404);
    for (const body of [{}, { date: '2026-13-01' }, { time: '9:00' }, { status: 'lost' }, { master_id: 0 }]) {
      const response = await patchRaw(s.owner, created.data.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unchanged = await t.op('get', '/api/v1/bookings/{id}', { path: { id: created.data.id }, token: s.owner.token });
    expect(unchanged.data.start_at).toBe('2026-11-24T10:00:00');
  });
});

describe('paging: limit/offset with X-Total-Count', () => {
  it('pages bookings in start order and counts the whole filtered list', async () => {
    const s = await scene();
    const times = ['09:00', '10:00', '11:00', '12:00', '14:00'];
    for (const time of times) await create(s.owner, { master_id: s.masters[0]!.id, time });
    const page = await t.op('get', '/api/v1/bookings', { query: { limit: 2, offset: 1 }, token: s.owner.token });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.data.map((b) => b.start_at.slice(11, 16))).toEqual(['10:00', '11:00']);
    const tail = await t.op('get', '/api/v1/bookings', { query: { offset: 4 }, token: s.owner.token });
    expect(tail.data).toHaveLength(1);
    expect(tail.headers['x-total-count']).toBe('5');
    const all = await t.op('get', '/api/v1/bookings', { token: s.owner.token });
    expect(all.data).toHaveLength(5);
    expect(all.headers['x-total-count']).toBe('5');
    const filtered = await t.op('get', '/api/v1/bookings', { query: { date: '2026-11-24', limit: 1 }, token: s.owner.token });
    expect(filtered.headers['x-total-count']).toBe('5');
    for (const query of ['limit=0', 'limit=1001', 'offset=-1', 'limit=x']) {
      expect((await t.call({ method: 'GET', url: `/api/v1/bookings?${query}`, token: s.owner.token })).statusCode, query).toBe(400);
    }
  });

  it('pages clients, with the q filter counted', async () => {
    const s = await scene();
    for (const name of ['Анна', 'Белла', 'Вера']) await create(s.owner, { first_name: name });
    const page = await t.op('get', '/api/v1/clients', { query: { limit: 2 }, token: s.owner.token });
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.data.map((c) => c.first_name)).toEqual(['Анна', 'Белла']);
    const next = await t.op('get', '/api/v1/clients', { query: { limit: 2, offset: 2 }, token: s.owner.token });
    expect(next.data.map((c) => c.first_name)).toEqual(['Вера']);
    const searched = await t.op('get', '/api/v1/clients', { query: { q: 'ер', limit: 1 }, token: s.owner.token });
    expect(searched.headers['x-total-count']).toBe('1');
    expect((await t.call({ method: 'GET', url: '/api/v1/clients?limit=1001', token: s.owner.token })).statusCode).toBe(400);
  });
});

describe('GET /clients last_visit_at', () => {
  it('is the latest booking that already began and was not cancelled or rejected; last_booking_at stays the latest of any', async () => {
    const s = await scene();
    const phone = uniquePhone();
    const past = await create(s.owner, { phone, date: '2026-11-20', time: '10:00' });
    const cancelledPast = await create(s.owner, { phone, date: '2026-11-22', time: '10:00' });
    await patch(s.owner, cancelledPast.data.id, { status: 'cancelled' });
    await create(s.owner, { phone, date: '2026-11-30', time: '10:00' });
    const listed = await t.op('get', '/api/v1/clients', { query: { q: phone.slice(-7) }, token: s.owner.token });
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ bookings_count: 3, last_booking_at: '2026-11-30T10:00:00', last_visit_at: past.data.start_at });
    const fresh = await t.op('get', '/api/v1/clients', { query: { q: 'Алия' }, token: (await scene()).owner.token });
    expect(fresh.data).toEqual([]);
  });
});
