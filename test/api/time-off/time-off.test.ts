/** /time-off (CONTRACT.md §21): what a time off closes, who may write and read it, and that availability follows it. */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NOW, useOtherInstance, useTestApp } from '../../helpers/app.js';
import { botEnv, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { book, salon, type Salon } from '../../helpers/bot-scenarios.js';
import { addMaster, linkMaster } from '../../helpers/master-scenarios.js';
import { slots } from '../../helpers/catalog.js';
import { expectRefusal } from '../../helpers/refusal.js';
import type { RequestBody } from '../../helpers/typed-call.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });
const other = useOtherInstance(t);

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';
const CLOSED = { work_start: '00:00', work_end: '00:00', busy_intervals: [] };

type NewTimeOff = RequestBody<'post', '/api/v1/time-off'>;
const closeTime = (owner: { token: string }, body: NewTimeOff, token = owner.token) => t.op('post', '/api/v1/time-off', { token, body });

async function closed(owner: { token: string }, body: NewTimeOff) {
  const response = await closeTime(owner, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.data;
}

const days = (s: Salon, from: string, to: string, masterId?: number) =>
  t.op('get', '/api/v1/public/{slug}/days', {
    path: { slug: s.business.slug },
    query: { service_id: s.service.id, from, to, ...(masterId ? { master_id: masterId } : {}) },
  });

describe('a business-wide day', () => {
  it('closes the day for the business and every master, on /slots and /days; DELETE opens it again', async () => {
    const s = await salon(t);
    const before = (await slots(t, s.business.slug, TUESDAY)).data;
    const { time_off: entry } = await closed(s, { date_from: TUESDAY, date_to: TUESDAY, note: 'Наурыз' });
    expect(entry).toEqual({
      id: entry.id,
      master_id: null,
      date_from: TUESDAY,
      date_to: TUESDAY,
      start_time: null,
      end_time: null,
      note: 'Наурыз',
    });
    expect((await slots(t, s.business.slug, TUESDAY)).data).toEqual(CLOSED);
    expect((await slots(t, s.business.slug, TUESDAY, s.masterId)).data).toEqual(CLOSED);
    expect((await slots(t, s.business.slug, WEDNESDAY, s.masterId)).data).not.toEqual(CLOSED);
    expect((await days(s, TUESDAY, WEDNESDAY)).data).toEqual([
      { date: TUESDAY, available: false, day_off: true },
      { date: WEDNESDAY, available: true, day_off: false },
    ]);

    const removed = await t.op('delete', '/api/v1/time-off/{id}', { token: s.token, path: { id: entry.id } });
    expect(removed.statusCode).toBe(204);
    expect((await slots(t, s.business.slug, TUESDAY)).data).toEqual(before);
    expect((await days(s, TUESDAY, TUESDAY)).data).toEqual([{ date: TUESDAY, available: true, day_off: false }]);
  });

  it('without masters, the business schedule closes too', async () => {
    const s = await salon(t);
    await t.op('delete', '/api/v1/masters/{id}', { token: s.token, path: { id: s.masterId } });
    await closed(s, { master_id: null, date_from: TUESDAY, date_to: WEDNESDAY });
    expect((await slots(t, s.business.slug, TUESDAY)).data).toEqual(CLOSED);
    expect((await slots(t, s.business.slug, WEDNESDAY)).data).toEqual(CLOSED);
  });
});

describe("a master's hours", () => {
  it("are busy in that master's slots, and in the aggregate only where nobody else works", async () => {
    const s = await salon(t);
    const second = await addMaster(t, s);
    await closed(s, { master_id: s.masterId, date_from: TUESDAY, date_to: TUESDAY, start_time: '15:00', end_time: '18:00' });
    expect((await slots(t, s.business.slug, TUESDAY, s.masterId)).data).toEqual({
      work_start: '09:00',
      work_end: '18:00',
      busy_intervals: [
        ['13:00', '14:00'],
        ['15:00', '18:00'],
      ],
    });
    expect((await slots(t, s.business.slug, TUESDAY, second)).data.busy_intervals).toEqual([['13:00', '14:00']]);
    // The second master still works 15:00-18:00; once booked then, the closed master adds no free minute.
    expect((await slots(t, s.business.slug, TUESDAY)).data.busy_intervals).toEqual([['13:00', '14:00']]);
    await book(t, { ...s, masterId: second }, { date: TUESDAY, time: '16:00' });
    expect((await slots(t, s.business.slug, TUESDAY)).data.busy_intervals).toEqual([
      ['13:00', '14:00'],
      ['16:00', '17:00'],
    ]);
  });

  it("a master's whole day is that master's closed day only", async () => {
    const s = await salon(t);
    const second = await addMaster(t, s);
    await closed(s, { master_id: s.masterId, date_from: TUESDAY, date_to: TUESDAY });
    expect((await slots(t, s.business.slug, TUESDAY, s.masterId)).data).toEqual(CLOSED);
    expect((await slots(t, s.business.slug, TUESDAY, second)).data).not.toEqual(CLOSED);
    expect((await days(s, TUESDAY, TUESDAY, s.masterId)).data).toEqual([{ date: TUESDAY, available: false, day_off: true }]);
    expect((await days(s, TUESDAY, TUESDAY)).data).toEqual([{ date: TUESDAY, available: true, day_off: false }]);
  });

  it('hours closing the whole working window make a day off on /days, not a full day (core worksThatDate)', async () => {
    const s = await salon(t);
    await closed(s, { master_id: s.masterId, date_from: TUESDAY, date_to: TUESDAY, start_time: '08:00', end_time: '19:00' });
    await closed(s, { master_id: s.masterId, date_from: WEDNESDAY, date_to: WEDNESDAY, start_time: '09:00', end_time: '17:00' });
    expect((await days(s, TUESDAY, WEDNESDAY, s.masterId)).data).toEqual([
      { date: TUESDAY, available: false, day_off: true },
      { date: WEDNESDAY, available: true, day_off: false },
    ]);
  });
});

describe('affected bookings', () => {
  it('answers the bookings that occupy time inside the closed time, and only those', async () => {
    const s = await salon(t);
    const second = await addMaster(t, s);
    const inside = await book(t, s, { date: TUESDAY, time: '15:30' });
    const touching = await book(t, s, { date: TUESDAY, time: '14:00' }); // ends 15:00, as the time off starts
    await book(t, { ...s, masterId: second }, { date: TUESDAY, time: '16:00' }); // another master
    const cancelled = await book(t, s, { date: TUESDAY, time: '17:00' });
    await t.op('patch', '/api/v1/bookings/{id}', { token: s.token, path: { id: cancelled.id }, body: { status: 'cancelled' } });
    const answer = await closed(s, { master_id: s.masterId, date_from: TUESDAY, date_to: TUESDAY, start_time: '15:00', end_time: '18:00' });
    expect(answer.affected.map((booking) => booking.id)).toEqual([inside.id]);
    expect(answer.affected[0]).toMatchObject({ start_at: `${TUESDAY}T15:30:00`, master: { id: s.masterId }, status: 'pending' });
    expect(touching.id).not.toBe(inside.id);

    const wide = await closed(s, { date_from: TUESDAY, date_to: TUESDAY });
    expect(wide.affected.map((booking) => booking.id).sort()).toHaveLength(3);
  });
});

describe('GET /time-off', () => {
  it("lists the entries touching the range by date; master_id: the business's and that master's", async () => {
    const s = await salon(t);
    const second = await addMaster(t, s);
    const late = await closed(s, { master_id: second, date_from: '2026-12-10', date_to: '2026-12-12' });
    const early = await closed(s, { date_from: '2026-12-01', date_to: '2026-12-01', start_time: '09:00', end_time: '12:00' });
    const mine = await closed(s, { master_id: s.masterId, date_from: '2026-12-05', date_to: '2026-12-05' });
    const list = await t.op('get', '/api/v1/time-off', { token: s.token, query: { from: '2026-12-01', to: '2026-12-31' } });
    expect(list.data.map((row) => row.id)).toEqual([early.time_off.id, mine.time_off.id, late.time_off.id]);
    const ofMaster = await t.op('get', '/api/v1/time-off', {
      token: s.token,
      query: { from: '2026-12-01', to: '2026-12-31', master_id: s.masterId },
    });
    expect(ofMaster.data.map((row) => row.id)).toEqual([early.time_off.id, mine.time_off.id]);
    const narrow = await t.op('get', '/api/v1/time-off', { token: s.token, query: { from: '2026-12-11', to: '2026-12-11' } });
    expect(narrow.data.map((row) => row.id)).toEqual([late.time_off.id]);
  });
});

describe('holidays', () => {
  it("lists Kazakhstan's holidays of the year with Kurban ait, by date", async () => {
    const s = await salon(t);
    const response = await t.op('get', '/api/v1/time-off/holidays', { token: s.token, query: { year: 2026 } });
    expect(response.statusCode).toBe(200);
    expect(response.data).toHaveLength(15);
    expect(response.data[0]).toEqual({ date: '2026-01-01', name: 'Новый год', names: { ru: 'Новый год', kk: 'Жаңа жыл', en: 'New Year' } });
    expect(response.data).toContainEqual({
      date: '2026-03-22',
      name: 'Наурыз мейрамы',
      names: { ru: 'Наурыз мейрамы', kk: 'Наурыз мейрамы', en: 'Nauryz' },
    });
    expect(response.data).toContainEqual({
      date: '2026-05-27',
      name: 'Курбан айт',
      names: { ru: 'Курбан айт', kk: 'Құрбан айт', en: 'Kurban Ait' },
    });
    expect(response.data.find((day) => day.date === '2026-12-16')?.names.kk).toBe('Тәуелсіздік күні');
    expect(response.data.map((day) => day.date)).toEqual(response.data.map((day) => day.date).sort());
    expectRefusal(
      await t.call({ method: 'GET', url: '/api/v1/time-off/holidays?year=abc', headers: { authorization: `Bearer ${s.token}` } }),
      'invalid_input',
    );
  });

  it('a master token may read them', async () => {
    const s = await salon(t);
    const master = await linkMaster(t, s);
    const response = await t.op('get', '/api/v1/time-off/holidays', { token: master.token, query: { year: 2027 } });
    expect(response.statusCode).toBe(200);
    expect(response.data).toContainEqual(expect.objectContaining({ date: '2027-05-16', name: 'Курбан айт' }));
  });
});

describe('isolation', () => {
  it("another business's time off and master are not found", async () => {
    const s = await salon(t);
    const stranger = await salon(t);
    const { time_off: theirs } = await closed(stranger, { date_from: TUESDAY, date_to: TUESDAY });
    expectRefusal(await t.op('delete', '/api/v1/time-off/{id}', { token: s.token, path: { id: theirs.id } }), 'not_found');
    expectRefusal(await closeTime(s, { master_id: stranger.masterId, date_from: TUESDAY, date_to: TUESDAY }), 'not_found');
    expectRefusal(
      await t.op('get', '/api/v1/time-off', { token: s.token, query: { from: TUESDAY, to: TUESDAY, master_id: stranger.masterId } }),
      'not_found',
    );
    expect((await t.op('get', '/api/v1/time-off', { token: s.token, query: { from: TUESDAY, to: TUESDAY } })).data).toEqual([]);
    expect((await slots(t, s.business.slug, TUESDAY)).data).not.toEqual(CLOSED);
    // The stranger's entry is still there.
    expect((await t.op('get', '/api/v1/time-off', { token: stranger.token, query: { from: TUESDAY, to: TUESDAY } })).data).toHaveLength(1);
  });
});

describe('a master token', () => {
  it("reads its own master's and the business's time off, nothing else, and writes nothing", async () => {
    const s = await salon(t);
    const second = await addMaster(t, s);
    const master = await linkMaster(t, s);
    const business = await closed(s, { date_from: TUESDAY, date_to: TUESDAY });
    const own = await closed(s, { master_id: s.masterId, date_from: WEDNESDAY, date_to: WEDNESDAY });
    await closed(s, { master_id: second, date_from: WEDNESDAY, date_to: WEDNESDAY });
    const range = { from: TUESDAY, to: WEDNESDAY };
    const mine = await t.op('get', '/api/v1/time-off', { token: master.token, query: range });
    expect(mine.data.map((row) => row.id)).toEqual([business.time_off.id, own.time_off.id]);
    const asked = await t.op('get', '/api/v1/time-off', { token: master.token, query: { ...range, master_id: s.masterId } });
    expect(asked.data).toEqual(mine.data);
    expectRefusal(await t.op('get', '/api/v1/time-off', { token: master.token, query: { ...range, master_id: second } }), 'forbidden');
    expectRefusal(await closeTime(s, { master_id: s.masterId, date_from: TUESDAY, date_to: TUESDAY }, master.token), 'forbidden');
    expectRefusal(await t.op('delete', '/api/v1/time-off/{id}', { token: master.token, path: { id: own.time_off.id } }), 'forbidden');
  });
});

describe('validation', () => {
  const raw = (token: string, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/v1/time-off', headers: { authorization: `Bearer ${token}` }, payload });

  it.each([
    ['date_to before date_from', { date_from: WEDNESDAY, date_to: TUESDAY }],
    ['more than 366 days', { date_from: '2026-12-01', date_to: '2027-12-03' }],
    ['a start time alone', { date_from: TUESDAY, date_to: TUESDAY, start_time: '10:00' }],
    ['an end time alone', { date_from: TUESDAY, date_to: TUESDAY, end_time: '10:00' }],
    ['a start not before the end', { date_from: TUESDAY, date_to: TUESDAY, start_time: '12:00', end_time: '12:00' }],
    ['a date that does not exist', { date_from: '2026-02-30', date_to: '2026-03-01' }],
    ['a time that is not HH:MM', { date_from: TUESDAY, date_to: TUESDAY, start_time: '9:00', end_time: '12:00' }],
  ])('POST refuses %s: 400', async (_name, body) => {
    const s = await salon(t);
    expectRefusal(await raw(s.token, body), 'invalid_input');
  });

  it('366 days is accepted, and a range of GET more than 366 days apart is refused', async () => {
    const s = await salon(t);
    expect((await raw(s.token, { date_from: '2026-12-01', date_to: '2027-12-02' })).statusCode).toBe(201);
    expectRefusal(
      await t.op('get', '/api/v1/time-off', { token: s.token, query: { from: '2026-01-01', to: '2027-01-03' } }),
      'invalid_input',
    );
    expectRefusal(await t.op('get', '/api/v1/time-off', { token: s.token, query: { from: WEDNESDAY, to: TUESDAY } }), 'invalid_input');
  });
});

describe('cache invalidation', () => {
  it('slots and /days change right after POST and DELETE, on this instance and on another one', async () => {
    const s = await salon(t);
    const read = (caller: typeof t | typeof other) => slots(caller, s.business.slug, TUESDAY, s.masterId);
    const before = (await read(t)).data;
    expect((await read(other)).data).toEqual(before);
    expect((await days(s, TUESDAY, TUESDAY)).data[0]!.day_off).toBe(false);
    const { time_off: entry } = await closed(s, { master_id: s.masterId, date_from: TUESDAY, date_to: TUESDAY });
    expect((await read(t)).data).toEqual(CLOSED);
    await expect.poll(async () => (await read(other)).data, { timeout: 3000 }).toEqual(CLOSED);
    expect((await days(s, TUESDAY, TUESDAY, s.masterId)).data[0]!.day_off).toBe(true);
    await t.op('delete', '/api/v1/time-off/{id}', { token: s.token, path: { id: entry.id } });
    expect((await read(t)).data).toEqual(before);
    await expect.poll(async () => (await read(other)).data, { timeout: 3000 }).toEqual(before);
  });
});

describe('strict slots', () => {
  it('refuse a time inside time off; without strict slots the API still books it', async () => {
    const s = await salon(t);
    await closed(s, { master_id: s.masterId, date_from: TUESDAY, date_to: TUESDAY, start_time: '15:00', end_time: '18:00' });
    const loose = await book(t, s, { date: TUESDAY, time: '15:00' });
    expect(loose.id).toBeTruthy();
    await t.op('put', '/api/v1/business', { token: s.token, body: { strict_slots: true } });
    const request = (time: string) =>
      t.op('post', '/api/v1/public/{slug}/booking', {
        path: { slug: s.business.slug },
        body: { service_id: s.service.id, master_id: s.masterId, date: TUESDAY, time, first_name: 'Алия', phone: '+77011234567' },
      });
    expectRefusal(await request('16:00'), 'slot_taken');
    expectRefusal(await request('14:30'), 'slot_taken'); // 14:30-15:30 runs into it
    expect((await request('10:00')).statusCode).toBe(201);
  });
});
