import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aggregateSlots,
  bookingInterval,
  mergeIntervals,
  scheduleFor,
  singleMasterSlots,
  type DaySchedule,
  type MasterDay,
  type ScheduleRow,
  type SlotsAnswer,
  type TimedBooking,
  worksThatDate,
} from '../../src/core/availability.js';
import { occupiesTime } from '../../src/core/booking-status.js';

const DAY = '2026-11-23';
const PREV = '2026-11-22';
const NEXT = '2026-11-24';

const day = (start: string, end: string, pause: [string, string] | null = null, isActive = true): DaySchedule => ({
  startTime: start,
  endTime: end,
  breakStartTime: pause?.[0] ?? null,
  breakEndTime: pause?.[1] ?? null,
  isActive,
});
const booked = (from: string, to: string, status = 'pending', date = DAY, endDate = date): TimedBooking => ({
  startAt: `${date}T${from}:00`,
  endAt: `${endDate}T${to}:00`,
  status,
});
const row = (dayOfWeek: number, schedule: DaySchedule): ScheduleRow => ({ ...schedule, dayOfWeek });

describe('scheduleFor (rule 1: own row, else the business row)', () => {
  const business = [0, 1, 2, 3, 4, 5, 6].map((d) => row(d, day('09:00', '18:00')));
  const own = [0, 1, 2, 3, 4, 5, 6].map((d) => row(d, day('10:00', '20:00')));

  it('takes the master row of the weekday when the master has a schedule', () => {
    expect(scheduleFor(own, business, 2)).toBe(own[2]);
  });

  it('falls back to the business row when the master has none', () => {
    expect(scheduleFor([], business, 5)).toBe(business[5]);
  });

  it('does not mix levels: a master with rows but none for the weekday has no schedule that day', () => {
    expect(scheduleFor([own[0]!], business, 3)).toBeUndefined();
  });

  it('is undefined when no row exists at all', () => {
    expect(scheduleFor([], [], 0)).toBeUndefined();
  });
});

describe('worksThatDate (does the master work that date at all)', () => {
  it('works with an active row and a window; not without a row, with an inactive one or an empty window', () => {
    expect(worksThatDate(day('09:00', '18:00'))).toBe(true);
    expect(worksThatDate(undefined)).toBe(false);
    expect(worksThatDate(day('09:00', '18:00', null, false))).toBe(false);
    expect(worksThatDate(day('09:00', '09:00'))).toBe(false);
    expect(worksThatDate(day('18:00', '09:00'))).toBe(false);
  });

  it('not when time off closes the day whole or every hour of its window; closed hours leaving a minute keep it', () => {
    expect(worksThatDate({ ...day('09:00', '18:00'), closed: 'day' })).toBe(false);
    expect(worksThatDate({ ...day('09:00', '18:00'), closed: [[480, 1140]] })).toBe(false);
    expect(worksThatDate({ ...day('09:00', '18:00'), closed: [[540, 1080]] })).toBe(false);
    expect(worksThatDate({ ...day('09:00', '18:00'), closed: [[540, 1079]] })).toBe(true);
    expect(
      worksThatDate({
        ...day('09:00', '18:00'),
        closed: [
          [540, 780],
          [840, 1080],
        ],
      }),
    ).toBe(true);
    // A break is not time off: a day of break alone still works (its times are none, as a full day's).
    expect(worksThatDate(day('09:00', '18:00', ['09:00', '18:00']))).toBe(true);
  });
});

describe('mergeIntervals', () => {
  it('sorts, merges overlapping and touching intervals, keeps gaps', () => {
    expect(
      mergeIntervals([
        [600, 660],
        [540, 560],
        [650, 700],
        [700, 720],
        [800, 810],
      ]),
    ).toEqual([
      [540, 560],
      [600, 720],
      [800, 810],
    ]);
  });

  it('keeps a contained interval inside its container', () => {
    expect(
      mergeIntervals([
        [100, 500],
        [200, 300],
      ]),
    ).toEqual([[100, 500]]);
  });

  it('returns [] for []', () => {
    expect(mergeIntervals([])).toEqual([]);
  });
});

