/**
 * CONTRACT.md §19: a booking the client can trust. `if_free` books only a free time (the same rule as the
 * start times the pages offer), atomically under concurrency; "any master" goes to the cheapest free
 * master; `max_price` refuses a price above the one shown; a master is booked only for what they do.
 * The test clock: Monday 2026-11-23 10:00 in Asia/Almaty; the business works 09:00-18:00, break 13:00-14:00;
 * the registered service lasts 60 minutes and costs 5 000.
 */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../../src/db/schema.js';
import { registerBusiness, uniquePhone, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { book, bookingRequest, createMaster, createService } from '../../helpers/catalog.js';
import { expectRefusal } from '../../helpers/refusal.js';
import type { RequestBody } from '../../helpers/typed-call.js';

const t = useTestApp();

const TODAY = '2026-11-23';
const TUESDAY = '2026-11-24';

const setPrice = (owner: RegisteredBusiness, masterId: number, price: number) =>
  t.op('put', '/api/v1/masters/{id}/services/{service_id}', {
    token: owner.token,
    path: { id: masterId, service_id: owner.service.id },
    body: { price, duration: null },
  });

/** A public booking with if_free (and whatever else the test adds). */
const ifFree = (owner: RegisteredBusiness, body: Parameters<typeof bookingRequest>[2] = {}) =>
  bookingRequest(t, owner, { date: TUESDAY, if_free: true, ...body });

async function rowsAt(masterId: number, startAt: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.masterId, masterId), eq(bookings.startAt, startAt)));
  return Number(row!.n);
}

/** Three masters doing the service at 7 000, 5 000 and 6 000. */
async function threeMasters() {
  const owner = await registerBusiness(t);
  const ids: number[] = [];
  for (const [name, price] of [
    ['Айгуль', 7000],
    ['Ольга', 5000],
    ['Дана', 6000],
  ] as const) {
    const master = await createMaster(t, owner, name);
    expect((await setPrice(owner, master.id, price)).statusCode).toBe(200);
    ids.push(master.id);
  }
  const [aigul, olga, dana] = ids as [number, number, number];
  return { owner, aigul, olga, dana };
}

