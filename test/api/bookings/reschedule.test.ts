/** POST/GET /reschedule/{booking_id} (CONTRACT.md §4): creation, 400/404/409, the race, lazy expiry, order. */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rescheduleProposals } from '../../../src/db/schema.js';
import { DEFAULT_NOW, SUPERADMIN_ENV, useTestApp } from '../../helpers/app.js';
import { botEnv, buttonsOf, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { book, postUpdate, randomChat, salon } from '../../helpers/bot-scenarios.js';
import { expectRefusal } from '../../helpers/refusal.js';
import type { RequestBody } from '../../helpers/typed-call.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake, SUPERADMIN_ENV) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

const propose = (
  token: string,
  bookingId: string,
  body: RequestBody<'post', '/api/v1/reschedule/{booking_id}'> = { proposed_date: '2026-11-26', proposed_time: '15:00' },
) => t.op('post', '/api/v1/reschedule/{booking_id}', { token, path: { booking_id: bookingId }, body });
/** A body the document does not allow (a 400 test): untyped. */
const proposeRaw = (token: string, bookingId: string, body: object) =>
  t.call({ method: 'POST', url: `/api/v1/reschedule/${bookingId}`, token, payload: body });
const list = (token: string, bookingId: string) =>
  t.op('get', '/api/v1/reschedule/{booking_id}', { token, path: { booking_id: bookingId } });

describe('POST /reschedule/{booking_id}', () => {
  it('creates a PENDING PROVIDER_WEB proposal expiring 24 h later on the wall clock; notified false without a subscription', async () => {
    const owner = await salon(t);
    const booking = await book(t, owner, { date: '2026-11-24', time: '11:30' });
    const response = await propose(owner.token, booking.id);
    expect(response.statusCode).toBe(201);
    expect(response.data).toEqual({
      proposal: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        booking_id: booking.id,
        old_date: '2026-11-24',
        old_time: '11:30',
        proposed_date: '2026-11-26',
        proposed_time: '15:00',
        proposed_by: 'PROVIDER_WEB',
        status: 'PENDING',
        expires_at: '2026-11-24T10:00:00',
        created_at: '2026-11-23T10:00:00',
      },
      notified: false,
    });
  });

  it('notifies a subscribed client with accept/decline buttons and says so', async () => {
    const owner = await salon(t);
    const booking = await book(t, owner);
    const client = randomChat();
    await postUpdate(t, messageUpdate(client, `/start client_${booking.id}`));
    const response = await propose(owner.token, booking.id, { proposed_date: '2027-01-05', proposed_time: '09:15' });
    expect(response.data.notified).toBe(true);
    const sent = fake.lastTo(client)!;
    expect(sent.text).toContain('05.01.2027 09:15');
    expect(sent.text).toContain('24.11.2026 11:00');
    expect(buttonsOf(sent)).toEqual([`ra_${response.data.proposal.id}`, `rd_${response.data.proposal.id}`]);
  });

  it('notified is false when Telegram fails, and the proposal exists anyway', async () => {
    const owner = await salon(t);
    const booking = await book(t, owner);
    await postUpdate(t, messageUpdate(randomChat(), `/start client_${booking.id}`));
    fake.mode = 'fail';
    const response = await propose(owner.token, booking.id);
    expect(response.statusCode).toBe(201);
    expect(response.data.notified).toBe(false);
    fake.mode = 'ok';
    expect((await list(owner.token, booking.id)).data).toHaveLength(1);
  });

  it('409 for a second PENDING proposal, also when two requests race', async () => {
    const owner = await salon(t);
    const booking = await book(t, owner);
    const [a, b] = await Promise.all([propose(owner.token, booking.id), propose(owner.token, booking.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).problem.detail).toBe('A pending reschedule proposal already exists for this booking');
    expect((await propose(owner.token, booking.id)).statusCode).toBe(409);
  });

  it('400 for a booking that is not pending or confirmed', async () => {
    const owner = await salon(t);
    const booking = await book(t, owner);
    for (const status of ['completed', 'cancelled', 'rejected'] as const) {
      await t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id: booking.id }, body: { status } });
      const response = await propose(owner.token, booking.id);
      expectRefusal(response, 'not_reschedulable');
    }
    expect((await list(owner.token, booking.id)).data).toEqual([]);
    await t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id: booking.id }, body: { status: 'confirmed' } });
    expect((await propose(owner.token, booking.id)).statusCode).toBe(201);
  });

  it('400 for a bad date or time or a missing field', async () => {
    const owner = await salon(t);
    const booking = await book(t, owner);
    for (const body of [
      { proposed_date: '2026-02-30', proposed_time: '10:00' },
      { proposed_date: '26.11.2026', proposed_time: '10:00' },
      { proposed_date: '2026-11-26', proposed_time: '24:00' },
      { proposed_date: '2026-11-26' },
      {},
    ]) {
      const response = await proposeRaw(owner.token, booking.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof response.data.detail).toBe('string');
    }
  });

  it("404 for another business's booking or an id that is no booking; 401 without a token; 403 for a super-admin token", async () => {
    const owner = await salon(t);
    const stranger = await salon(t);
    const booking = await book(t, owner);
    expectRefusal(await propose(stranger.token, booking.id), 'not_found');
    expectRefusal(await list(stranger.token, booking.id), 'not_found');
    expectRefusal(await propose(owner.token, 'not-a-uuid'), 'not_found');
    expectRefusal(await t.op('get', '/api/v1/reschedule/{booking_id}', { path: { booking_id: booking.id } }), 'not_authenticated');
    const superToken = await t.app.ctx.tokens.signSuperAdmin();
    expectRefusal(await list(superToken, booking.id), 'forbidden');
    expect((await list(owner.token, booking.id)).data).toEqual([]);
  });
});

describe('GET /reschedule/{booking_id}', () => {
  it('lists newest first and expires PENDING proposals lazily, only when read', async () => {
    const owner = await salon(t);
    const booking = await book(t, owner);
    const first = await propose(owner.token, booking.id, { proposed_date: '2026-11-25', proposed_time: '10:00' });
    t.clock.advanceMinutes(24 * 60 + 1);

    // Not read yet: still PENDING in the database (SPEC.md rule 1 of the proposal states).
    const [stored] = await t.database.db.select().from(rescheduleProposals).where(eq(rescheduleProposals.id, first.data.proposal.id));
    expect(stored!.status).toBe('PENDING');

    const read = await list(owner.token, booking.id);
    expect(read.data.map((p) => p.status)).toEqual(['EXPIRED']);

    t.clock.advanceMinutes(1);
    const second = await propose(owner.token, booking.id, { proposed_date: '2026-11-27', proposed_time: '12:00' });
    expect(second.statusCode).toBe(201);
    const both = await list(owner.token, booking.id);
    expect(both.data.map((p) => [p.id, p.status])).toEqual([
      [second.data.proposal.id, 'PENDING'],
      [first.data.proposal.id, 'EXPIRED'],
    ]);
  });

  it('a stale PENDING proposal does not block a new one (expired on the way)', async () => {
    const owner = await salon(t);
    const booking = await book(t, owner);
    await propose(owner.token, booking.id);
    t.clock.advanceMinutes(24 * 60 + 1);
    expect((await propose(owner.token, booking.id)).statusCode).toBe(201);
  });

  it('is empty for a booking without proposals', async () => {
    const owner = await salon(t);
    const booking = await book(t, owner);
    const response = await list(owner.token, booking.id);
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual([]);
  });
});
