/**
 * GET /bookings/{id}/free-times: where the owner may move a booking, by the one server rule the bot
 * offers too (reschedule/reschedule.service.ts freeTimesForMove): schedule, break, buffers (CONTRACT.md §17), time
 * off (§21), the target master's own duration, not before now, §19's master_not_for_service.
 * The test clock: Monday 2026-11-23 10:00 in Asia/Almaty; the business works 09:00-18:00, break 13:00-14:00.
 */
import { describe, expect, it } from 'vitest';
import { registerBusiness, uniquePhone, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { createMaster, createService } from '../../helpers/catalog.js';
import { freeTimesOf, TODAY, TUESDAY } from '../../helpers/free-times.js';
import { expectRefusal } from '../../helpers/refusal.js';
import { freeTimesForMove } from '../../../src/modules/bookings/reschedule/reschedule.service.js';
import { findBookingView } from '../../../src/modules/bookings/bookings.queries.js';

const t = useTestApp();

const ownerBooking = (owner: RegisteredBusiness, body: { master_id: number; time: string; date?: string; service_id?: number }) =>
  t.op('post', '/api/v1/bookings', {
    token: owner.token,
    body: { service_id: owner.service.id, date: TUESDAY, first_name: 'Алия', phone: uniquePhone(), ...body },
  });

const { freeTimes, freeTimesRaw } = freeTimesOf(t, '/api/v1/bookings/{id}/free-times');

/** A master who does the business's service, with one booking at 11:00 on Tuesday to move. */
async function salon() {
  const owner = await registerBusiness(t);
  const master = await createMaster(t, owner, 'Ерлан');
  const moving = await ownerBooking(owner, { master_id: master.id, time: '11:00' });
  expect(moving.statusCode, moving.body).toBe(201);
  return { owner, master, moving: moving.data };
}

describe('GET /bookings/{id}/free-times', () => {
  it("answers the master's free starts of the date: every 15 minutes, the break and other bookings with their buffer kept, its own time left out", async () => {
    const { owner, master, moving } = await salon();
    await t.op('put', '/api/v1/services/{id}', { token: owner.token, path: { id: owner.service.id }, body: { buffer_after: 15 } });
    expect((await ownerBooking(owner, { master_id: master.id, time: '15:00' })).statusCode).toBe(201);
    const answer = await freeTimes(owner.token, moving.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.data).toHaveLength(1);
    const [day] = answer.data;
    expect(day!.date).toBe(TUESDAY);
    // 60 minutes + 15 of buffer: the last morning start is 11:45 (its buffer ends at the break), 15:00-16:00 + 15 blocks 14:00-16:00.
    expect(day!.times.filter((time) => time < '14:00')).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
      '10:15',
      '10:30',
      '10:45',
      '11:15',
      '11:30',
      '11:45',
    ]);
    expect(day!.times.filter((time) => time >= '14:00')).toEqual(['16:15', '16:30', '16:45', '17:00']);
  });

  it('is the very answer the bot offers for the same booking and date', async () => {
    const { owner, master, moving } = await salon();
    await ownerBooking(owner, { master_id: master.id, time: '14:30' });
    const booking = (await findBookingView(t.app.ctx.db, moving.id))!;
    const bot = await freeTimesForMove(t.app.ctx, booking);
    expect(bot.length).toBeGreaterThan(5);
    expect((await freeTimes(owner.token, moving.id)).data[0]!.times).toEqual(bot);
    // Today, by the same rule of "not before now" (10:00 on the test clock).
    const today = await ownerBooking(owner, { master_id: master.id, time: '16:00', date: TODAY });
    const todayView = (await findBookingView(t.app.ctx.db, today.data.id))!;
    const botToday = await freeTimesForMove(t.app.ctx, todayView);
    expect((await freeTimes(owner.token, today.data.id, { date: TODAY })).data[0]!.times).toEqual(botToday);
    expect(botToday[0]).toBe('10:00');
  });

  it("with another master: that master's own duration and bookings; master_not_for_service for one who does not do it", async () => {
    const { owner, moving } = await salon();
    const senior = await createMaster(t, owner, 'Данияр');
    await t.op('put', '/api/v1/masters/{id}/services/{service_id}', {
      token: owner.token,
      path: { id: senior.id, service_id: owner.service.id },
      body: { price: 7000, duration: 45 },
    });
    await ownerBooking(owner, { master_id: senior.id, time: '10:00' });
    const answer = await freeTimes(owner.token, moving.id, { date: TUESDAY, master_id: senior.id });
    expect(answer.statusCode, answer.body).toBe(200);
    // 45 minutes: 10:45 follows that master's 10:00-10:45, 12:15 still ends by the break; 11:00 is offered with another master.
    expect(answer.data[0]!.times.filter((time) => time < '14:00')).toEqual([
      '09:00',
      '09:15',
      '10:45',
      '11:00',
      '11:15',
      '11:30',
      '11:45',
      '12:00',
      '12:15',
    ]);

    const colourist = await createMaster(t, owner, 'Колорист', [(await createService(t, owner)).id]);
    expectRefusal(await freeTimes(owner.token, moving.id, { date: TUESDAY, master_id: colourist.id }), 'master_not_for_service');
  });

  it('follows time off: a day closed whole answers no times, closed hours none inside them (CONTRACT.md §21)', async () => {
    const { owner, master, moving } = await salon();
    const close = (body: Record<string, string>) =>
      t.op('post', '/api/v1/time-off', {
        token: owner.token,
        body: { master_id: master.id, date_from: TUESDAY, date_to: TUESDAY, ...body },
      });
    expect((await close({ start_time: '09:00', end_time: '12:00' })).statusCode).toBe(201);
    expect((await freeTimes(owner.token, moving.id)).data[0]!.times[0]).toBe('12:00');
    expect((await close({ date_from: '2026-11-25', date_to: '2026-11-25' })).statusCode).toBe(201);
    expect((await freeTimes(owner.token, moving.id, { date: '2026-11-25' })).data).toEqual([
      { date: '2026-11-25', times: [], works: false },
    ]);
  });

  it('nothing before now: a past date answers no times, today starts at the current minute', async () => {
    const { owner, moving } = await salon();
    expect((await freeTimes(owner.token, moving.id, { date: '2026-11-20' })).data).toEqual([
      { date: '2026-11-20', times: [], works: true },
    ]);
    const today = (await freeTimes(owner.token, moving.id, { date: TODAY })).data[0]!.times;
    expect(today[0]).toBe('10:00');
    expect(today.every((time) => time >= '10:00')).toBe(true);
  });

  it('with days: one entry per date in order, a day off empty, at most 60 dates', async () => {
    const { owner, moving } = await salon();
    const answer = await freeTimes(owner.token, moving.id, { date: '2026-11-27', days: 4 });
    expect(answer.data.map((day) => day.date)).toEqual(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']);
    // Saturday and Sunday are days off of a new business; Friday and Monday work.
    expect(answer.data.map((day) => day.times.length > 0)).toEqual([true, false, false, true]);
    expect((await freeTimes(owner.token, moving.id, { date: TUESDAY, days: 60 })).data).toHaveLength(60);
    expect((await freeTimesRaw(owner.token, moving.id, `date=${TUESDAY}&days=61`)).statusCode).toBe(400);
  });

  it('400 for a bad date or an unknown master, 404 for a foreign or malformed booking id', async () => {
    const { owner, moving } = await salon();
    for (const query of ['date=2026-02-30', 'date=tomorrow', '', `date=${TUESDAY}&master_id=0`, `date=${TUESDAY}&master_id=x`]) {
      expectRefusal(await freeTimesRaw(owner.token, moving.id, query), 'invalid_input');
    }
    expectRefusal(await freeTimes(owner.token, moving.id, { date: TUESDAY, master_id: 2147483647 }), 'invalid_input');
    const other = await registerBusiness(t);
    const otherMaster = await createMaster(t, other);
    expectRefusal(await freeTimes(owner.token, moving.id, { date: TUESDAY, master_id: otherMaster.id }), 'invalid_input');
    expectRefusal(await freeTimes(other.token, moving.id), 'not_found');
    expectRefusal(await freeTimesRaw(owner.token, 'not-a-booking', `date=${TUESDAY}`), 'not_found');
  });

  it('an API key reads it as the owner does; without a token it is 401', async () => {
    const { owner, moving } = await salon();
    const key = (await t.op('post', '/api/v1/api-keys', { token: owner.token, body: { name: 'crm' } })).data.key;
    expect((await freeTimes(key, moving.id)).data).toEqual((await freeTimes(owner.token, moving.id)).data);
    expect((await t.call({ method: 'GET', url: `/api/v1/bookings/${moving.id}/free-times?date=${TUESDAY}` })).statusCode).toBe(401);
  });

  it('every time it offers is one strict slots accept', async () => {
    const { owner, master, moving } = await salon();
    await t.op('put', '/api/v1/business', { token: owner.token, body: { strict_slots: true } });
    await ownerBooking(owner, { master_id: master.id, time: '14:00' });
    const times = (await freeTimes(owner.token, moving.id)).data[0]!.times;
    for (const time of [times[0]!, times.find((free) => free > '14:00')!, times[times.length - 1]!]) {
      const moved = await t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id: moving.id }, body: { time } });
      expect(moved.statusCode, `${time} ${moved.body}`).toBe(200);
    }
  });
});
