/**
 * CONTRACT.md §14, incremental sync: created_at/updated_at move with every kind of change (on the app's
 * clock), GET /bookings?updated_since= in updated_at order with paging, GET /bookings/deleted tombstones,
 * and Idempotency-Key on the owner's POST /bookings.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { deletedBookings } from '../../../src/db/schema.js';
import { DEFAULT_NOW, registerBusiness, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { botEnv, callbackUpdate, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { book, createMaster } from '../../helpers/catalog.js';
import { postUpdate, providerStart, randomChat } from '../../helpers/bot-scenarios.js';
import type { RequestBody, RequestQuery } from '../../helpers/typed-call.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

/** Sets the app clock to a wall-clock time in Asia/Almaty (UTC+5). */
const at = (naive: string) => t.clock.set(`${naive}+05:00`);

const getBooking = async (owner: RegisteredBusiness, id: string) => {
  const response = await t.op('get', '/api/v1/bookings/{id}', { token: owner.token, path: { id } });
  expect(response.statusCode, response.body).toBe(200);
  return response.data;
};
const patch = (owner: RegisteredBusiness, id: string, body: RequestBody<'patch', '/api/v1/bookings/{id}'>) =>
  t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id }, body });
type ListQuery = RequestQuery<'get', '/api/v1/bookings'>;
const list = (owner: RegisteredBusiness, query: ListQuery = {}) => t.op('get', '/api/v1/bookings', { token: owner.token, query });
const ids = (response: { data: Array<{ id: string }> }) => response.data.map((b) => b.id);

const ownerBooking = (
  owner: RegisteredBusiness,
  body: Partial<RequestBody<'post', '/api/v1/bookings'>> = {},
  headers: Record<string, string> = {},
) =>
  t.op('post', '/api/v1/bookings', {
    token: owner.token,
    headers,
    body: { service_id: owner.service.id, date: '2026-11-25', time: '12:00', first_name: 'Дана', phone: '+77011234567', ...body },
  });

describe('created_at and updated_at', () => {
  it('are the app clock at creation, and updated_at follows a status change and a move, not a status set to what it was', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    at('2026-11-23T09:15:30');
    const booking = await book(t, owner);
    expect(await getBooking(owner, booking.id)).toMatchObject({ created_at: '2026-11-23T09:15:30', updated_at: '2026-11-23T09:15:30' });

    at('2026-11-23T09:20:00');
    const confirmed = await patch(owner, booking.id, { status: 'confirmed' });
    expect(confirmed.data).toMatchObject({ created_at: '2026-11-23T09:15:30', updated_at: '2026-11-23T09:20:00' });
    expect(await getBooking(owner, booking.id)).toMatchObject({ updated_at: '2026-11-23T09:20:00' });

    at('2026-11-23T09:25:00');
    const moved = await patch(owner, booking.id, { time: '15:00' });
    expect(moved.data).toMatchObject({ start_at: '2026-11-24T15:00:00', updated_at: '2026-11-23T09:25:00' });
    expect(await getBooking(owner, booking.id)).toMatchObject({ created_at: '2026-11-23T09:15:30', updated_at: '2026-11-23T09:25:00' });

    at('2026-11-23T09:30:00');
    expect((await patch(owner, booking.id, { status: 'confirmed' })).data.updated_at).toBe('2026-11-23T09:25:00');
    expect(await getBooking(owner, booking.id)).toMatchObject({ updated_at: '2026-11-23T09:25:00' });
  });

  it("the owner's booking carries them in its answer", async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    at('2026-11-23T11:00:05');
    const response = await ownerBooking(owner);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.data).toMatchObject({ created_at: '2026-11-23T11:00:05', updated_at: '2026-11-23T11:00:05' });
  });

  it('a bot confirm_ press and an accepted reschedule (ra_) move updated_at', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const providerChat = randomChat();
    await postUpdate(t, messageUpdate(providerChat, await providerStart(t, owner)));
    const booking = await book(t, owner);

    at('2026-11-23T12:00:00');
    await postUpdate(t, callbackUpdate(providerChat, `confirm_${booking.id}`, 77));
    expect(await getBooking(owner, booking.id)).toMatchObject({ status: 'confirmed', updated_at: '2026-11-23T12:00:00' });

    const client = randomChat();
    await postUpdate(t, messageUpdate(client, `/start client_${booking.id}`));
    const proposal = await t.op('post', '/api/v1/reschedule/{booking_id}', {
      token: owner.token,
      path: { booking_id: booking.id },
      body: { proposed_date: '2026-11-26', proposed_time: '15:00' },
    });
    expect(proposal.statusCode).toBe(201);
    // A proposal alone changes nothing of the booking.
    expect(await getBooking(owner, booking.id)).toMatchObject({ updated_at: '2026-11-23T12:00:00' });
    at('2026-11-23T13:00:00');
    await postUpdate(t, callbackUpdate(client, `ra_${proposal.data.proposal.id}`, 900));
    expect(await getBooking(owner, booking.id)).toMatchObject({ start_at: '2026-11-26T15:00:00', updated_at: '2026-11-23T13:00:00' });
  });
});