describe('bookingInterval', () => {
  it('gives the minutes of the day a booking covers', () => {
    expect(bookingInterval(booked('10:00', '11:30'), DAY)).toEqual([600, 690]);
  });

  it('clamps a booking that started the day before to midnight', () => {
    expect(bookingInterval(booked('23:30', '00:30', 'pending', PREV, DAY), DAY)).toEqual([0, 30]);
  });

  it('clamps a booking running past midnight to 24:00', () => {
    expect(bookingInterval(booked('23:00', '01:00', 'pending', DAY, NEXT), DAY)).toEqual([1380, 1440]);
  });

  it('is null for a booking on another day or ending exactly at midnight', () => {
    expect(bookingInterval(booked('10:00', '11:00', 'pending', NEXT), DAY)).toBeNull();
    expect(bookingInterval(booked('23:00', '00:00', 'pending', PREV, DAY), DAY)).toBeNull();
  });
});

describe('singleMasterSlots (rule 4)', () => {
  it('an inactive day is 00:00/00:00 with no busy intervals, whatever is booked', () => {
    expect(singleMasterSlots(DAY, day('09:00', '18:00', ['13:00', '14:00'], false), [booked('10:00', '11:00')])).toEqual({
      work_start: '00:00',
      work_end: '00:00',
      busy_intervals: [],
    });
  });

  it('no schedule at all is a closed day', () => {
    expect(singleMasterSlots(DAY, undefined, [])).toEqual({ work_start: '00:00', work_end: '00:00', busy_intervals: [] });
  });

  it('worked example: the default business day with its break only', () => {
    expect(singleMasterSlots(DAY, day('09:00', '18:00', ['13:00', '14:00']), [])).toEqual({
      work_start: '09:00',
      work_end: '18:00',
      busy_intervals: [['13:00', '14:00']],
    });
  });

  it('worked example: break plus bookings, overlapping ones merged, touching ones merged', () => {
    const answer = singleMasterSlots(DAY, day('09:00', '18:00', ['13:00', '14:00']), [
      booked('10:00', '11:00'),
      booked('10:30', '11:15', 'confirmed'),
      booked('14:00', '15:00', 'completed'), // touches the break
      booked('16:00', '16:30'),
    ]);
    expect(answer).toEqual({
      work_start: '09:00',
      work_end: '18:00',
      busy_intervals: [
        ['10:00', '11:15'],
        ['13:00', '15:00'],
        ['16:00', '16:30'],
      ],
    });
  });

  it('cancelled and rejected bookings take no time', () => {
    const answer = singleMasterSlots(DAY, day('09:00', '18:00'), [
      booked('10:00', '11:00', 'cancelled'),
      booked('12:00', '13:00', 'rejected'),
    ]);
    expect(answer.busy_intervals).toEqual([]);
  });

  it('no break fields, or only one of them, means no break', () => {
    expect(singleMasterSlots(DAY, day('09:00', '18:00'), []).busy_intervals).toEqual([]);
    const half = { ...day('09:00', '18:00'), breakStartTime: '13:00' };
    expect(singleMasterSlots(DAY, half, []).busy_intervals).toEqual([]);
  });

  it('reports bookings outside the working window too (no fit check exists)', () => {
    const answer = singleMasterSlots(DAY, day('09:00', '18:00'), [booked('19:00', '20:00')]);
    expect(answer.busy_intervals).toEqual([['19:00', '20:00']]);
  });

  it('a booking from the previous evening is busy from 00:00; one into the night ends at 24:00', () => {
    const answer = singleMasterSlots(DAY, day('00:00', '24:00'), [
      booked('23:00', '01:00', 'pending', PREV, DAY),
      booked('23:00', '02:00', 'pending', DAY, NEXT),
    ]);
    expect(answer).toEqual({
      work_start: '00:00',
      work_end: '24:00',
      busy_intervals: [
        ['00:00', '01:00'],
        ['23:00', '24:00'],
      ],
    });
  });

  it('no start < end check: an inverted day is returned as stored', () => {
    expect(singleMasterSlots(DAY, day('18:00', '09:00'), [])).toEqual({ work_start: '18:00', work_end: '09:00', busy_intervals: [] });
  });
});

