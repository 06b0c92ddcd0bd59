/**
 * CONTRACT.md §17 end to end: a master's own price and duration, buffers after a service, the minimum
 * notice and the horizon, on every path that makes, moves or offers a booking.
 * The test clock: Monday 2026-11-23 10:00 in Asia/Almaty; the business works 09:00-18:00, break 13:00-14:00.
 */
import { describe, expect, it } from 'vitest';
import { registerBusiness, uniquePhone, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { book, bookingRequest, createMaster, createService, slots } from '../../helpers/catalog.js';
import { answerProposal, freeTimesForMove, proposeReschedule } from '../../../src/modules/bookings/reschedule/reschedule.service.js';
import { findBookingView } from '../../../src/modules/bookings/bookings.queries.js';
import { findBusinessById } from '../../../src/modules/catalog/business.queries.js';

const t = useTestApp();

const TODAY = '2026-11-23';
const TUESDAY = '2026-11-24';

const setTerms = (owner: RegisteredBusiness, masterId: number, serviceId: number, body: Record<string, unknown>) =>
  t.op('put', '/api/v1/masters/{id}/services/{service_id}', {
    token: owner.token,
    path: { id: masterId, service_id: serviceId },
    body: body,
  });

const putBusiness = (owner: RegisteredBusiness, body: Record<string, unknown>) =>
  t.op('put', '/api/v1/business', { token: owner.token, body: body });

const putService = (owner: RegisteredBusiness, id: number, body: Record<string, unknown>) =>
  t.op('put', '/api/v1/services/{id}', { token: owner.token, path: { id }, body: body });

const ownerBooking = (owner: RegisteredBusiness, body: Record<string, unknown>) =>
  t.op('post', '/api/v1/bookings', {
    token: owner.token,
    body: { service_id: owner.service.id, date: TUESDAY, time: '10:00', first_name: 'Алия', phone: uniquePhone(), ...body },
  });

const move = (owner: RegisteredBusiness, id: string, body: Record<string, unknown>) =>
  t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id }, body: body });

const days = (slug: string, query: string) => t.call({ method: 'GET', url: `/api/v1/public/${slug}/days?${query}` });

/** A junior (the service's own 60 min for 5 000) and a senior (45 min for 7 000). */
async function salon() {
  const owner = await registerBusiness(t);
  const senior = await createMaster(t, owner, 'Старший');
  const junior = await createMaster(t, owner, 'Младший');
  const set = await setTerms(owner, senior.id, owner.service.id, { price: 7000, duration: 45 });
  expect(set.statusCode, set.body).toBe(200);
  return { owner, senior, junior };
}