describe('if_free with a named master', () => {
  it('books a free time; a taken one is 409 slot_taken with the 6 nearest free times of the day, and books nothing', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    const first = await ifFree(owner, { master_id: master.id, time: '10:00' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.data).toMatchObject({ start_at: `${TUESDAY}T10:00:00`, master: { id: master.id }, price_snapshot: 5000 });

    for (const time of ['10:00', '09:30', '10:45']) {
      const taken = await ifFree(owner, { master_id: master.id, time });
      expectRefusal(taken, 'slot_taken');
      expect(taken.problem.free_times, time).toEqual(['09:00', '11:00', '11:15', '11:30', '11:45', '12:00']);
    }
    expect(await rowsAt(master.id, `${TUESDAY}T10:00:00`)).toBe(1);
    expect(await rowsAt(master.id, `${TUESDAY}T09:30:00`)).toBe(0);
  });

  it('takes a free time off the 15-minute grid; a time past the working day, in the break or already gone is taken', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    expect((await ifFree(owner, { master_id: master.id, time: '11:05' })).statusCode).toBe(201);
    for (const time of ['12:30', '17:30', '08:30']) expectRefusal(await ifFree(owner, { master_id: master.id, time }), 'slot_taken');
    // Today at 10:00: 09:00 has passed (the pages never offer it), 10:00 is still free.
    const gone = await ifFree(owner, { master_id: master.id, date: TODAY, time: '09:00' });
    expectRefusal(gone, 'slot_taken');
    expect(gone.problem.free_times).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00', '11:15']);
    expect((await ifFree(owner, { master_id: master.id, date: TODAY, time: '10:00' })).statusCode).toBe(201);
  });

  it("refuses a time whose service's buffer after it runs into the next booking", async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    const put = await t.op('put', '/api/v1/services/{id}', {
      token: owner.token,
      path: { id: owner.service.id },
      body: { buffer_after: 15 },
    });
    expect(put.statusCode).toBe(200);
    expect((await ifFree(owner, { master_id: master.id, time: '11:15' })).statusCode).toBe(201); // occupies 11:15-12:30
    expectRefusal(await ifFree(owner, { master_id: master.id, time: '10:05' }), 'slot_taken'); // its own buffer runs to 11:20
    expect((await ifFree(owner, { master_id: master.id, time: '10:00' })).statusCode).toBe(201); // 10:00-11:15 just fits
    expect((await ifFree(owner, { master_id: master.id, time: '15:00' })).statusCode).toBe(201); // occupies 15:00-16:15
    expectRefusal(await ifFree(owner, { master_id: master.id, time: '16:00' }), 'slot_taken'); // inside that buffer
    expect((await ifFree(owner, { master_id: master.id, time: '16:15' })).statusCode).toBe(201);
  });

  it('keeps the notice its own 400 outside_booking_window, checked before the time is', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    await t.op('put', '/api/v1/business', { token: owner.token, body: { min_notice_minutes: 120 } });
    expectRefusal(await ifFree(owner, { master_id: master.id, date: TODAY, time: '11:00' }), 'outside_booking_window');
    expectRefusal(await ifFree(owner, { master_id: master.id, date: TODAY, time: '13:00' }), 'slot_taken');
    const offered = await ifFree(owner, { master_id: master.id, date: TODAY, time: '13:00' });
    expect(offered.problem.free_times).toEqual(['12:00', '14:00', '14:15', '14:30', '14:45', '15:00']);
  });

  it("refuses a time inside the master's or the business's time off (CONTRACT.md §21), and offers the times around it", async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    const close = (body: RequestBody<'post', '/api/v1/time-off'>) => t.op('post', '/api/v1/time-off', { token: owner.token, body });
    expect(
      (await close({ master_id: master.id, date_from: TUESDAY, date_to: TUESDAY, start_time: '10:00', end_time: '12:00' })).statusCode,
    ).toBe(201);
    const off = await ifFree(owner, { master_id: master.id, time: '11:00' });
    expectRefusal(off, 'slot_taken');
    expect(off.problem.free_times).toEqual(['09:00', '12:00', '14:00', '14:15', '14:30', '14:45']);
    // The service lasts an hour: 09:30 would run into the closed hours.
    expectRefusal(await ifFree(owner, { master_id: master.id, time: '09:30' }), 'slot_taken');
    expect((await close({ master_id: null, date_from: '2026-11-25', date_to: '2026-11-25' })).statusCode).toBe(201);
    const closedDay = await ifFree(owner, { date: '2026-11-25', time: '10:00' });
    expectRefusal(closedDay, 'slot_taken');
    expect(closedDay.problem.free_times).toEqual([]);
    expect(await rowsAt(master.id, `${TUESDAY}T11:00:00`)).toBe(0);
    expect((await ifFree(owner, { master_id: master.id, time: '12:00' })).statusCode).toBe(201);
  });

  it('without if_free SPEC.md still books a taken time', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    await book(t, owner, { master_id: master.id, date: TUESDAY, time: '10:00' });
    await book(t, owner, { master_id: master.id, date: TUESDAY, if_free: false, time: '10:00' });
    expect(await rowsAt(master.id, `${TUESDAY}T10:00:00`)).toBe(2);
  });

  it('50 concurrent requests for one free time of one master give exactly one 201 and one row, strict slots off', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    const responses = await Promise.all(Array.from({ length: 50 }, () => ifFree(owner, { master_id: master.id, time: '12:00' })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect(await rowsAt(master.id, `${TUESDAY}T12:00:00`)).toBe(1);
  }, 60_000);
});

describe('if_free with "any master"', () => {
  it('goes to the cheapest free master, then the next cheapest; 409 with the free times when nobody is free', async () => {
    const { owner, aigul, olga, dana } = await threeMasters();
    const picked: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await ifFree(owner, { time: '15:00' });
      expect(response.statusCode, response.body).toBe(201);
      picked.push(response.data.master.id);
      expect(response.data.price_snapshot).toBe([5000, 6000, 7000][i]);
    }
    expect(picked).toEqual([olga, dana, aigul]);
    const none = await ifFree(owner, { time: '15:00' });
    expectRefusal(none, 'slot_taken');
    expect(none.problem.free_times).toEqual(['14:00', '16:00', '16:15', '16:30', '16:45', '17:00']);
  });

  it('on equal prices: the fewest bookings that day, then the lowest id', async () => {
    const owner = await registerBusiness(t);
    const first = await createMaster(t, owner, 'Первая');
    const second = await createMaster(t, owner, 'Вторая');
    expect((await ifFree(owner, { time: '10:00' })).data.master.id).toBe(first.id);
    // first has one booking that day, second none.
    expect((await ifFree(owner, { time: '15:00' })).data.master.id).toBe(second.id);
    // One each: the lowest id again; a booking on another day does not count.
    await book(t, owner, { master_id: second.id, date: '2026-11-25', time: '10:00' });
    expect((await ifFree(owner, { time: '16:00' })).data.master.id).toBe(first.id);
  });

  it('picks only among the masters who do the service; all masters when nobody is linked to it', async () => {
    const owner = await registerBusiness(t);
    const outsider = await createMaster(t, owner, 'Не делает', []);
    const doer = await createMaster(t, owner, 'Делает');
    await setPrice(owner, doer.id, 9000);
    expect((await ifFree(owner, { time: '10:00' })).data.master.id).toBe(doer.id);
    expectRefusal(await ifFree(owner, { time: '10:00' }), 'slot_taken');

    // Equal prices: the outsider has no booking that day, then the one who does the service is the only one free.
    const nobodys = await createService(t, owner, { name: 'Ничья', duration: 30, price: 3000 });
    expect((await ifFree(owner, { service_id: nobodys.id, time: '16:00' })).data.master.id).toBe(outsider.id);
    expect((await ifFree(owner, { service_id: nobodys.id, time: '16:00' })).data.master.id).toBe(doer.id);
  });

  it('50 concurrent requests with 3 free masters give exactly 3 bookings, one on each master', async () => {
    const { owner, aigul, olga, dana } = await threeMasters();
    const responses = await Promise.all(Array.from({ length: 50 }, () => ifFree(owner, { time: '11:00' })));
    const created = responses.filter((response) => response.statusCode === 201);
    expect(created).toHaveLength(3);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(47);
    expect(created.map((response) => response.data.master.id).sort((a, b) => a - b)).toEqual([aigul, olga, dana].sort((a, b) => a - b));
    for (const id of [aigul, olga, dana]) expect(await rowsAt(id, `${TUESDAY}T11:00:00`)).toBe(1);
  }, 60_000);
});

