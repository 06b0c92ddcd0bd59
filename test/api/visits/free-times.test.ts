/**
 * GET /visits/{id}/free-times: where the owner may move a whole visit (CONTRACT.md §20), by the one server
 * rule the bot offers too (visits/reschedule.ts freeTimesForVisitMove): each item by its own master, back to
 * back, the visit's own bookings left out, other bookings and the break kept, not before now. Every answer
 * goes through the test client's contract check against the served OpenAPI document.
 * The test clock: Monday 2026-11-23 10:00 in Asia/Almaty; the business works 09:00-18:00, break 13:00-14:00;
 * the cut lasts 60 minutes, the beard 30.
 */
import { describe, expect, it } from 'vitest';
import { registerBusiness, uniquePhone, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { createMaster, createService } from '../../helpers/catalog.js';
import { cutThenBeard, freeTimesOf, TODAY, TUESDAY } from '../../helpers/free-times.js';
import { expectRefusal } from '../../helpers/refusal.js';
import { visitBookings } from '../../../src/modules/visits/visits.queries.js';
import { freeTimesForVisitMove } from '../../../src/modules/visits/reschedule.js';

const t = useTestApp();

/** A cut by Ерлан, then a beard by Данияр, with a visit to move on `date` at `time`. */
async function salon(date = TUESDAY, time = '09:00') {
  const owner = await registerBusiness(t);
  const beard = (await createService(t, owner, { name: 'Борода', duration: 30, price: 3000 })).id;
  const erlan = (await createMaster(t, owner, 'Ерлан', [owner.service.id, beard])).id;
  const daniyar = (await createMaster(t, owner, 'Данияр', [owner.service.id, beard])).id;
  const visit = await cutThenBeard(t, owner, { first: erlan, second: daniyar, beard }, date, time);
  return { owner, erlan, daniyar, visit };
}

const { freeTimes, freeTimesRaw } = freeTimesOf(t, '/api/v1/visits/{id}/free-times');

const busy = (owner: RegisteredBusiness, master_id: number, time: string, date = TUESDAY) =>
  t.op('post', '/api/v1/bookings', {
    token: owner.token,
    body: { service_id: owner.service.id, master_id, date, time, first_name: 'Алия', phone: uniquePhone() },
  });

describe('GET /visits/{id}/free-times', () => {
  it('offers the starts at which every item fits by its own master; a taken time, the break and its own time are absent', async () => {
    const { owner, daniyar, visit } = await salon();
    // Данияр is busy 16:00-17:00: a visit from 14:45 to 15:45 would put his beard inside it, 16:00 puts it at 17:00.
    expect((await busy(owner, daniyar, '16:00')).statusCode).toBe(201);
    const answer = await freeTimes(owner.token, visit.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.data).toHaveLength(1);
    expect(answer.data[0]!.date).toBe(TUESDAY);
    const times = answer.data[0]!.times;
    // 09:00 is its own time; the beard must end by the break at 13:00 (from 11:30: the cut to 12:30, the beard to 13:00).
    expect(times.filter((time) => time < '14:00')).toEqual([
      '09:15',
      '09:30',
      '09:45',
      '10:00',
      '10:15',
      '10:30',
      '10:45',
      '11:00',
      '11:15',
      '11:30',
    ]);
    expect(times.filter((time) => time >= '14:00')).toEqual(['14:00', '14:15', '14:30', '16:00', '16:15', '16:30']);
  });

  it("follows an item's master's time off (CONTRACT.md §21)", async () => {
    const { owner, erlan, visit } = await salon();
    const closed = await t.op('post', '/api/v1/time-off', {
      token: owner.token,
      body: { master_id: erlan, date_from: TUESDAY, date_to: TUESDAY, start_time: '09:00', end_time: '12:00' },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    // Ерлан's cut from 12:00 would leave Данияр's beard in the break: nothing before 14:00.
    expect((await freeTimes(owner.token, visit.id)).data[0]!.times[0]).toBe('14:00');
  });

  it('is the very answer the bot offers for the same visit, on its date and today', async () => {
    const { owner, daniyar, visit } = await salon(TUESDAY, '11:00');
    await busy(owner, daniyar, '15:00');
    const bot = await freeTimesForVisitMove(t.app.ctx, await visitBookings(t.app.ctx.db, owner.business.id, visit.id));
    expect(bot.length).toBeGreaterThan(5);
    expect((await freeTimes(owner.token, visit.id)).data[0]!.times).toEqual(bot);

    const today = await salon(TODAY, '15:00');
    const botToday = await freeTimesForVisitMove(t.app.ctx, await visitBookings(t.app.ctx.db, today.owner.business.id, today.visit.id));
    expect((await freeTimes(today.owner.token, today.visit.id, { date: TODAY })).data[0]!.times).toEqual(botToday);
    // Not before now: 10:00 on the test clock.
    expect(botToday[0]).toBe('10:00');
  });

  it('with days: one entry per date in order, a day off and a past date empty, at most 60 dates', async () => {
    const { owner, visit } = await salon();
    const answer = await freeTimes(owner.token, visit.id, { date: '2026-11-27', days: 4 });
    expect(answer.data.map((day) => day.date)).toEqual(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']);
    // Saturday and Sunday are days off of a new business; Friday and Monday work, the whole day offered from 09:00.
    expect(answer.data.map((day) => day.times.length > 0)).toEqual([true, false, false, true]);
    expect(answer.data[3]!.times[0]).toBe('09:00');
    expect((await freeTimes(owner.token, visit.id, { date: '2026-11-20' })).data).toEqual([{ date: '2026-11-20', times: [], works: true }]);
    expect((await freeTimes(owner.token, visit.id, { date: TUESDAY, days: 60 })).data).toHaveLength(60);
    expectRefusal(await freeTimesRaw(owner.token, visit.id, `date=${TUESDAY}&days=61`), 'invalid_input');
    expectRefusal(await freeTimesRaw(owner.token, visit.id, `date=${TUESDAY}&days=0`), 'invalid_input');
  });

  it('400 for a bad date, 404 for another business’s or a malformed visit id, 401 without a token', async () => {
    const { owner, visit } = await salon();
    for (const query of ['date=2026-02-30', 'date=tomorrow', ''])
      expectRefusal(await freeTimesRaw(owner.token, visit.id, query), 'invalid_input');
    const other = await registerBusiness(t);
    expectRefusal(await freeTimes(other.token, visit.id), 'not_found');
    expectRefusal(await freeTimesRaw(owner.token, 'not-a-visit', `date=${TUESDAY}`), 'not_found');
    // A single booking's id names no visit.
    expectRefusal(await freeTimes(owner.token, visit.bookings[0]!.id), 'not_found');
    expect((await t.call({ method: 'GET', url: `/api/v1/visits/${visit.id}/free-times?date=${TUESDAY}` })).statusCode).toBe(401);
  });

  it('an API key reads it as the owner does, and every time offered moves the visit', async () => {
    const { owner, visit } = await salon();
    const key = (await t.op('post', '/api/v1/api-keys', { token: owner.token, body: { name: 'crm' } })).data.key;
    const times = (await freeTimes(owner.token, visit.id)).data[0]!.times;
    expect((await freeTimes(key, visit.id)).data[0]!.times).toEqual(times);
    const moved = await t.op('patch', '/api/v1/visits/{id}', {
      token: owner.token,
      path: { id: visit.id },
      body: { time: times[times.length - 1]! },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.data.start_at).toBe(`${TUESDAY}T${times[times.length - 1]}:00`);
  });
});