describe('GET /bookings?updated_since=', () => {
  it('answers the changed bookings in updated_at then id order, with paging and X-Total-Count', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    at('2026-11-23T08:00:00');
    const old = await book(t, owner, { time: '09:00' });
    at('2026-11-23T09:00:00');
    const a = await book(t, owner, { time: '17:00' });
    const b = await book(t, owner, { time: '11:00' });
    at('2026-11-23T09:30:00');
    const c = await book(t, owner, { time: '10:00' });
    at('2026-11-23T10:00:00');
    await patch(owner, old.id, { status: 'cancelled' });

    const sameSecond = [a.id, b.id].sort();
    const all = await list(owner, { updated_since: '2026-11-23T09:00:00' });
    expect(all.statusCode).toBe(200);
    expect(ids(all)).toEqual([...sameSecond, c.id, old.id]);
    expect(all.headers['x-total-count']).toBe('4');

    const first = await list(owner, { updated_since: '2026-11-23T09:00:00', limit: 2 });
    const second = await list(owner, { updated_since: '2026-11-23T09:00:00', limit: 2, offset: 2 });
    expect([...ids(first), ...ids(second)]).toEqual(ids(all));
    expect(first.headers['x-total-count']).toBe('4');

    // Inclusive: the moment of the last change read is read again.
    expect(ids(await list(owner, { updated_since: '2026-11-23T10:00:00' }))).toEqual([old.id]);
    expect(ids(await list(owner, { updated_since: '2026-11-23T10:00:01' }))).toEqual([]);
    // Other filters still apply.
    expect(ids(await list(owner, { updated_since: '2026-11-23T09:00:00', status: 'cancelled' }))).toEqual([old.id]);
  });

  it("never answers another business's bookings", async () => {
    const owner = await registerBusiness(t);
    const other = await registerBusiness(t);
    await createMaster(t, other);
    await book(t, other);
    expect((await list(owner, { updated_since: '2000-01-01T00:00:00' })).data).toEqual([]);
  });

  it.each(['2026-11-23', '2026-11-23 10:00:00', '2026-02-30T10:00:00', '2026-11-23T24:00:00', 'yesterday'])(
    '400 for updated_since=%s',
    async (value) => {
      const owner = await registerBusiness(t);
      const response = await t.call({
        method: 'GET',
        url: `/api/v1/bookings?updated_since=${encodeURIComponent(value)}`,
        token: owner.token,
      });
      expect(response.statusCode).toBe(400);
      expect(response.data).toMatchObject({ code: 'invalid_input', errors: [{ field: 'updated_since', message: expect.any(String) }] });
    },
  );
});

describe('GET /bookings/deleted', () => {
  it('names each deleted booking with its deletion time, since a moment, paged', async () => {
    const owner = await registerBusiness(t);
    const other = await registerBusiness(t);
    await createMaster(t, owner);
    await createMaster(t, other);
    const first = await book(t, owner, { time: '09:00' });
    const second = await book(t, owner, { time: '10:00' });
    const kept = await book(t, owner, { time: '11:00' });
    const theirs = await book(t, other);

    at('2026-11-23T14:00:00');
    expect((await t.op('delete', '/api/v1/bookings/{id}', { token: owner.token, path: { id: first.id } })).statusCode).toBe(204);
    at('2026-11-23T15:00:00');
    expect((await t.op('delete', '/api/v1/bookings/{id}', { token: owner.token, path: { id: second.id } })).statusCode).toBe(204);
    await t.op('delete', '/api/v1/bookings/{id}', { token: other.token, path: { id: theirs.id } });

    type DeletedQuery = RequestQuery<'get', '/api/v1/bookings/deleted'>;
    const deleted = (query: DeletedQuery) => t.op('get', '/api/v1/bookings/deleted', { token: owner.token, query });
    /** A query the document does not allow (a 400 test): untyped. */
    const deletedRaw = (query: string) => t.call({ method: 'GET', url: `/api/v1/bookings/deleted${query}`, token: owner.token });
    const all = await deleted({ since: '2026-11-23T00:00:00' });
    expect(all.statusCode).toBe(200);
    expect(all.data).toEqual([
      { id: first.id, deleted_at: '2026-11-23T14:00:00' },
      { id: second.id, deleted_at: '2026-11-23T15:00:00' },
    ]);
    expect(all.headers['x-total-count']).toBe('2');
    expect((await deleted({ since: '2026-11-23T15:00:00' })).data).toEqual([{ id: second.id, deleted_at: '2026-11-23T15:00:00' }]);
    const page = await deleted({ limit: 1, offset: 1 });
    expect(page.data).toEqual([{ id: second.id, deleted_at: '2026-11-23T15:00:00' }]);
    expect(page.headers['x-total-count']).toBe('2');
    expect((await deleted({ since: '2026-11-23T15:00:01' })).data).toEqual([]);
    expect((await deletedRaw('?since=soon')).statusCode).toBe(400);
    expect((await deletedRaw('?limit=1001')).statusCode).toBe(400);

    // The deleted booking is gone from the sync list; the kept one is still there.
    expect(ids(await list(owner, { updated_since: '2000-01-01T00:00:00' }))).toEqual([kept.id]);
  });

  it('keeps tombstones 90 days: a later delete clears older ones of the business', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    // An API key does not expire with the login token, so it still works 90 days on.
    const key = (await t.op('post', '/api/v1/api-keys', { token: owner.token, body: { name: 'sync' } })).data.key;
    const remove = async (id: string) => {
      const response = await t.op('delete', '/api/v1/bookings/{id}', { token: key, path: { id } });
      expect(response.statusCode, response.body).toBe(204);
    };
    const tombstone = () => t.database.db.select().from(deletedBookings).where(eq(deletedBookings.businessId, owner.business.id));
    const early = await book(t, owner, { time: '09:00' });
    const late = await book(t, owner, { time: '10:00' });
    const later = await book(t, owner, { time: '11:00' });
    at('2026-11-23T10:00:00');
    await remove(early.id);
    at('2027-02-21T10:00:00'); // 90 days later: still kept
    await remove(late.id);
    expect((await tombstone()).map((row) => row.id).sort()).toEqual([early.id, late.id].sort());
    at('2027-02-21T10:00:01');
    await remove(later.id);
    expect((await tombstone()).map((row) => row.id).sort()).toEqual([late.id, later.id].sort());
    const left = await t.op('get', '/api/v1/bookings/deleted', { token: key });
    expect(left.data.map((row) => row.id)).toEqual([late.id, later.id]);
  });
});