describe('max_price', () => {
  it('409 price_changed with the price when the master costs more than shown, and books nothing', async () => {
    const { owner, aigul, olga } = await threeMasters();
    const dear = await ifFree(owner, { master_id: aigul, time: '10:00', max_price: 6999 });
    expectRefusal(dear, 'price_changed');
    expect(dear.problem.price).toBe(7000);
    expect(await rowsAt(aigul, `${TUESDAY}T10:00:00`)).toBe(0);
    expect((await ifFree(owner, { master_id: aigul, time: '10:00', max_price: 7000 })).statusCode).toBe(201);
    // Without if_free too; "any master" is judged by the master it goes to.
    expectRefusal(await bookingRequest(t, owner, { master_id: olga, max_price: 4999 }), 'price_changed');
    expect((await ifFree(owner, { time: '12:00', max_price: 5000 })).data.master.id).toBe(olga);
  });

  it('a time that is not free answers slot_taken first', async () => {
    const { owner, aigul } = await threeMasters();
    expect((await ifFree(owner, { master_id: aigul, time: '10:00' })).statusCode).toBe(201);
    expectRefusal(await ifFree(owner, { master_id: aigul, time: '10:00', max_price: 1 }), 'slot_taken');
  });
});

describe('master_not_for_service', () => {
  it('a public booking, an owner booking or a move naming a master who does not do the service is 400', async () => {
    const owner = await registerBusiness(t);
    const doer = await createMaster(t, owner, 'Делает');
    const outsider = await createMaster(t, owner, 'Не делает', []);
    expectRefusal(await bookingRequest(t, owner, { master_id: outsider.id }), 'master_not_for_service');
    expectRefusal(await ifFree(owner, { master_id: outsider.id }), 'master_not_for_service');
    const phone = uniquePhone();
    const base = { service_id: owner.service.id, date: TUESDAY, time: '10:00', first_name: 'Алия', phone };
    const refused = await t.op('post', '/api/v1/bookings', { token: owner.token, body: { ...base, master_id: outsider.id } });
    expectRefusal(refused, 'master_not_for_service');

    const booked = await t.op('post', '/api/v1/bookings', { token: owner.token, body: { ...base, master_id: doer.id } });
    expect(booked.statusCode).toBe(201);
    const moved = await t.op('patch', '/api/v1/bookings/{id}', {
      token: owner.token,
      path: { id: booked.data.id },
      body: { master_id: outsider.id },
    });
    expectRefusal(moved, 'master_not_for_service');
    const after = await t.op('get', '/api/v1/bookings/{id}', { token: owner.token, path: { id: booked.data.id } });
    expect(after.data.master.id).toBe(doer.id);
  });

  it('a service nobody is linked to takes any master of the business', async () => {
    const owner = await registerBusiness(t);
    const outsider = await createMaster(t, owner, 'Не делает', []);
    const nobodys = await createService(t, owner, { name: 'Ничья', duration: 30, price: 3000 });
    expect((await bookingRequest(t, owner, { service_id: nobodys.id, master_id: outsider.id })).statusCode).toBe(201);
  });
});
