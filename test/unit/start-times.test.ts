/**
 * freeStartTimes, the start times the booking page, the mini app and the bot
 * offer, checked against the server's own availability answers
 * (singleMasterSlots, aggregateSlots) for generated schedules and bookings.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregateSlots, singleMasterSlots, type DaySchedule, type MasterDay, type TimedBooking } from '../../src/core/availability.js';
import { freeStartTimes, nearestTimes } from '../../src/core/start-times.js';
import { addMinutes, fromMinutes, toMinutes } from '../../src/core/wallclock.js';

const DAY = '2026-11-24';
const STEP = 15;

const schedule = (start: string, end: string, pause: [string, string] | null = null, isActive = true): DaySchedule => ({
  startTime: start,
  endTime: end,
  breakStartTime: pause?.[0] ?? null,
  breakEndTime: pause?.[1] ?? null,
  isActive,
});

describe('freeStartTimes: worked examples', () => {
  const answer = singleMasterSlots(DAY, schedule('09:00', '18:00', ['13:00', '14:00']), [
    { startAt: `${DAY}T11:00:00`, endAt: `${DAY}T12:00:00`, status: 'pending' },
    { startAt: `${DAY}T15:00:00`, endAt: `${DAY}T15:30:00`, status: 'cancelled' },
  ]);

  it('every 15 minutes where the hour fits, around the booking and the break', () => {
    const times = freeStartTimes(answer, 60, { step: STEP });
    expect(times.slice(0, 6)).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00', '12:00']);
    expect(times).not.toContain('12:15'); // would run into the break
    expect(times).toContain('14:00');
    expect(times).toContain('15:00'); // the cancelled booking takes no time
    expect(times.at(-1)).toBe('17:00');
  });

  it('hides what is before "now", rounding up to the step', () => {
    expect(freeStartTimes(answer, 60, { step: STEP, notBefore: toMinutes('10:05') })[0]).toBe('12:00');
    expect(freeStartTimes(answer, 30, { step: STEP, notBefore: toMinutes('10:05') })[0]).toBe('10:15');
  });

  it('offers nothing on a day off, for a duration longer than the day, or for a zero duration', () => {
    expect(freeStartTimes(singleMasterSlots(DAY, schedule('09:00', '18:00', null, false), []), 30)).toEqual([]);
    expect(freeStartTimes(answer, 9 * 60 + 1)).toEqual([]);
    expect(freeStartTimes(answer, 0)).toEqual([]);
  });
});

const hm = (minutes: number): string => fromMinutes(minutes);

/** Schedules on a 5-minute grid (as owners set them), sometimes with a break, sometimes a day off. */
const scheduleArb: fc.Arbitrary<DaySchedule> = fc
  .record({
    start: fc.integer({ min: 0, max: 240 }).map((n) => n * 5),
    length: fc.integer({ min: 1, max: 160 }).map((n) => n * 5),
    pause: fc.option(fc.record({ offset: fc.integer({ min: -60, max: 600 }), length: fc.integer({ min: 5, max: 120 }) })),
    isActive: fc.boolean(),
  })
  .map(({ start, length, pause, isActive }) => {
    const end = Math.min(1440, start + length);
    const pauseStart = pause ? Math.max(0, Math.min(1435, start + pause.offset)) : null;
    return schedule(
      hm(start),
      end === 1440 ? '24:00' : hm(end),
      pause && pauseStart !== null ? [hm(pauseStart), hm(Math.min(1439, pauseStart + pause.length))] : null,
      isActive,
    );
  });

/** Bookings at any minute (clients book the odd 10:07 through the API), some of them cancelled or rejected. */
const bookingArb: fc.Arbitrary<TimedBooking> = fc
  .record({
    start: fc.integer({ min: -120, max: 1439 }),
    duration: fc.integer({ min: 1, max: 300 }),
    status: fc.constantFrom('pending', 'confirmed', 'completed', 'cancelled', 'rejected'),
  })
  .map(({ start, duration, status }) => {
    const startAt = addMinutes(`${DAY}T00:00:00`, start);
    return { startAt, endAt: addMinutes(startAt, duration), status };
  });

const durationArb = fc.integer({ min: 1, max: 240 });
const notBeforeArb = fc.option(fc.integer({ min: 0, max: 1440 }), { nil: undefined });

const minutesOfAnswer = (answer: { work_start: string; work_end: string; busy_intervals: readonly (readonly [string, string])[] }) => ({
  open: toMinutes(answer.work_start),
  close: toMinutes(answer.work_end),
  busy: answer.busy_intervals.map(([s, e]) => [toMinutes(s), toMinutes(e)] as const),
});

