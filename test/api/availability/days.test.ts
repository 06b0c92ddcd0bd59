/** GET /public/{slug}/days: the date strip in one request, equal day by day to what /slots and freeStartTimes imply. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freeStartTimes } from '../../../src/core/start-times.js';
import { addDays, dayOfWeek } from '../../../src/core/wallclock.js';
import { registerBusiness, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { book, bookingRequest, createMaster, createService, slots } from '../../helpers/catalog.js';

const t = useTestApp();

// The test clock: Monday 2026-11-23 10:00 in Asia/Almaty.
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const SATURDAY = '2026-11-28';

const days = (slug: string, query: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  return t.call({ method: 'GET', url: `/api/v1/public/${slug}/days?${search}` });
};

async function ownWeek(owner: RegisteredBusiness, masterId: number) {
  const response = await t.op('post', '/api/v1/schedule/master/{master_id}', { token: owner.token, path: { master_id: masterId } });
  expect(response.statusCode, response.body).toBe(201);
  return response.data as { id: number; day_of_week: number }[];
}

describe('GET /public/{slug}/days', () => {
  it('marks days off apart from fully booked days, and today from now on', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    // Tuesday: 09:00-18:00 with a 13:00-14:00 break, booked solid with 1-hour bookings.
    for (const time of ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00']) {
      await book(t, owner, { master_id: master.id, date: TUESDAY, time });
    }
    const response = await days(owner.business.slug, { service_id: owner.service.id, from: MONDAY, to: SATURDAY });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.data).toEqual([
      { date: MONDAY, available: true, day_off: false }, // today, 10:00 on
      { date: TUESDAY, available: false, day_off: false }, // fully booked
      { date: '2026-11-25', available: true, day_off: false },
      { date: '2026-11-26', available: true, day_off: false },
      { date: '2026-11-27', available: true, day_off: false },
      { date: SATURDAY, available: false, day_off: true },
    ]);
    // Past 16:59 today nothing of 60 minutes fits before 18:00.
    t.clock.set('2026-11-23T12:01:00Z');
    try {
      expect((await days(owner.business.slug, { service_id: owner.service.id, from: MONDAY, to: MONDAY })).data).toEqual([
        { date: MONDAY, available: false, day_off: false },
      ]);
    } finally {
      t.clock.set('2026-11-23T05:00:00Z');
    }
  });

  it('with master_id answers for that master only; a cancelled booking frees its day at once (the cache is forgotten)', async () => {
    const owner = await registerBusiness(t);
    const [a, b] = [await createMaster(t, owner, 'A'), await createMaster(t, owner, 'B')];
    const long = await createService(t, owner, { duration: 480 });
    await t.op('put', '/api/v1/masters/{id}', {
      token: owner.token,
      path: { id: a.id },
      body: { name: 'A', service_ids: [owner.service.id, long.id] },
    });
    await t.op('put', '/api/v1/masters/{id}', {
      token: owner.token,
      path: { id: b.id },
      body: { name: 'B', service_ids: [owner.service.id, long.id] },
    });
    // 8 hours fit only 09:00-17:00 around no break: a master with a break never fits; give A an own day without one.
    const week = await ownWeek(owner, a.id);
    const tuesdayRow = week.find((row) => row.day_of_week === dayOfWeek(TUESDAY))!;
    await t.op('put', '/api/v1/schedule/{id}', {
      token: owner.token,
      path: { id: tuesdayRow.id },
      body: { break_start_time: null, break_end_time: null },
    });
    const query = { service_id: long.id, from: TUESDAY, to: TUESDAY };
    expect((await days(owner.business.slug, query)).data).toEqual([{ date: TUESDAY, available: true, day_off: false }]);
    expect((await days(owner.business.slug, { ...query, master_id: b.id })).data).toEqual([
      { date: TUESDAY, available: false, day_off: false },
    ]);
    const booking = await book(t, owner, { master_id: a.id, date: TUESDAY, time: '12:00' });
    expect((await days(owner.business.slug, { ...query, master_id: a.id })).data).toEqual([
      { date: TUESDAY, available: false, day_off: false },
    ]);
    await t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id: booking.id }, body: { status: 'cancelled' } });
    expect((await days(owner.business.slug, { ...query, master_id: a.id })).data).toEqual([
      { date: TUESDAY, available: true, day_off: false },
    ]);
  });

  it('400 with a detail on bad input, 404 for an unknown business, service or master', async () => {
    const owner = await registerBusiness(t);
    const slug = owner.business.slug;
    const service_id = owner.service.id;
    const bad = [
      { service_id, from: '2026-02-30', to: '2026-03-01' },
      { service_id, from: MONDAY, to: '2026-13-01' },
      { service_id, from: TUESDAY, to: MONDAY },
      { service_id, from: MONDAY, to: addDays(MONDAY, 62) },
      { service_id, from: '2026-11-22', to: TUESDAY }, // CONTRACT.md §11 fourth pass: from today on
      { service_id, from: '2026-11-22', to: '2026-11-22' },
      { service_id, from: MONDAY },
      { from: MONDAY, to: TUESDAY },
      { service_id: 'x', from: MONDAY, to: TUESDAY },
      { service_id, from: MONDAY, to: TUESDAY, master_id: 0 },
    ];
    for (const query of bad) {
      const response = await days(slug, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(typeof response.data.detail).toBe('string');
    }
    expect((await days(slug, { service_id, from: MONDAY, to: addDays(MONDAY, 61) })).data).toHaveLength(62);
    expect((await days(slug, { service_id, from: addDays(MONDAY, 100), to: addDays(MONDAY, 161) })).data).toHaveLength(62);
    const before = await days(slug, { service_id, from: '2026-11-22', to: TUESDAY });
    expect(before.data).toMatchObject({ code: 'invalid_input', errors: [{ field: 'from' }] });
    expect((await days('no-such-salon', { service_id, from: MONDAY, to: TUESDAY })).statusCode).toBe(404);
    expect((await days(slug, { service_id: 999999, from: MONDAY, to: TUESDAY })).data.detail).toBe('Service not found');
    expect((await days(slug, { service_id, master_id: 999999, from: MONDAY, to: TUESDAY })).data.detail).toBe('Master not found');
  });

  it('without masters follows the business schedule, as /slots does', async () => {
    const owner = await registerBusiness(t);
    expect(
      (await days(owner.business.slug, { service_id: owner.service.id, from: TUESDAY, to: '2026-11-29' })).data.map((d: any) => d.day_off),
    ).toEqual([false, false, false, false, true, true]);
  });
});

// ---- property: /days equals what /slots + freeStartTimes imply, over random schedules and bookings ----

const quarter = (q: number) => `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`;

const dayArb = fc.record({
  active: fc.boolean(),
  start: fc.integer({ min: 24, max: 60 }), // 06:00-15:00
  length: fc.integer({ min: 0, max: 44 }), // up to 11 hours
  breakAt: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
});

const masterArb = fc.record({
  doesService: fc.boolean(),
  ownWeek: fc.option(fc.array(dayArb, { minLength: 7, maxLength: 7 }), { nil: null }),
  bookings: fc.array(
    fc.record({ day: fc.integer({ min: 0, max: 6 }), at: fc.integer({ min: 28, max: 84 }), long: fc.boolean(), cancel: fc.boolean() }),
    {
      maxLength: 8,
    },
  ),
});

const scenarioArb = fc.record({
  masters: fc.array(masterArb, { maxLength: 3 }),
  duration: fc.constantFrom(30, 45, 60, 120),
  pickMaster: fc.option(fc.nat(), { nil: null }),
  nowQuarter: fc.integer({ min: 20, max: 80 }),
});

/** The web client's rule: masters linked to the service, else every master. */
const eligibleOf = (masters: { id: number; services: { id: number }[] }[], serviceId: number) => {
  const linked = masters.filter((m) => m.services.some((s) => s.id === serviceId));
  return linked.length > 0 ? linked : masters;
};

