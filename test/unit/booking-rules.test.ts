/**
 * CONTRACT.md §17 as pure rules: a master's own terms (core/master-terms.ts), the booking window
 * (core/booking-window.ts), buffers and the notice inside the one availability function
 * (core/availability.ts, read by core/start-times.ts) and "any master" (core/any-master.ts).
 * The properties check the offered start times against the raw bookings, not against the code's own merging.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { singleMasterSlots, type DaySchedule, type TimedBooking } from '../../src/core/availability.js';
import { anyMasterStartTimes, type CapableMaster } from '../../src/core/any-master.js';
import { bookingWindow, notBeforeNow, outsideBookingWindow, windowOnDate } from '../../src/core/booking-window.js';
import { effectiveTerms, termsRange } from '../../src/core/master-terms.js';
import { freeStartTimes } from '../../src/core/start-times.js';
import { addDays, addMinutes, combine, fromMinutes, toMinutes } from '../../src/core/wallclock.js';

const DAY = '2026-11-24';
const STEP = 15;

describe('master terms', () => {
  it("takes the master's own value where set, else the service's", () => {
    const base = { price: 5000, duration: 60 };
    expect(effectiveTerms(base, undefined)).toEqual(base);
    expect(effectiveTerms(base, { price: 7000, duration: null })).toEqual({ price: 7000, duration: 60 });
    expect(effectiveTerms(base, { price: 0, duration: 45 })).toEqual({ price: 0, duration: 45 });
  });

  it('property: the range holds every master’s effective terms and is the base with nobody overriding', () => {
    const own = fc.record({
      price: fc.option(fc.integer({ min: 0, max: 100_000 })),
      duration: fc.option(fc.integer({ min: 1, max: 1440 })),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 1440 }),
        fc.array(own, { maxLength: 8 }),
        (price, duration, links) => {
          const base = { price, duration };
          const range = termsRange(base, links);
          const all = links.length === 0 ? [base] : links.map((link) => effectiveTerms(base, link));
          for (const terms of all) {
            expect(range.price_min).toBeLessThanOrEqual(terms.price);
            expect(range.price_max).toBeGreaterThanOrEqual(terms.price);
            expect(range.duration_min).toBeLessThanOrEqual(terms.duration);
            expect(range.duration_max).toBeGreaterThanOrEqual(terms.duration);
          }
          expect(all.map((terms) => terms.price)).toContain(range.price_min);
          expect(all.map((terms) => terms.duration)).toContain(range.duration_max);
          if (links.every((link) => link.price === null && link.duration === null))
            expect(range).toEqual({ price_min: price, price_max: price, duration_min: duration, duration_max: duration });
        },
      ),
      { numRuns: 10_000 },
    );
  });
});

describe('booking window', () => {
  it('is open with notice 0 and no horizon', () => {
    const window = bookingWindow('2026-11-23T10:00:00', { minNoticeMinutes: 0, bookingHorizonDays: null });
    expect(outsideBookingWindow('2020-01-01T00:00:00', window)).toBe(false);
    expect(outsideBookingWindow('2030-01-01T00:00:00', window)).toBe(false);
    expect(windowOnDate(window, '2026-11-23')).toBe(0);
  });

  it('worked example: 2 hours of notice, 3 days ahead; seconds round the notice up to the minute', () => {
    const window = bookingWindow('2026-11-23T10:00:20', { minNoticeMinutes: 120, bookingHorizonDays: 3 });
    expect(window).toEqual({ earliest: '2026-11-23T12:01:00', lastDate: '2026-11-26' });
    expect(outsideBookingWindow('2026-11-23T12:00:00', window)).toBe(true);
    expect(outsideBookingWindow('2026-11-23T12:01:00', window)).toBe(false);
    expect(outsideBookingWindow('2026-11-26T23:45:00', window)).toBe(false);
    expect(outsideBookingWindow('2026-11-27T00:00:00', window)).toBe(true);
    expect(windowOnDate(window, '2026-11-23')).toBe(12 * 60 + 1);
    expect(windowOnDate(window, '2026-11-24')).toBe(0);
    expect(windowOnDate(window, '2026-11-27')).toBe('closed');
  });

  it('a notice past midnight blocks the whole of today and part of tomorrow', () => {
    const window = bookingWindow('2026-11-23T20:00:00', { minNoticeMinutes: 24 * 60, bookingHorizonDays: null });
    expect(windowOnDate(window, '2026-11-23')).toBe(1440);
    expect(windowOnDate(window, '2026-11-24')).toBe(20 * 60);
    expect(windowOnDate(window, '2026-11-25')).toBe(0);
  });
});

describe('not before now', () => {
  it('today from the current minute (its seconds do not matter), a past date closed, a later date open', () => {
    expect(notBeforeNow('2026-11-23T10:00:00', '2026-11-23')).toBe(600);
    expect(notBeforeNow('2026-11-23T10:00:59', '2026-11-23')).toBe(600);
    expect(notBeforeNow('2026-11-23T10:01:00', '2026-11-23')).toBe(601);
    expect(notBeforeNow('2026-11-23T23:59:30', '2026-11-23')).toBe(1439);
    expect(notBeforeNow('2026-11-23T10:00:00', '2026-11-22')).toBe(1440);
    expect(notBeforeNow('2026-11-23T10:00:00', '2026-11-24')).toBe(0);
  });

  it('property: a start at minute m of a date is not before now exactly when date and m are not before now’s minute', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2, max: 2 }),
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 1439 }),
        (dayOffset, nowMinute, second, start) => {
          const now = `${DAY}T${fromMinutes(nowMinute)}:${String(second).padStart(2, '0')}`;
          const date = addDays(DAY, dayOffset);
          const allowed = start >= notBeforeNow(now, date);
          const startAt = combine(date, fromMinutes(start));
          expect(allowed).toBe(startAt >= combine(DAY, fromMinutes(nowMinute)));
        },
      ),
    );
  });
});

const schedule = (start: number, end: number, pause: [number, number] | null): DaySchedule => ({
  startTime: fromMinutes(start),
  endTime: fromMinutes(end),
  breakStartTime: pause ? fromMinutes(pause[0]) : null,
  breakEndTime: pause ? fromMinutes(pause[1]) : null,
  isActive: true,
});

interface Generated {
  start: number;
  end: number;
  pause: [number, number] | null;
  bookings: { start: number; duration: number; buffer: number; status: string }[];
}

const dayArb: fc.Arbitrary<Generated> = fc
  .record({
    start: fc.integer({ min: 0, max: 60 }).map((n) => n * 15),
    length: fc.integer({ min: 4, max: 56 }).map((n) => n * 15),
    pause: fc.option(fc.record({ at: fc.integer({ min: 0, max: 600 }), length: fc.integer({ min: 5, max: 90 }) })),
    bookings: fc.array(
      fc.record({
        start: fc.integer({ min: 0, max: 1435 }),
        duration: fc.integer({ min: 5, max: 180 }),
        buffer: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 240 })),
        status: fc.constantFrom('pending', 'confirmed', 'completed', 'cancelled', 'rejected'),
      }),
      { maxLength: 8 },
    ),
  })
  .map(({ start, length, pause, bookings }) => {
    const end = Math.min(1440, start + length);
    const breakAt = pause ? start + pause.at : 0;
    return {
      start,
      end,
      pause: pause && breakAt + pause.length <= end ? ([breakAt, breakAt + pause.length] as [number, number]) : null,
      bookings,
    };
  });

const timed = (day: Generated): TimedBooking[] =>
  day.bookings.map((b) => {
    const startAt = combine(DAY, fromMinutes(b.start));
    return { startAt, endAt: addMinutes(startAt, b.duration), status: b.status, bufferAfter: b.buffer };
  });

/** What a start must respect, straight from the raw rows: the window, the break, the notice and every booking with its buffer. */
function breaksNothing(day: Generated, start: number, duration: number, buffer: number, opening: number): boolean {
  const occupiedTo = start + duration + buffer;
  if (start < day.start || start + duration > day.end || start < opening) return false;
  if (day.pause && occupiedTo > day.pause[0] && start < day.pause[1]) return false;
  return day.bookings.every(
    (b) => b.status === 'cancelled' || b.status === 'rejected' || occupiedTo <= b.start || start >= b.start + b.duration + b.buffer,
  );
}