describe('aggregateSlots (rule 5)', () => {
  const master = (schedule: DaySchedule | undefined, bookings: TimedBooking[] = []): MasterDay => ({ schedule, bookings });

  it('worked example: one master is busy only where that master is busy', () => {
    const answer = aggregateSlots(DAY, [master(day('09:00', '18:00', ['13:00', '14:00']), [booked('10:00', '11:00')])]);
    expect(answer).toEqual({
      work_start: '09:00',
      work_end: '18:00',
      busy_intervals: [
        ['10:00', '11:00'],
        ['13:00', '14:00'],
      ],
    });
  });

  it('worked example: two masters; busy only where both are busy', () => {
    const answer = aggregateSlots(DAY, [
      master(day('09:00', '18:00', ['13:00', '14:00']), [booked('10:00', '12:00')]),
      master(day('11:00', '20:00', ['13:30', '14:30']), [booked('11:00', '11:30')]),
    ]);
    // 09-10 A free; 10-11 A booked, B not working yet; 11-11:30 both booked; 11:30-12 B free;
    // 13:00-13:30 A break, B free; 13:30-14:00 both on break; 14-14:30 A free; 18-20 only B.
    expect(answer).toEqual({
      work_start: '09:00',
      work_end: '20:00',
      busy_intervals: [
        ['10:00', '11:30'],
        ['13:30', '14:00'],
      ],
    });
  });

  it('work_start is the minimum start and work_end the maximum end of the working masters', () => {
    const answer = aggregateSlots(DAY, [master(day('10:00', '15:00')), master(day('08:30', '12:00')), master(day('11:00', '19:45'))]);
    expect(answer).toEqual({ work_start: '08:30', work_end: '19:45', busy_intervals: [] });
  });

  it('a gap between two shifts is busy (nobody works there)', () => {
    const answer = aggregateSlots(DAY, [master(day('08:00', '12:00')), master(day('14:00', '18:00'))]);
    expect(answer.busy_intervals).toEqual([['12:00', '14:00']]);
  });

  it('masters with a day off (or no schedule) are left out', () => {
    const answer = aggregateSlots(DAY, [
      master(day('07:00', '22:00', null, false), [booked('09:00', '10:00')]),
      master(undefined),
      master(day('09:00', '18:00')),
    ]);
    expect(answer).toEqual({ work_start: '09:00', work_end: '18:00', busy_intervals: [] });
  });

  it('nobody works: 00:00/00:00/[]', () => {
    expect(aggregateSlots(DAY, [master(day('09:00', '18:00', null, false)), master(undefined)])).toEqual({
      work_start: '00:00',
      work_end: '00:00',
      busy_intervals: [],
    });
    expect(aggregateSlots(DAY, [])).toEqual({ work_start: '00:00', work_end: '00:00', busy_intervals: [] });
  });

  it("a master's contribution is clamped to 0..1: a double booking of A cannot hide B's booking", () => {
    // Unclamped, A's double booking at 10-11 counts +1 -2 = -1 and B's +1 makes 0: busy, though B is free.
    const answer = aggregateSlots(DAY, [
      master(day('09:00', '18:00'), [booked('10:00', '11:00'), booked('10:00', '11:00')]),
      master(day('09:00', '18:00'), [booked('12:00', '13:00')]),
    ]);
    expect(answer.busy_intervals).toEqual([]);
  });

  it('busy runs are reported only inside [work_start, work_end)', () => {
    const answer = aggregateSlots(DAY, [master(day('09:00', '18:00'), [booked('07:00', '09:30'), booked('17:30', '19:00')])]);
    expect(answer.busy_intervals).toEqual([
      ['09:00', '09:30'],
      ['17:30', '18:00'],
    ]);
  });

  it('cancelled and rejected bookings take no time in the aggregate either', () => {
    const answer = aggregateSlots(DAY, [
      master(day('09:00', '18:00'), [booked('10:00', '11:00', 'cancelled'), booked('11:00', '12:00', 'rejected')]),
    ]);
    expect(answer.busy_intervals).toEqual([]);
  });

  it('a schedule ending at 24:00 works', () => {
    const answer = aggregateSlots(DAY, [master(day('20:00', '24:00'), [booked('23:00', '00:30', 'pending', DAY, NEXT)])]);
    expect(answer).toEqual({ work_start: '20:00', work_end: '24:00', busy_intervals: [['23:00', '24:00']] });
  });
});

// ---- properties ----

const hm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const toMin = (value: string): number => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));

/** Times at a 5-minute grid keep the shrinking readable; 24:00 is a valid end. */
const time = fc.integer({ min: 0, max: 288 }).map((n) => hm(n * 5));
const scheduleArb: fc.Arbitrary<DaySchedule> = fc
  .record({
    start: time,
    end: time,
    pause: fc.option(fc.tuple(time, time), { nil: null }),
    isActive: fc.boolean(),
  })
  .map(({ start, end, pause, isActive }) => day(start, end, pause, isActive));

