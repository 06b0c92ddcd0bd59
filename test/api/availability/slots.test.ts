/** GET /public/{slug}/slots: SPEC.md "Availability and schedules" rules 4 and 5 over HTTP. */
import { describe, expect, it } from 'vitest';
import { registerBusiness, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { book, createMaster, createService, slots } from '../../helpers/catalog.js';
import type { RequestBody } from '../../helpers/typed-call.js';
import type { components } from '../../../web/src/shared/api-types.js';

const t = useTestApp();

const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const SATURDAY = '2026-11-28';

async function masterWithOwnWeek(owner: RegisteredBusiness, name: string, monday: RequestBody<'put', '/api/v1/schedule/{id}'>) {
  const master = await createMaster(t, owner, name);
  const [row] = (await t.op('post', '/api/v1/schedule/master/{master_id}', { token: owner.token, path: { master_id: master.id } })).data;
  await t.op('put', '/api/v1/schedule/{id}', { token: owner.token, path: { id: row!.id }, body: monday });
  return master;
}

type Status = components['schemas']['BookingStatus'];
const patch = (owner: RegisteredBusiness, id: string, status: Status) =>
  t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id }, body: { status } });

describe('without masters: the business schedule with only its break', () => {
  it('a working day', async () => {
    const owner = await registerBusiness(t);
    const response = await slots(t, owner.business.slug, MONDAY);
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({ work_start: '09:00', work_end: '18:00', busy_intervals: [['13:00', '14:00']] });
  });

  it('a day off is 00:00/00:00/[]', async () => {
    const owner = await registerBusiness(t);
    expect((await slots(t, owner.business.slug, SATURDAY)).data).toEqual({ work_start: '00:00', work_end: '00:00', busy_intervals: [] });
  });
});

describe('one master (master_id given)', () => {
  it('uses the business row when the master has none: break and bookings, merged', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    const short = await createService(t, owner, { duration: 30 });
    await book(t, owner, { master_id: master.id, date: TUESDAY, time: '10:00' }); // 10:00-11:00
    await book(t, owner, { master_id: master.id, date: TUESDAY, time: '10:30', service_id: short.id }); // overlaps
    await book(t, owner, { master_id: master.id, date: TUESDAY, time: '14:00' }); // touches the break
    await book(t, owner, { master_id: master.id, date: MONDAY, time: '10:00' }); // another day
    expect((await slots(t, owner.business.slug, TUESDAY, master.id)).data).toEqual({
      work_start: '09:00',
      work_end: '18:00',
      busy_intervals: [
        ['10:00', '11:00'],
        ['13:00', '15:00'],
      ],
    });
  });

  it('uses its own row when it has a schedule', async () => {
    const owner = await registerBusiness(t);
    const master = await masterWithOwnWeek(owner, 'Ранняя', {
      start_time: '07:30',
      end_time: '15:00',
      break_start_time: '11:00',
      break_end_time: '11:30',
    });
    expect((await slots(t, owner.business.slug, MONDAY, master.id)).data).toEqual({
      work_start: '07:30',
      work_end: '15:00',
      busy_intervals: [['11:00', '11:30']],
    });
    expect((await slots(t, owner.business.slug, SATURDAY, master.id)).data).toEqual({
      work_start: '00:00',
      work_end: '00:00',
      busy_intervals: [],
    });
  });

  it("only that master's bookings count", async () => {
    const owner = await registerBusiness(t);
    const [a, b] = [await createMaster(t, owner, 'A'), await createMaster(t, owner, 'B')];
    await book(t, owner, { master_id: a.id, date: TUESDAY, time: '10:00' });
    expect((await slots(t, owner.business.slug, TUESDAY, b.id)).data.busy_intervals).toEqual([['13:00', '14:00']]);
  });

  it('cancelled, rejected and deleted bookings free their time; pending, confirmed, completed hold it', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    const at = async (time: string, status: Status | null) => {
      const booking = await book(t, owner, { master_id: master.id, date: TUESDAY, time });
      if (status) await patch(owner, booking.id, status);
      return booking;
    };
    await at('09:00', 'cancelled');
    await at('10:00', 'rejected');
    const gone = await at('11:00', null);
    await t.op('delete', '/api/v1/bookings/{id}', { token: owner.token, path: { id: gone.id } });
    await at('15:00', 'confirmed');
    await at('16:00', 'completed');
    await at('17:00', null);
    expect((await slots(t, owner.business.slug, TUESDAY, master.id)).data.busy_intervals).toEqual([
      ['13:00', '14:00'],
      ['15:00', '18:00'],
    ]);
  });

  it('a booking running past midnight is busy from 00:00 the next day', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    await book(t, owner, { master_id: master.id, date: MONDAY, time: '23:30' }); // 60 min → 00:30
    expect((await slots(t, owner.business.slug, TUESDAY, master.id)).data.busy_intervals).toEqual([
      ['00:00', '00:30'],
      ['13:00', '14:00'],
    ]);
    expect((await slots(t, owner.business.slug, MONDAY, master.id)).data.busy_intervals).toEqual([
      ['13:00', '14:00'],
      ['23:30', '24:00'],
    ]);
  });

  it('a master of another business, or an unknown one, is 404', async () => {
    const [a, b] = [await registerBusiness(t), await registerBusiness(t)];
    const foreign = await createMaster(t, b);
    for (const id of [foreign.id, 2147483647]) {
      const response = await slots(t, a.business.slug, MONDAY, id);
      expect(response.statusCode).toBe(404);
      expect(response.problem).toEqual({ detail: 'Master not found', code: 'not_found' });
    }
  });
});