describe('Idempotency-Key on the owner POST /bookings', () => {
  it('a retry answers the first booking and makes no second one; another body with the key is 409', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const headers = { 'idempotency-key': 'crm-order-4711' };
    const first = await ownerBooking(owner, {}, headers);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    at('2026-11-23T10:05:00');
    const again = await ownerBooking(owner, {}, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.data).toEqual(first.data);
    expect((await list(owner)).data).toHaveLength(1);

    const other = await ownerBooking(owner, { time: '13:00' }, headers);
    expect(other.statusCode).toBe(409);
    expect(other.problem).toEqual({ detail: 'Idempotency-Key was already used with a different request', code: 'idempotency_key_reused' });
    // Without the key, the same body makes a second booking.
    expect((await ownerBooking(owner)).statusCode).toBe(201);
    expect((await list(owner)).data).toHaveLength(2);
  });

  it('two racing requests with one key make one booking', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const headers = { 'idempotency-key': 'race-1' };
    const [a, b] = await Promise.all([ownerBooking(owner, {}, headers), ownerBooking(owner, {}, headers)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.data.id).toBe(b.data.id);
    expect((await list(owner)).data).toHaveLength(1);
  });

  it("a key is the business's own, and a key the public page used is neither replayed nor refused for the owner", async () => {
    const owner = await registerBusiness(t);
    const other = await registerBusiness(t);
    await createMaster(t, owner);
    await createMaster(t, other);
    const headers = { 'idempotency-key': 'shared-key' };
    const mine = await ownerBooking(owner, {}, headers);
    const theirs = await ownerBooking(other, {}, headers);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.data.id).not.toBe(mine.data.id);

    const body = { service_id: owner.service.id, date: '2026-11-25', time: '16:00', first_name: 'Дана', phone: '+77011234567' };
    const fromPage = await t.op('post', '/api/v1/public/{slug}/booking', {
      headers: { 'idempotency-key': 'page-key' },
      path: { slug: owner.business.slug },
      body: body,
    });
    expect(fromPage.statusCode).toBe(201);
    const fromOwner = await t.op('post', '/api/v1/bookings', {
      token: owner.token,
      headers: { 'idempotency-key': 'page-key' },
      body: body,
    });
    // Keys are scoped per caller (CONTRACT.md §11 third pass): the page's key neither blocks nor replays the owner's.
    expect(fromOwner.statusCode).toBe(201);
    expect(fromOwner.data.id).not.toBe(fromPage.data.id);
  });
});

describe('the OpenAPI document', () => {
  it('declares created_at/updated_at, updated_since, /bookings/deleted and the Idempotency-Key header', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).data;
    const listOp = doc.paths['/api/v1/bookings'].get;
    expect(listOp.parameters.map((p: { name: string }) => p.name)).toContain('updated_since');
    const item = listOp.responses['200'].content['application/json'].schema.items;
    expect(item.required).toEqual(expect.arrayContaining(['created_at', 'updated_at']));
    expect(doc.paths['/api/v1/bookings/deleted'].get.operationId).toBe('listDeletedBookings');
    const create = doc.paths['/api/v1/bookings'].post;
    expect(create.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'idempotency-key', in: 'header' })]));
  });
});