describe('PUT /masters/{id}/services/{service_id}', () => {
  it("sets a master's own price and duration; null removes one, an absent field stays", async () => {
    const { owner, senior } = await salon();
    const master = (await t.op('get', '/api/v1/masters/{id}', { token: owner.token, path: { id: senior.id } })).data;
    expect(master.services).toEqual([
      expect.objectContaining({ id: owner.service.id, price: 7000, duration: 45, base_price: 5000, base_duration: 60, buffer_after: 0 }),
    ]);
    const cleared = await setTerms(owner, senior.id, owner.service.id, { price: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.data.services[0]).toMatchObject({ price: 5000, duration: 45, base_price: 5000, base_duration: 60 });
    const both = await setTerms(owner, senior.id, owner.service.id, { duration: null });
    expect(both.data.services[0]).toMatchObject({ price: 5000, duration: 60 });
  });

  it("a service the master does not do, or another business's master, is 404; out of range is 400; nothing changes", async () => {
    const { owner, senior } = await salon();
    const colour = await createService(t, owner);
    expect((await setTerms(owner, senior.id, colour.id, { price: 1 })).problem).toEqual({ detail: 'Service not found', code: 'not_found' });
    const other = await registerBusiness(t);
    expect((await setTerms(other, senior.id, owner.service.id, { price: 1 })).statusCode).toBe(404);
    for (const body of [{ duration: 0 }, { price: -1 }, { duration: 1441 }]) {
      expect((await setTerms(owner, senior.id, owner.service.id, body)).statusCode).toBe(400);
    }
    const after = (await t.op('get', '/api/v1/masters/{id}', { token: owner.token, path: { id: senior.id } })).data;
    expect(after.services[0]).toMatchObject({ price: 7000, duration: 45 });
  });

  it('PUT /masters/{id} keeps the own values of the services the master keeps', async () => {
    const { owner, senior } = await salon();
    const colour = await createService(t, owner);
    const updated = await t.op('put', '/api/v1/masters/{id}', {
      token: owner.token,
      path: { id: senior.id },
      body: { service_ids: [owner.service.id, colour.id] },
    });
    expect(updated.data.services.map((s: { price: number }) => s.price)).toEqual([7000, 12000]);
  });

  it('public masters carry the effective values; public services the range over the masters who do them', async () => {
    const { owner, senior } = await salon();
    const colour = await createService(t, owner);
    const masters = (await t.op('get', '/api/v1/public/{slug}/masters', { path: { slug: owner.business.slug } })).data;
    expect(masters.find((m: { id: number }) => m.id === senior.id)!.services[0]).toMatchObject({
      price: 7000,
      duration: 45,
      base_price: 5000,
    });
    const services = (await t.op('get', '/api/v1/public/{slug}/services', { path: { slug: owner.business.slug } })).data;
    expect(services).toEqual([
      expect.objectContaining({ id: owner.service.id, price: 5000, price_min: 5000, price_max: 7000, duration_min: 45, duration_max: 60 }),
      expect.objectContaining({ id: colour.id, price_min: 12000, price_max: 12000, duration_min: 90, duration_max: 90 }),
    ]);
  });
});

describe('the effective price and duration decide end_at and price_snapshot', () => {
  it('public page with the master named, and auto-assignment', async () => {
    const { owner, senior, junior } = await salon();
    const named = await book(t, owner, { master_id: senior.id, time: '10:00' });
    expect(named).toMatchObject({ start_at: `${TUESDAY}T10:00:00`, end_at: `${TUESDAY}T10:45:00`, price_snapshot: 7000 });
    const byJunior = await book(t, owner, { master_id: junior.id, time: '11:00' });
    expect(byJunior).toMatchObject({ end_at: `${TUESDAY}T12:00:00`, price_snapshot: 5000 });
    // Auto-assignment takes the first master of the service: the senior.
    const auto = await book(t, owner, { time: '15:00' });
    expect(auto).toMatchObject({ master: { id: senior.id }, end_at: `${TUESDAY}T15:45:00`, price_snapshot: 7000 });
  });

  it("the owner's POST /bookings; a move to another master takes that master's duration and keeps the price", async () => {
    const { owner, senior, junior } = await salon();
    const created = await ownerBooking(owner, { master_id: senior.id });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.data).toMatchObject({ end_at: `${TUESDAY}T10:45:00`, price_snapshot: 7000 });
    const moved = await move(owner, created.data.id, { master_id: junior.id, time: '11:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.data).toMatchObject({ start_at: `${TUESDAY}T11:00:00`, end_at: `${TUESDAY}T12:00:00`, price_snapshot: 7000 });
    const back = await move(owner, created.data.id, { master_id: senior.id });
    expect(back.data).toMatchObject({ end_at: `${TUESDAY}T11:45:00`, price_snapshot: 7000 });
  });

  it("an accepted proposal ends after the master's own duration", async () => {
    const { owner, senior } = await salon();
    const created = await ownerBooking(owner, { master_id: senior.id });
    const business = (await findBusinessById(t.app.ctx.db, owner.business.id))!;
    const booking = (await findBookingView(t.app.ctx.db, created.data.id))!;
    const { proposal } = await proposeReschedule(t.app.ctx, t.app.log, business, booking, {
      date: '2026-11-25',
      time: '12:00',
      by: 'PROVIDER_WEB',
    });
    const outcome = await answerProposal(t.app.ctx, t.app.log, proposal.id, true, async () => true);
    expect(outcome.kind).toBe('done');
    const after = (await findBookingView(t.app.ctx.db, created.data.id))!;
    expect(after).toMatchObject({ startAt: '2026-11-25T12:00:00', endAt: '2026-11-25T12:45:00', priceSnapshot: 7000 });
  });
});

describe('buffer_after', () => {
  it('is 0..240 on services', async () => {
    const owner = await registerBusiness(t);
    expect((await putService(owner, owner.service.id, { buffer_after: 241 })).statusCode).toBe(400);
    expect((await putService(owner, owner.service.id, { buffer_after: -1 })).statusCode).toBe(400);
    const ok = await putService(owner, owner.service.id, { buffer_after: 15 });
    expect(ok.data).toMatchObject({ buffer_after: 15, duration: 60 });
    expect((await createService(t, owner, { buffer_after: 240 })) as unknown).toMatchObject({ buffer_after: 240 });
  });

  it('a booking occupies [start, end + buffer) in the slots of its master and of all masters; end_at stays start + duration', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    await slots(t, owner.business.slug, TUESDAY, master.id); // cached before the buffer: must be forgotten
    await putService(owner, owner.service.id, { buffer_after: 15 });
    const booked = await book(t, owner, { master_id: master.id, time: '10:00' });
    expect(booked.end_at).toBe(`${TUESDAY}T11:00:00`);
    const one = (await slots(t, owner.business.slug, TUESDAY, master.id)).data;
    expect(one.busy_intervals).toEqual([
      ['10:00', '11:15'],
      ['13:00', '14:00'],
    ]);
    expect((await slots(t, owner.business.slug, TUESDAY)).data.busy_intervals).toEqual(one.busy_intervals);
  });

  it("strict slots refuse a start inside another booking's buffer, and a booking whose own buffer runs into the next", async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    await putBusiness(owner, { strict_slots: true });
    await putService(owner, owner.service.id, { buffer_after: 15 });
    await book(t, owner, { master_id: master.id, time: '10:00' });
    expect((await bookingRequest(t, owner, { master_id: master.id, time: '11:00' })).statusCode).toBe(409);
    await book(t, owner, { master_id: master.id, time: '11:15' });
    // 14:00-15:00 + 15 touches 15:15 exactly: allowed; 14:30 would run its buffer into it.
    await book(t, owner, { master_id: master.id, time: '15:15' });
    expect((await bookingRequest(t, owner, { master_id: master.id, time: '14:15' })).statusCode).toBe(409);
    await book(t, owner, { master_id: master.id, time: '14:00' });
  });

  it("the bot's free times keep the buffers and take the master's own duration", async () => {
    const { owner, senior } = await salon();
    await putService(owner, owner.service.id, { buffer_after: 15 });
    const moving = await ownerBooking(owner, { master_id: senior.id, time: '09:00' });
    await ownerBooking(owner, { master_id: senior.id, time: '11:00' });
    const booking = (await findBookingView(t.app.ctx.db, moving.data.id))!;
    const times = await freeTimesForMove(t.app.ctx, booking);
    // 45 minutes + 15 of buffer before 11:00 → 10:00 is the last morning start; 11:00-11:45 + 15 → 12:00 is the next.
    expect(times.filter((time) => time < '12:15')).toEqual(['09:15', '09:30', '09:45', '10:00', '12:00']);
    expect(times).not.toContain('12:15'); // 12:15 + 45 + 15 runs into the break at 13:00
  });
});

