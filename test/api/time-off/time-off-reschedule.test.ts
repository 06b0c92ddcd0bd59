/** CONTRACT.md §21: the bot's reschedule offer (hours, then minutes) skips the master's closed hours and closed days. */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NOW, useTestApp } from '../../helpers/app.js';
import { botEnv, buttonsOf, callbackUpdate, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { book, postUpdate, providerStart, randomChat, salon } from '../../helpers/bot-scenarios.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

const TUESDAY = '2026-11-24';

/** A linked salon with a booking on Tuesday 11:00 (60 min). */
async function scene() {
  const owner = await salon(t);
  const chat = randomChat();
  await postUpdate(t, messageUpdate(chat, await providerStart(t, owner)));
  const booking = await book(t, owner, { date: TUESDAY });
  fake.reset();
  return { owner, chat, booking };
}

const hoursOffered = async (chat: number, bookingId: string) => {
  await postUpdate(t, callbackUpdate(chat, `reschedule_${bookingId}`));
  return buttonsOf(fake.lastTo(chat)!).filter((data) => data.startsWith('rh_'));
};

describe('the bot reschedule offer', () => {
  it("offers no hour inside the master's closed hours", async () => {
    const { owner, chat, booking } = await scene();
    expect(await hoursOffered(chat, booking.id)).toEqual(
      ['09', '10', '11', '12', '14', '15', '16', '17'].map((h) => `rh_${booking.id}_${h}`),
    );
    fake.reset();
    const closed = await t.op('post', '/api/v1/time-off', {
      token: owner.token,
      body: { master_id: owner.masterId, date_from: TUESDAY, date_to: TUESDAY, start_time: '14:00', end_time: '18:00' },
    });
    expect(closed.statusCode).toBe(201);
    expect(closed.data.affected).toEqual([]);
    expect(await hoursOffered(chat, booking.id)).toEqual(['09', '10', '11', '12'].map((h) => `rh_${booking.id}_${h}`));

    await postUpdate(t, callbackUpdate(chat, `rh_${booking.id}_12`, 500));
    expect(buttonsOf(fake.lastTo(chat, 'editMessageText')!)).toEqual([`rm_${booking.id}_1200`]);
  });

  it('offers nothing on a day the business closed whole', async () => {
    const { owner, chat, booking } = await scene();
    const closed = await t.op('post', '/api/v1/time-off', { token: owner.token, body: { date_from: TUESDAY, date_to: TUESDAY } });
    expect(closed.data.affected.map((b) => b.id)).toEqual([booking.id]);
    expect(await hoursOffered(chat, booking.id)).toEqual([]);
  });
});