const statusArb = fc.constantFrom('pending', 'confirmed', 'completed', 'cancelled', 'rejected');
/** Bookings from 23:00 the day before to the next day, 1..600 minutes long. */
const bookingArb: fc.Arbitrary<TimedBooking> = fc
  .record({ offset: fc.integer({ min: -60, max: 1439 }), duration: fc.integer({ min: 1, max: 600 }), status: statusArb })
  .map(({ offset, duration, status }) => {
    const at = (m: number) => new Date(Date.UTC(2026, 10, 23, 0, m)).toISOString().slice(0, 19);
    return { startAt: at(offset), endAt: at(offset + duration), status };
  });
const masterArb: fc.Arbitrary<MasterDay> = fc.record({
  schedule: fc.option(scheduleArb, { nil: undefined }),
  bookings: fc.array(bookingArb, { maxLength: 6 }),
});

function assertWellFormed(answer: SlotsAnswer): void {
  let previousEnd = -1;
  for (const [s, e] of answer.busy_intervals) {
    const [start, end] = [toMin(s), toMin(e)];
    expect(start).toBeGreaterThanOrEqual(0);
    expect(end).toBeLessThanOrEqual(1440);
    expect(start).toBeLessThan(end);
    expect(start).toBeGreaterThan(previousEnd); // sorted and disjoint (touching ones are merged)
    previousEnd = end;
  }
}

function freeMinutes(answer: SlotsAnswer): Set<number> {
  const free = new Set<number>();
  const busy = answer.busy_intervals.map(([s, e]) => [toMin(s), toMin(e)] as const);
  for (let m = toMin(answer.work_start); m < toMin(answer.work_end); m += 1) {
    if (!busy.some(([s, e]) => m >= s && m < e)) free.add(m);
  }
  return free;
}

describe('availability properties', () => {
  it('single master: busy intervals are sorted, disjoint and inside 00:00-24:00', () => {
    fc.assert(
      fc.property(fc.option(scheduleArb, { nil: undefined }), fc.array(bookingArb, { maxLength: 8 }), (schedule, bookings) => {
        assertWellFormed(singleMasterSlots(DAY, schedule, bookings));
      }),
    );
  });

  it('aggregate: busy intervals are sorted, disjoint and inside 00:00-24:00', () => {
    fc.assert(
      fc.property(fc.array(masterArb, { maxLength: 4 }), (masters) => {
        assertWellFormed(aggregateSlots(DAY, masters));
      }),
    );
  });

  it('every minute of a booking that occupies time is busy in the master’s answer on a working day', () => {
    fc.assert(
      fc.property(scheduleArb, fc.array(bookingArb, { maxLength: 8 }), (schedule, bookings) => {
        const active = { ...schedule, isActive: true };
        const busy = singleMasterSlots(DAY, active, bookings).busy_intervals.map(([s, e]) => [toMin(s), toMin(e)] as const);
        for (const booking of bookings.filter((b) => occupiesTime(b.status))) {
          const interval = bookingInterval(booking, DAY);
          if (!interval) continue;
          for (let m = interval[0]; m < interval[1]; m += 1) {
            expect(busy.some(([s, e]) => m >= s && m < e)).toBe(true);
          }
        }
      }),
    );
  });

  it('aggregate free set (window minus busy) equals the union of the masters’ free sets', () => {
    fc.assert(
      fc.property(fc.array(masterArb, { minLength: 1, maxLength: 4 }), (masters) => {
        const union = new Set<number>();
        for (const m of masters) for (const minute of freeMinutes(singleMasterSlots(DAY, m.schedule, m.bookings))) union.add(minute);
        const aggregate = freeMinutes(aggregateSlots(DAY, masters));
        expect([...aggregate].sort((a, b) => a - b)).toEqual([...union].sort((a, b) => a - b));
      }),
    );
  });

  it('mergeIntervals covers exactly the same minutes, with sorted, non-touching intervals', () => {
    const interval = fc
      .tuple(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 300 }))
      .map(([s, d]) => [s, Math.min(1440, s + d)] as const);
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 10 }), (intervals) => {
        const merged = mergeIntervals(intervals);
        const covered = (list: readonly (readonly [number, number])[]) => {
          const set = new Set<number>();
          for (const [s, e] of list) for (let m = s; m < e; m += 1) set.add(m);
          return [...set].sort((a, b) => a - b);
        };
        expect(covered(merged)).toEqual(covered(intervals));
        for (let i = 1; i < merged.length; i += 1) expect(merged[i]![0]).toBeGreaterThan(merged[i - 1]![1]);
      }),
    );
  });
});
