/**
 * CONTRACT.md §11, third pass: a booking id is not a capability. Once a chat verified the booking's
 * phone (a shared contact), the status, move and proposal notices go to that chat only and only it
 * answers proposals; a `client_{id}` chat may answer only while no chat verified the phone. And a
 * proposal of a booking cancelled since can never be accepted (it would put an ended booking back on the calendar).
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings } from '../../../src/db/schema.js';
import { BOOKING_NOT_FOUND, PROPOSAL_EXPIRED } from '../../../src/modules/bot/messages.js';
import { DEFAULT_NOW, uniquePhone, useTestApp } from '../../helpers/app.js';
import { botEnv, callbackUpdate, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { book, bookingRow, postUpdate, randomChat, salon, subscribePhone, type Salon } from '../../helpers/bot-scenarios.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

const patch = (owner: Salon, id: string, payload: object) =>
  t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id }, body: payload });

async function propose(owner: Salon, id: string, time = '15:00') {
  const proposed = await t.op('post', '/api/v1/reschedule/{booking_id}', {
    token: owner.token,
    path: { booking_id: id },
    body: { proposed_date: '2026-11-26', proposed_time: time },
  });
  expect(proposed.statusCode, proposed.body).toBe(201);
  return proposed.data.proposal.id as string;
}

const lastAnswer = () => fake.callsOf('answerCallbackQuery').at(-1)!.params.text;

describe('a chat that verified the phone outranks a chat that only knows the booking id', () => {
  it('takes the status, move and proposal notices; the client_ chat gets none and its ra_ moves nothing', async () => {
    const owner = await salon(t);
    const phone = uniquePhone();
    const booking = await book(t, owner, { phone, time: '12:00' });
    const client = randomChat();
    await subscribePhone(t, client, phone);
    const stranger = randomChat();
    await postUpdate(t, messageUpdate(stranger, `/start client_${booking.id}`));

    fake.reset();
    expect((await patch(owner, booking.id, { status: 'confirmed' })).statusCode).toBe(200);
    expect((await patch(owner, booking.id, { time: '13:00' })).statusCode).toBe(200);
    const proposalId = await propose(owner, booking.id);
    expect(fake.callsOf('sendMessage', stranger)).toHaveLength(0);
    const toClient = fake.textsTo(client).join('\n');
    expect(toClient).toContain('ПОДТВЕРЖДЕНА');
    expect(toClient).toContain('ПЕРЕНЕСЕНА');
    expect(fake.callsOf('sendMessage', client)).toHaveLength(3);

    await postUpdate(t, callbackUpdate(stranger, `ra_${proposalId}`));
    expect(lastAnswer()).toBe(BOOKING_NOT_FOUND);
    expect((await bookingRow(t, booking.id)).startAt).toBe('2026-11-24 13:00:00');

    await postUpdate(t, callbackUpdate(client, `ra_${proposalId}`));
    expect((await bookingRow(t, booking.id)).startAt).toBe('2026-11-26 15:00:00');
  });

  it('while no chat verified the phone, the client_ chat gets the notices and may answer', async () => {
    const owner = await salon(t);
    const booking = await book(t, owner, { time: '12:00' });
    const follower = randomChat();
    await postUpdate(t, messageUpdate(follower, `/start client_${booking.id}`));
    fake.reset();
    const proposalId = await propose(owner, booking.id);
    expect(fake.callsOf('sendMessage', follower)).toHaveLength(1);
    await postUpdate(t, callbackUpdate(follower, `rd_${proposalId}`));
    expect(lastAnswer()).toBe('Перенос отклонён');
  });
});

describe('a pending proposal of a booking cancelled since', () => {
  it('becomes EXPIRED with the cancellation; the client’s ra_ then moves nothing', async () => {
    const owner = await salon(t);
    const phone = uniquePhone();
    const booking = await book(t, owner, { phone, time: '12:00' });
    const client = randomChat();
    await subscribePhone(t, client, phone);
    const proposalId = await propose(owner, booking.id);
    expect((await patch(owner, booking.id, { status: 'cancelled' })).statusCode).toBe(200);

    const listed = await t.op('get', '/api/v1/reschedule/{booking_id}', { token: owner.token, path: { booking_id: booking.id } });
    expect(listed.data.map((p: { status: string }) => p.status)).toEqual(['EXPIRED']);
    await postUpdate(t, callbackUpdate(client, `ra_${proposalId}`));
    expect(lastAnswer()).toBe(PROPOSAL_EXPIRED);
    const row = await bookingRow(t, booking.id);
    expect([row.status, row.startAt]).toEqual(['cancelled', '2026-11-24 12:00:00']);
  });

  it('a cancellation the proposal did not hear of (a racing write) still moves nothing', async () => {
    const owner = await salon(t);
    const phone = uniquePhone();
    const booking = await book(t, owner, { phone, time: '12:00' });
    const client = randomChat();
    await subscribePhone(t, client, phone);
    const proposalId = await propose(owner, booking.id);
    await t.database.db.update(bookings).set({ status: 'rejected' }).where(eq(bookings.id, booking.id));

    await postUpdate(t, callbackUpdate(client, `ra_${proposalId}`));
    expect(lastAnswer()).toBe(PROPOSAL_EXPIRED);
    expect((await bookingRow(t, booking.id)).startAt).toBe('2026-11-24 12:00:00');
  });
});