/** Is one master, by its own schedule and bookings (not the merged answer), free for [start, start + duration)? */
function masterFree(day: DaySchedule, bookings: readonly TimedBooking[], start: number, duration: number): boolean {
  if (!day.isActive) return false;
  const end = start + duration;
  if (start < toMinutes(day.startTime) || end > toMinutes(day.endTime)) return false;
  const clash = (s: number, e: number) => s < end && start < e;
  if (day.breakStartTime && day.breakEndTime && clash(toMinutes(day.breakStartTime), toMinutes(day.breakEndTime))) return false;
  const midnight = Date.parse(`${DAY}T00:00:00Z`);
  return bookings.every((b) => {
    if (b.status === 'cancelled' || b.status === 'rejected') return true;
    const s = (Date.parse(`${b.startAt}Z`) - midnight) / 60_000;
    const e = (Date.parse(`${b.endAt}Z`) - midnight) / 60_000;
    return !clash(s, e);
  });
}

describe('freeStartTimes against singleMasterSlots (one master)', () => {
  it('offers exactly the 15-minute starts, from "now" on, where the master is free for the whole duration', () => {
    fc.assert(
      fc.property(scheduleArb, fc.array(bookingArb, { maxLength: 8 }), durationArb, notBeforeArb, (day, bookings, duration, notBefore) => {
        const answer = singleMasterSlots(DAY, day, bookings);
        const offered = freeStartTimes(answer, duration, { step: STEP, notBefore });
        const expected: string[] = [];
        for (let start = 0; start + duration <= 1440; start += STEP) {
          if (start >= (notBefore ?? 0) && masterFree(day, bookings, start, duration)) expected.push(hm(start));
        }
        expect(offered).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('every offered start lies in the window, misses every busy interval, and the list is ascending', () => {
    fc.assert(
      fc.property(scheduleArb, fc.array(bookingArb, { maxLength: 8 }), durationArb, (day, bookings, duration) => {
        const answer = singleMasterSlots(DAY, day, bookings);
        const { open, close, busy } = minutesOfAnswer(answer);
        const offered = freeStartTimes(answer, duration, { step: STEP }).map(toMinutes);
        for (const start of offered) {
          expect(start % STEP).toBe(0);
          expect(start).toBeGreaterThanOrEqual(open);
          expect(start + duration).toBeLessThanOrEqual(close);
          for (const [s, e] of busy) expect(start + duration <= s || start >= e).toBe(true);
        }
        expect([...offered].sort((a, b) => a - b)).toEqual(offered);
        expect(new Set(offered).size).toBe(offered.length);
      }),
      { numRuns: 400 },
    );
  });
});

describe('freeStartTimes against aggregateSlots (any master)', () => {
  const masterArb: fc.Arbitrary<MasterDay> = fc.record({
    schedule: fc.option(scheduleArb, { nil: undefined }),
    bookings: fc.array(bookingArb, { maxLength: 5 }),
  });

  it('offers exactly the 15-minute starts whose every minute has some master free', () => {
    fc.assert(
      fc.property(fc.array(masterArb, { minLength: 1, maxLength: 4 }), durationArb, notBeforeArb, (masters, duration, notBefore) => {
        const answer = aggregateSlots(DAY, masters);
        const offered = freeStartTimes(answer, duration, { step: STEP, notBefore });
        const { open, close } = minutesOfAnswer(answer);
        const someoneFree = (minute: number) =>
          masters.some((m) => m.schedule !== undefined && masterFree(m.schedule, m.bookings, minute, 1));
        const expected: string[] = [];
        for (let start = 0; start + duration <= 1440; start += STEP) {
          if (start < (notBefore ?? 0) || start < open || start + duration > close) continue;
          let free = true;
          for (let minute = start; free && minute < start + duration; minute += 1) free = someoneFree(minute);
          if (free) expected.push(hm(start));
        }
        expect(offered).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('nearestTimes (a time just taken: what the page offers instead)', () => {
  it('the nearest free times around the wanted one, earlier first on a tie, in the order of the day', () => {
    const free = ['09:00', '10:30', '10:45', '11:30', '12:00', '15:00'];
    expect(nearestTimes(free, '11:00', 3)).toEqual(['10:30', '10:45', '11:30']);
    expect(nearestTimes(free, '11:00', 4)).toEqual(['10:30', '10:45', '11:30', '12:00']);
    expect(nearestTimes(['10:45', '11:15'], '11:00', 1)).toEqual(['10:45']);
    expect(nearestTimes([], '11:00')).toEqual([]);
  });

  it('property: never the wanted time, at most count, sorted, and no left-out time is nearer than one offered', () => {
    const time = fc.integer({ min: 0, max: 95 }).map((q) => fromMinutes(q * STEP));
    fc.assert(
      fc.property(fc.uniqueArray(time, { maxLength: 30 }), time, fc.integer({ min: 1, max: 6 }), (free, wanted, count) => {
        const offered = nearestTimes(free, wanted, count);
        expect(offered).not.toContain(wanted);
        expect(offered.length).toBe(Math.min(count, free.filter((t) => t !== wanted).length));
        expect(offered).toEqual([...offered].sort());
        const far = (t: string) => Math.abs(toMinutes(t) - toMinutes(wanted));
        const worst = Math.max(...offered.map(far));
        for (const t of free) if (t !== wanted && !offered.includes(t)) expect(far(t)).toBeGreaterThanOrEqual(worst);
      }),
    );
  });
});