describe('all masters (no master_id): the per-minute aggregate', () => {
  it('busy only where every working master is busy; the window spans all of them', async () => {
    const owner = await registerBusiness(t);
    const early = await masterWithOwnWeek(owner, 'Ранняя', {
      start_time: '08:00',
      end_time: '14:00',
      break_start_time: null,
      break_end_time: null,
    });
    const late = await masterWithOwnWeek(owner, 'Поздняя', {
      start_time: '12:00',
      end_time: '20:00',
      break_start_time: '15:00',
      break_end_time: '16:00',
    });
    await book(t, owner, { master_id: early.id, date: MONDAY, time: '09:00' }); // 09-10: only early works → busy
    await book(t, owner, { master_id: early.id, date: MONDAY, time: '12:00' }); // 12-13: late is free → free
    await book(t, owner, { master_id: late.id, date: MONDAY, time: '13:00' }); // 13-14: early is free → free
    expect((await slots(t, owner.business.slug, MONDAY)).data).toEqual({
      work_start: '08:00',
      work_end: '20:00',
      busy_intervals: [
        ['09:00', '10:00'],
        ['15:00', '16:00'],
      ],
    });
  });

  it('masters on a day off are left out; a master without schedule follows the business row', async () => {
    const owner = await registerBusiness(t);
    await masterWithOwnWeek(owner, 'Выходная', { is_active: false });
    await createMaster(t, owner, 'По графику салона');
    expect((await slots(t, owner.business.slug, MONDAY)).data).toEqual({
      work_start: '09:00',
      work_end: '18:00',
      busy_intervals: [['13:00', '14:00']],
    });
  });

  it('nobody works: 00:00/00:00/[]', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    expect((await slots(t, owner.business.slug, SATURDAY)).data).toEqual({ work_start: '00:00', work_end: '00:00', busy_intervals: [] });
  });

  it("a double booking of one master does not hide another master's free time", async () => {
    const owner = await registerBusiness(t);
    const [a] = [await createMaster(t, owner, 'A'), await createMaster(t, owner, 'B')];
    await book(t, owner, { master_id: a!.id, date: TUESDAY, time: '10:00' });
    await book(t, owner, { master_id: a!.id, date: TUESDAY, time: '10:00' });
    expect((await slots(t, owner.business.slug, TUESDAY)).data.busy_intervals).toEqual([['13:00', '14:00']]);
  });
});

describe('input', () => {
  it.each([
    ['', 'date'],
    ['?date=', 'date'],
    ['?date=2026-02-30', 'date'],
    ['?date=24.11.2026', 'date'],
    ['?date=9999-12-31', 'date'],
    ['?date=2026-11-24&master_id=abc', 'master_id'],
    ['?date=2026-11-24&master_id=0', 'master_id'],
  ])('%s is 400 naming %s', async (query, field) => {
    const owner = await registerBusiness(t);
    const response = await t.call({ method: 'GET', url: `/api/v1/public/${owner.business.slug}/slots${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.data.errors[0].field).toBe(field);
  });
});