describe('minimum notice and horizon', () => {
  it('PUT /business takes min_notice_minutes 0..10080 and booking_horizon_days 1..365 | null', async () => {
    const owner = await registerBusiness(t);
    for (const body of [
      { min_notice_minutes: 10081 },
      { min_notice_minutes: -1 },
      { booking_horizon_days: 0 },
      { booking_horizon_days: 366 },
    ]) {
      expect((await putBusiness(owner, body)).statusCode).toBe(400);
    }
    const set = await putBusiness(owner, { min_notice_minutes: 120, booking_horizon_days: 30 });
    expect(set.data).toMatchObject({ min_notice_minutes: 120, booking_horizon_days: 30 });
    expect((await putBusiness(owner, { booking_horizon_days: null })).data.booking_horizon_days).toBeNull();
  });

  it("today's slots are busy from work_start to now + notice, and follow the clock (no stale cached answer)", async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    expect((await slots(t, owner.business.slug, TODAY, master.id)).data.busy_intervals).toEqual([['13:00', '14:00']]);
    await putBusiness(owner, { min_notice_minutes: 120 });
    expect((await slots(t, owner.business.slug, TODAY, master.id)).data.busy_intervals).toEqual([
      ['09:00', '12:00'],
      ['13:00', '14:00'],
    ]);
    t.clock.advanceMinutes(30);
    try {
      expect((await slots(t, owner.business.slug, TODAY)).data.busy_intervals).toEqual([
        ['09:00', '12:30'],
        ['13:00', '14:00'],
      ]);
      expect((await slots(t, owner.business.slug, TODAY, master.id)).data.busy_intervals[0]).toEqual(['09:00', '12:30']);
    } finally {
      t.clock.set('2026-11-23T05:00:00Z');
    }
    // Tomorrow is not touched by a 2-hour notice.
    expect((await slots(t, owner.business.slug, TUESDAY, master.id)).data.busy_intervals).toEqual([['13:00', '14:00']]);
  });

  it('a public booking before now + notice is 400 outside_booking_window; the owner is not limited', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    await putBusiness(owner, { min_notice_minutes: 120 });
    const early = await bookingRequest(t, owner, { master_id: master.id, date: TODAY, time: '11:45' });
    expect(early.statusCode).toBe(400);
    expect(early.problem.code).toBe('outside_booking_window');
    await book(t, owner, { master_id: master.id, date: TODAY, time: '12:00' });
    expect((await ownerBooking(owner, { master_id: master.id, date: TODAY, time: '10:30' })).statusCode).toBe(201);
  });

  it('past the horizon the slots are a closed day, /days says day off, and a public booking is 400', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    await slots(t, owner.business.slug, '2026-11-27', master.id); // cached before the horizon: must be forgotten
    await putBusiness(owner, { booking_horizon_days: 3 });
    expect((await slots(t, owner.business.slug, '2026-11-26', master.id)).data.work_start).toBe('09:00');
    const closed = { work_start: '00:00', work_end: '00:00', busy_intervals: [] };
    expect((await slots(t, owner.business.slug, '2026-11-27', master.id)).data).toEqual(closed);
    expect((await slots(t, owner.business.slug, '2026-11-27')).data).toEqual(closed);
    const strip = await days(owner.business.slug, `service_id=${owner.service.id}&from=2026-11-26&to=2026-11-27`);
    expect(strip.data).toEqual([
      { date: '2026-11-26', available: true, day_off: false },
      { date: '2026-11-27', available: false, day_off: true },
    ]);
    const far = await bookingRequest(t, owner, { master_id: master.id, date: '2026-11-27', time: '10:00' });
    expect(far.problem.code).toBe('outside_booking_window');
    await book(t, owner, { master_id: master.id, date: '2026-11-26', time: '10:00' });
    expect((await ownerBooking(owner, { master_id: master.id, date: '2026-11-27' })).statusCode).toBe(201);
  });

  it("/days honours the notice: today is not available when the notice reaches past today's last start", async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const query = `service_id=${owner.service.id}&from=${TODAY}&to=${TUESDAY}`;
    expect((await days(owner.business.slug, query)).data[0].available).toBe(true);
    await putBusiness(owner, { min_notice_minutes: 8 * 60 });
    expect((await days(owner.business.slug, query)).data).toEqual([
      { date: TODAY, available: false, day_off: false },
      { date: TUESDAY, available: true, day_off: false },
    ]);
  });
});

describe('"any master" on the date strip', () => {
  it("is the union of each master's own start times with that master's duration", async () => {
    const { owner, senior, junior } = await salon();
    // Tuesday: the junior is booked solid; the senior is free 17:15-18:00 only (45 minutes: enough for them alone).
    for (const time of ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00']) {
      await ownerBooking(owner, { master_id: junior.id, time });
    }
    const hour = await createService(t, owner, { duration: 60 });
    for (const time of ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00']) {
      await ownerBooking(owner, { master_id: senior.id, time, service_id: hour.id });
    }
    await ownerBooking(owner, { master_id: senior.id, time: '16:30' });
    const query = (master?: number) =>
      `service_id=${owner.service.id}&from=${TUESDAY}&to=${TUESDAY}${master ? `&master_id=${master}` : ''}`;
    expect((await days(owner.business.slug, query(junior.id))).data[0].available).toBe(false);
    expect((await days(owner.business.slug, query(senior.id))).data[0].available).toBe(true);
    expect((await days(owner.business.slug, query())).data[0].available).toBe(true);
  });
});