describe('property: /days is /slots + freeStartTimes, day by day', () => {
  it('over random schedules and bookings', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const owner = await registerBusiness(t);
        const service = await createService(t, owner, { duration: scenario.duration });
        const ids: number[] = [];
        for (const [i, m] of scenario.masters.entries()) {
          const master = await createMaster(t, owner, `M${i}`, m.doesService ? [service.id, owner.service.id] : [owner.service.id]);
          ids.push(master.id);
          if (m.ownWeek) {
            const rows = await ownWeek(owner, master.id);
            for (const row of rows) {
              const d = m.ownWeek[row.day_of_week]!;
              const end = Math.min(d.start + d.length, 95);
              const breakStart = d.breakAt === null ? null : Math.min(d.start + d.breakAt, 94);
              await t.op('put', '/api/v1/schedule/{id}', {
                token: owner.token,
                path: { id: row.id },
                body: {
                  is_active: d.active,
                  start_time: quarter(d.start),
                  end_time: quarter(end),
                  break_start_time: breakStart === null ? null : quarter(breakStart),
                  break_end_time: breakStart === null ? null : quarter(breakStart + 1),
                },
              });
            }
          }
          for (const b of m.bookings) {
            const response = await bookingRequest(t, owner, {
              master_id: master.id,
              service_id: b.long ? service.id : owner.service.id,
              date: addDays(MONDAY, b.day),
              time: quarter(b.at),
            });
            if (response.statusCode === 201 && b.cancel) {
              await t.op('patch', '/api/v1/bookings/{id}', {
                token: owner.token,
                path: { id: response.data.id },
                body: { status: 'cancelled' },
              });
            }
          }
        }
        const pickedMaster = scenario.pickMaster !== null && ids.length > 0 ? ids[scenario.pickMaster % ids.length] : undefined;
        const nowMinutes = scenario.nowQuarter * 15 + 7;
        t.clock.set(new Date(Date.parse(`${MONDAY}T00:00:00+05:00`) + nowMinutes * 60_000));
        try {
          const slug = owner.business.slug;
          const answer = await days(slug, {
            service_id: service.id,
            master_id: pickedMaster,
            from: MONDAY,
            to: addDays(MONDAY, 6),
          });
          expect(answer.statusCode, answer.body).toBe(200);
          const masters = (await t.op('get', '/api/v1/public/{slug}/masters', { path: { slug } })).data;
          const considered: (number | undefined)[] =
            pickedMaster !== undefined
              ? [pickedMaster]
              : masters.length === 0
                ? [undefined]
                : eligibleOf(masters, service.id).map((m) => m.id);
          const expected = [];
          for (let i = 0; i <= 6; i += 1) {
            const date = addDays(MONDAY, i);
            const answers = await Promise.all(considered.map(async (id) => (await slots(t, slug, date, id)).data));
            const dayOff = answers.every((a) => a.work_end <= a.work_start);
            const notBefore = i === 0 ? nowMinutes : 0;
            const free = i >= 0 && answers.some((a) => freeStartTimes(a, service.duration, { step: 15, notBefore }).length > 0);
            expected.push({ date, available: free, day_off: dayOff });
          }
          expect(answer.data).toEqual(expected);
        } finally {
          t.clock.set('2026-11-23T05:00:00Z');
        }
      }),
      { numRuns: 12 },
    );
  });
});