/** The starts a brute force over the step grid finds. */
const referenceStarts = (day: Generated, duration: number, buffer: number, opening: number): string[] => {
  const starts: string[] = [];
  for (let start = 0; start < 1440; start += STEP)
    if (breaksNothing(day, start, duration, buffer, opening)) starts.push(fromMinutes(start));
  return starts;
};

const serviceArb = fc.record({
  duration: fc.integer({ min: 5, max: 240 }),
  buffer: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 240 })),
  opening: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1440 })),
});

describe('buffers and the notice in the availability function', () => {
  it('worked example: a booking with a 15-minute buffer keeps its master until 11:15; end_at stays 11:00', () => {
    const answer = singleMasterSlots(DAY, schedule(540, 1080, null), [
      { startAt: `${DAY}T10:00:00`, endAt: `${DAY}T11:00:00`, status: 'confirmed', bufferAfter: 15 },
    ]);
    expect(answer.busy_intervals).toEqual([['10:00', '11:15']]);
    // 45 minutes with their own 15 of buffer: 09:00 keeps the master until 10:00 exactly; 09:15 would run into 10:00.
    expect(freeStartTimes(answer, 45, { step: STEP, bufferAfter: 15 }).slice(0, 3)).toEqual(['09:00', '11:15', '11:30']);
    // The buffer may run past closing time: 17:15 + 45 = 18:00.
    expect(freeStartTimes(answer, 45, { step: STEP, bufferAfter: 15 }).at(-1)).toBe('17:15');
  });

  it('a buffer running past midnight keeps the next day busy', () => {
    const answer = singleMasterSlots(DAY, schedule(0, 600, null), [
      { startAt: '2026-11-23T23:00:00', endAt: '2026-11-23T23:50:00', status: 'pending', bufferAfter: 30 },
    ]);
    expect(answer.busy_intervals).toEqual([['00:00', '00:20']]);
  });

  it('the notice marks [work_start, opening) busy; past the horizon the day is closed', () => {
    expect(singleMasterSlots(DAY, schedule(540, 1080, [780, 840]), [], 720).busy_intervals).toEqual([
      ['09:00', '12:00'],
      ['13:00', '14:00'],
    ]);
    expect(singleMasterSlots(DAY, schedule(540, 1080, null), [], 1440).busy_intervals).toEqual([['09:00', '18:00']]);
    expect(singleMasterSlots(DAY, schedule(540, 1080, null), [], 'closed')).toEqual({
      work_start: '00:00',
      work_end: '00:00',
      busy_intervals: [],
    });
  });

  it('property: no offered start breaks a buffer (its own or another booking’s), the break or the notice, and none is missed', () => {
    fc.assert(
      fc.property(dayArb, serviceArb, (day, { duration, buffer, opening }) => {
        const answer = singleMasterSlots(DAY, schedule(day.start, day.end, day.pause), timed(day), opening);
        const offered = freeStartTimes(answer, duration, { step: STEP, bufferAfter: buffer });
        for (const time of offered) expect(breaksNothing(day, toMinutes(time), duration, buffer, opening)).toBe(true);
        expect(offered).toEqual(referenceStarts(day, duration, buffer, opening));
      }),
      { numRuns: 10_000 },
    );
  });

  it('property: no offered start is outside the booking window (notice and horizon), for any now and any date', () => {
    const nowArb = fc.record({ minute: fc.integer({ min: 0, max: 1439 }), second: fc.integer({ min: 0, max: 59 }) });
    fc.assert(
      fc.property(
        dayArb,
        nowArb,
        fc.integer({ min: 0, max: 10080 }),
        fc.option(fc.integer({ min: 1, max: 10 })),
        fc.integer({ min: 0, max: 12 }),
        (day, now, notice, horizon, ahead) => {
          const today = '2026-11-23';
          const nowAt = `${combine(today, fromMinutes(now.minute))}`.slice(0, 17) + String(now.second).padStart(2, '0');
          const window = bookingWindow(nowAt, { minNoticeMinutes: notice, bookingHorizonDays: horizon });
          const date = addDays(today, ahead);
          const opening = windowOnDate(window, date);
          const answer = singleMasterSlots(date, schedule(day.start, day.end, day.pause), [], opening);
          const offered = freeStartTimes(answer, 30, { step: STEP });
          if (horizon !== null && ahead > horizon) expect(offered).toEqual([]);
          for (const time of offered) expect(outsideBookingWindow(combine(date, time), window)).toBe(false);
        },
      ),
      { numRuns: 10_000 },
    );
  });
});

describe('"any master"', () => {
  it('property: the start times are the union of each capable master’s own, with that master’s duration and the buffer', () => {
    const masterArb = fc.record({ day: dayArb, duration: fc.integer({ min: 5, max: 180 }) });
    fc.assert(
      fc.property(
        fc.array(masterArb, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 600 }),
        (masters, buffer, opening) => {
          const capable: CapableMaster[] = masters.map(({ day, duration }) => ({
            schedule: schedule(day.start, day.end, day.pause),
            bookings: timed(day),
            duration,
          }));
          const union = new Set(masters.flatMap(({ day, duration }) => referenceStarts(day, duration, buffer, opening)));
          expect(anyMasterStartTimes(DAY, capable, { step: STEP, bufferAfter: buffer, opening })).toEqual([...union].sort());
        },
      ),
      { numRuns: 3_000 },
    );
  });
});
