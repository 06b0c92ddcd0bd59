/**
 * The move pickers' `works` and `closed_reason` (GET /bookings/{id}/free-times, GET /visits/{id}/free-times):
 * a date the master does not work (the schedule's day off, time off, CONTRACT.md §21) is told apart from a
 * full one. A visit's is its first item's master's (decision 0095). Every answer goes through the test
 * client's contract check against the served OpenAPI document.
 * The test clock: Monday 2026-11-23 10:00 in Asia/Almaty; the business works 09:00-18:00 on weekdays, break 13:00-14:00.
 */
import { describe, expect, it } from 'vitest';
import { registerBusiness, uniquePhone, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { createMaster, createService } from '../../helpers/catalog.js';
import { cutThenBeard, freeTimesOf, TUESDAY } from '../../helpers/free-times.js';

const t = useTestApp();

const WEDNESDAY = '2026-11-25';
const SATURDAY = '2026-11-28';

const booking = (owner: RegisteredBusiness, master_id: number, date: string, time: string) =>
  t.op('post', '/api/v1/bookings', {
    token: owner.token,
    body: { service_id: owner.service.id, master_id, date, time, first_name: 'Алия', phone: uniquePhone() },
  });

const closeDay = (owner: RegisteredBusiness, body: { master_id: number | null; date: string; note?: string; hours?: [string, string] }) =>
  t.op('post', '/api/v1/time-off', {
    token: owner.token,
    body: {
      master_id: body.master_id,
      date_from: body.date,
      date_to: body.date,
      ...(body.note === undefined ? {} : { note: body.note }),
      ...(body.hours === undefined ? {} : { start_time: body.hours[0], end_time: body.hours[1] }),
    },
  });

/** A master with a booking on Tuesday at 11:00 to move. */
async function salon() {
  const owner = await registerBusiness(t);
  const master = (await createMaster(t, owner, 'Ерлан')).id;
  const moving = await booking(owner, master, TUESDAY, '11:00');
  expect(moving.statusCode, moving.body).toBe(201);
  return { owner, master, moving: moving.data };
}

describe('GET /bookings/{id}/free-times: works', () => {
  const { freeTimes } = freeTimesOf(t, '/api/v1/bookings/{id}/free-times');

  it("a working day works; the schedule's day off does not, with no reason", async () => {
    const { owner, moving } = await salon();
    const answer = await freeTimes(owner.token, moving.id, { date: TUESDAY });
    expect(answer.data[0]!.works).toBe(true);
    expect(answer.data[0]!.times.length).toBeGreaterThan(0);
    expect((await freeTimes(owner.token, moving.id, { date: SATURDAY })).data).toEqual([{ date: SATURDAY, times: [], works: false }]);
  });

  it("time off: the master's own day with its note, a holiday of the business with its name, hours over the whole window", async () => {
    const { owner, master, moving } = await salon();
    expect((await closeDay(owner, { master_id: master, date: WEDNESDAY, note: 'Болеет' })).statusCode).toBe(201);
    expect((await closeDay(owner, { master_id: null, date: '2026-11-26', note: 'Наурыз' })).statusCode).toBe(201);
    expect((await closeDay(owner, { master_id: master, date: '2026-11-27', hours: ['08:00', '19:00'] })).statusCode).toBe(201);
    const answer = await freeTimes(owner.token, moving.id, { date: WEDNESDAY, days: 3 });
    expect(answer.data).toEqual([
      { date: WEDNESDAY, times: [], works: false, closed_reason: 'Болеет' },
      { date: '2026-11-26', times: [], works: false, closed_reason: 'Наурыз' },
      { date: '2026-11-27', times: [], works: false },
    ]);
  });

  it('a full working day works, with no times', async () => {
    const { owner, master, moving } = await salon();
    for (const time of ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00']) {
      expect((await booking(owner, master, WEDNESDAY, time)).statusCode).toBe(201);
    }
    expect((await freeTimes(owner.token, moving.id, { date: WEDNESDAY })).data).toEqual([{ date: WEDNESDAY, times: [], works: true }]);
  });

  it("with another master: that master's day", async () => {
    const { owner, moving } = await salon();
    const other = (await createMaster(t, owner, 'Данияр')).id;
    expect((await closeDay(owner, { master_id: other, date: TUESDAY, note: 'Учёба' })).statusCode).toBe(201);
    const answer = await freeTimes(owner.token, moving.id, { date: TUESDAY, master_id: other });
    expect(answer.data).toEqual([{ date: TUESDAY, times: [], works: false, closed_reason: 'Учёба' }]);
    expect((await freeTimes(owner.token, moving.id, { date: TUESDAY })).data[0]!.works).toBe(true);
  });
});

describe("GET /visits/{id}/free-times: works is the first item's master's", () => {
  const { freeTimes } = freeTimesOf(t, '/api/v1/visits/{id}/free-times');

  it("false with the first item's master off (with the note), true with a later one's off", async () => {
    const owner = await registerBusiness(t);
    const beard = (await createService(t, owner, { name: 'Борода', duration: 30, price: 3000 })).id;
    const erlan = (await createMaster(t, owner, 'Ерлан')).id;
    const daniyar = (await createMaster(t, owner, 'Данияр', [beard])).id;
    const visit = await cutThenBeard(t, owner, { first: erlan, second: daniyar, beard });
    expect((await closeDay(owner, { master_id: erlan, date: WEDNESDAY, note: 'Болеет' })).statusCode).toBe(201);
    expect((await closeDay(owner, { master_id: daniyar, date: '2026-11-26' })).statusCode).toBe(201);
    const answer = await freeTimes(owner.token, visit.id, { date: TUESDAY, days: 5 });
    expect(answer.data.map(({ date, works, closed_reason }) => ({ date, works, closed_reason }))).toEqual([
      { date: TUESDAY, works: true, closed_reason: undefined },
      { date: WEDNESDAY, works: false, closed_reason: 'Болеет' },
      // Данияр's day off leaves the visit no time, but its first master works: the picker says the day is full.
      { date: '2026-11-26', works: true, closed_reason: undefined },
      { date: '2026-11-27', works: true, closed_reason: undefined },
      { date: SATURDAY, works: false, closed_reason: undefined },
    ]);
    expect(answer.data[2]!.times).toEqual([]);
    expect(answer.data[1]!.times).toEqual([]);
  });
});
