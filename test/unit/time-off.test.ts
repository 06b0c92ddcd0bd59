/** CONTRACT.md §21: core/time-off.ts (what a time off closes) and how core/availability.ts follows it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aggregateSlots,
  CLOSED_DAY,
  singleMasterSlots,
  type DaySchedule,
  type MasterDay,
  type TimedBooking,
} from '../../src/core/availability.js';
import { freeStartTimes } from '../../src/core/start-times.js';
import { firstFreeStart, ownerFreeDays } from '../../web/src/admin/bookings/next-free.js';
import {
  closedPartOf,
  closingNote,
  closureOn,
  dateWork,
  overlapsTimeOff,
  timeOffEntry,
  withTimeOff,
  type TimeOffEntry,
} from '../../src/core/time-off.js';

const DAY = '2026-11-24';
const hm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const toMin = (value: string): number => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
const schedule = (startTime: string, endTime: string, pause: [string, string] | null = null): DaySchedule => ({
  startTime,
  endTime,
  breakStartTime: pause?.[0] ?? null,
  breakEndTime: pause?.[1] ?? null,
  isActive: true,
});
const entry = (values: Partial<TimeOffEntry>): TimeOffEntry => ({
  masterId: null,
  dateFrom: DAY,
  dateTo: DAY,
  startTime: null,
  endTime: null,
  ...values,
});

describe('closureOn', () => {
  it("a business's entry closes every master; a master's only that master; dates are inclusive", () => {
    const entries = [entry({ masterId: 7, dateFrom: '2026-11-20', dateTo: DAY, startTime: '10:00', endTime: '12:00' })];
    expect(closureOn(entries, 7, DAY)).toEqual([[600, 720]]);
    expect(closureOn(entries, 7, '2026-11-20')).toEqual([[600, 720]]);
    expect(closureOn(entries, 7, '2026-11-25')).toEqual([]);
    expect(closureOn(entries, 8, DAY)).toEqual([]);
    expect(closureOn(entries, null, DAY)).toEqual([]);
    expect(closureOn([entry({})], 8, DAY)).toBe('day');
    expect(closureOn([entry({})], null, DAY)).toBe('day');
  });

  it('merges hours, and a whole day wins over hours', () => {
    const hours = [entry({ startTime: '10:00', endTime: '12:00' }), entry({ masterId: 1, startTime: '11:00', endTime: '13:00' })];
    expect(closureOn(hours, 1, DAY)).toEqual([[600, 780]]);
    expect(closureOn([...hours, entry({ masterId: 1 })], 1, DAY)).toBe('day');
    expect(closureOn([entry({ startTime: '20:00', endTime: '24:00' })], 1, DAY)).toEqual([[1200, 1440]]);
  });
});

describe('closingNote', () => {
  it("a whole day's note before any hours', the first one given, trimmed; none for other dates and masters", () => {
    const hours = entry({ masterId: 1, startTime: '09:00', endTime: '18:00', note: 'Учёба' });
    const holiday = entry({ note: ' Наурыз ' });
    expect(closingNote([hours, holiday], 1, DAY)).toBe('Наурыз');
    expect(closingNote([hours], 1, DAY)).toBe('Учёба');
    expect(closingNote([entry({ masterId: 1, note: '' }), entry({ masterId: 1, note: 'Болеет' })], 1, DAY)).toBe('Болеет');
    expect(closingNote([entry({ note: null }), hours], 1, DAY)).toBeUndefined();
    expect(closingNote([hours], 2, DAY)).toBeUndefined();
    expect(closingNote([holiday], 1, '2026-11-25')).toBeUndefined();
  });
});

describe("dateWork (the move pickers' works and closed_reason)", () => {
  const open = schedule('09:00', '18:00');
  it('works on a working row, even with some hours closed', () => {
    expect(dateWork(open, [], 1, DAY)).toEqual({ works: true });
    expect(dateWork(open, [entry({ startTime: '09:00', endTime: '12:00', note: 'Врач' })], 1, DAY)).toEqual({ works: true });
  });

  it("not on the schedule's day off, with no reason even when time off also closes it", () => {
    expect(dateWork(undefined, [entry({ note: 'Наурыз' })], 1, DAY)).toEqual({ works: false });
    expect(dateWork({ ...open, isActive: false }, [], 1, DAY)).toEqual({ works: false });
  });

  it("not when time off closes it, with that entry's note when it has one", () => {
    expect(dateWork(open, [entry({ note: 'Наурыз' })], 1, DAY)).toEqual({ works: false, closedReason: 'Наурыз' });
    expect(dateWork(open, [entry({ masterId: 1, startTime: '08:00', endTime: '19:00', note: 'Учёба' })], 1, DAY)).toEqual({
      works: false,
      closedReason: 'Учёба',
    });
    expect(dateWork(open, [entry({ masterId: 1 })], 1, DAY)).toEqual({ works: false });
  });
});

describe('availability follows a closure', () => {
  it('a date closed whole answers the closed day, for one master and in the aggregate', () => {
    const closed = withTimeOff(schedule('09:00', '18:00'), 'day');
    expect(singleMasterSlots(DAY, closed, [])).toEqual(CLOSED_DAY);
    expect(aggregateSlots(DAY, [{ schedule: closed, bookings: [] }])).toEqual(CLOSED_DAY);
    // A closed master takes no part: the other one's window alone.
    expect(
      aggregateSlots(DAY, [
        { schedule: closed, bookings: [] },
        { schedule: schedule('12:00', '16:00'), bookings: [] },
      ]),
    ).toEqual({
      work_start: '12:00',
      work_end: '16:00',
      busy_intervals: [],
    });
  });

  it("closed hours are busy in one master's slots, inside the working window", () => {
    const closed = withTimeOff(schedule('09:00', '18:00', ['13:00', '14:00']), [
      [8 * 60, 10 * 60],
      [15 * 60, 20 * 60],
    ]);
    expect(singleMasterSlots(DAY, closed, [])).toEqual({
      work_start: '09:00',
      work_end: '18:00',
      busy_intervals: [
        ['09:00', '10:00'],
        ['13:00', '14:00'],
        ['15:00', '18:00'],
      ],
    });
  });

  it('in the aggregate a master adds neither working minutes nor bookings in their closed time', () => {
    const booking: TimedBooking = { startAt: `${DAY}T16:00:00`, endAt: `${DAY}T17:00:00`, status: 'confirmed' };
    const a: MasterDay = { schedule: withTimeOff(schedule('09:00', '18:00'), [[15 * 60, 18 * 60]]), bookings: [booking] };
    const b: MasterDay = { schedule: schedule('09:00', '18:00'), bookings: [{ ...booking, startAt: `${DAY}T15:00:00` }] };
    expect(aggregateSlots(DAY, [a, b]).busy_intervals).toEqual([['15:00', '17:00']]);
  });
});

describe('overlapsTimeOff', () => {
  const hours = [entry({ masterId: 3, startTime: '15:00', endTime: '18:00' })];
  it('meets a closed minute, not a touching one; crosses midnight', () => {
    expect(overlapsTimeOff(hours, 3, `${DAY}T14:00:00`, `${DAY}T15:00:00`)).toBe(false);
    expect(overlapsTimeOff(hours, 3, `${DAY}T14:00:00`, `${DAY}T15:01:00`)).toBe(true);
    expect(overlapsTimeOff(hours, 3, `${DAY}T18:00:00`, `${DAY}T19:00:00`)).toBe(false);
    expect(overlapsTimeOff(hours, 4, `${DAY}T16:00:00`, `${DAY}T17:00:00`)).toBe(false);
    const nextDay = [entry({ dateFrom: '2026-11-25', dateTo: '2026-11-25' })];
    expect(overlapsTimeOff(nextDay, 4, `${DAY}T23:00:00`, '2026-11-25T00:00:00')).toBe(false);
    expect(overlapsTimeOff(nextDay, 4, `${DAY}T23:00:00`, '2026-11-25T00:30:00')).toBe(true);
  });
});

describe("closedPartOf (the owner's walk-in asks before booking closed time)", () => {
  const at = (time: string, date = DAY) => `${date}T${time}:00`;
  it("a holiday closes the whole time, with its note; the master's hours only their part, with theirs", () => {
    const holiday = entry({ note: 'День Независимости' });
    expect(closedPartOf([holiday], 1, at('15:00'), at('16:00'))).toEqual({ date: DAY, from: 900, to: 960, note: 'День Независимости' });
    const hours = [
      entry({ masterId: 1, startTime: '10:00', endTime: '12:00', note: 'Учёба' }),
      entry({ masterId: 1, startTime: '15:30', endTime: '18:00', note: 'Врач' }),
    ];
    expect(closedPartOf(hours, 1, at('15:00'), at('16:00'))).toEqual({ date: DAY, from: 930, to: 960, note: 'Врач' });
    expect(closedPartOf(hours, 1, at('11:30'), at('16:00'))).toEqual({ date: DAY, from: 690, to: 720, note: 'Учёба' });
    expect(closedPartOf([entry({ masterId: 1, note: null })], 1, at('09:00'), at('10:00'))).toEqual({ date: DAY, from: 540, to: 600 });
  });

  it('nothing for a touching time, another master, another date, an empty time; the next date past midnight', () => {
    const hours = [entry({ masterId: 1, startTime: '15:00', endTime: '18:00' })];
    expect(closedPartOf(hours, 1, at('14:00'), at('15:00'))).toBeUndefined();
    expect(closedPartOf(hours, 1, at('18:00'), at('19:00'))).toBeUndefined();
    expect(closedPartOf(hours, 2, at('15:00'), at('16:00'))).toBeUndefined();
    expect(closedPartOf(hours, 1, at('15:00', '2026-11-25'), at('16:00', '2026-11-25'))).toBeUndefined();
    expect(closedPartOf(hours, 1, at('16:00'), at('16:00'))).toBeUndefined();
    const nextDay = [entry({ dateFrom: '2026-11-25', dateTo: '2026-11-25', note: 'Выходной' })];
    expect(closedPartOf(nextDay, 1, at('23:00'), at('00:30', '2026-11-25'))).toEqual({
      date: '2026-11-25',
      from: 0,
      to: 30,
      note: 'Выходной',
    });
  });

  it('timeOffEntry keeps the note GET /time-off answers', () => {
    const row = { master_id: null, date_from: DAY, date_to: DAY, start_time: null, end_time: null };
    expect(timeOffEntry({ ...row, note: 'Наурыз' }).note).toBe('Наурыз');
    expect('note' in timeOffEntry(row)).toBe(false);
  });
});

/** Properties: times on a 5-minute grid, 24:00 a valid end. */
const minute = fc.integer({ min: 0, max: 288 }).map((n) => n * 5);
const scheduleArb = fc
  .record({ start: minute, end: minute, pause: fc.option(fc.tuple(minute, minute), { nil: null }), isActive: fc.boolean() })
  .map(({ start, end, pause, isActive }) => ({
    ...schedule(hm(start), hm(end), pause ? [hm(pause[0]), hm(pause[1])] : null),
    isActive,
  }));
const bookingArb: fc.Arbitrary<TimedBooking> = fc
  .record({ offset: fc.integer({ min: 0, max: 1439 }), duration: fc.integer({ min: 1, max: 300 }) })
  .map(({ offset, duration }) => {
    const at = (m: number) => new Date(Date.UTC(2026, 10, 24, 0, m)).toISOString().slice(0, 19);
    return { startAt: at(offset), endAt: at(offset + duration), status: 'confirmed' };
  });
const hoursArb = fc
  .tuple(minute, minute)
  .filter(([a, b]) => a !== b)
  .map(([a, b]) => [hm(Math.min(a, b)), hm(Math.max(a, b))] as const);
const entryArb: fc.Arbitrary<TimeOffEntry> = fc
  .record({
    masterId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    from: fc.integer({ min: 22, max: 26 }),
    length: fc.integer({ min: 0, max: 2 }),
    hours: fc.option(hoursArb, { nil: null }),
  })
  .map(({ masterId, from, length, hours }) => ({
    masterId,
    dateFrom: `2026-11-${from}`,
    dateTo: `2026-11-${from + length}`,
    startTime: hours?.[0] ?? null,
    endTime: hours?.[1] ?? null,
  }));

describe('properties', () => {
  it('no offered start time falls in a time off', () => {
    fc.assert(
      fc.property(
        scheduleArb,
        fc.array(bookingArb, { maxLength: 5 }),
        fc.array(entryArb, { maxLength: 4 }),
        fc.integer({ min: 5, max: 240 }),
        (day, bookings, entries, duration) => {
          const closed = withTimeOff(day, closureOn(entries, 1, DAY));
          for (const time of freeStartTimes(singleMasterSlots(DAY, closed, bookings), duration, { step: 5 })) {
            const start = `${DAY}T${time}:00`;
            const end = new Date(Date.UTC(2026, 10, 24, 0, toMin(time) + duration)).toISOString().slice(0, 19);
            expect(overlapsTimeOff(entries, 1, start, end)).toBe(false);
          }
        },
      ),
    );
  });

  it('with no time off on the date, every answer equals the answer without time off', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ schedule: fc.option(scheduleArb, { nil: undefined }), bookings: fc.array(bookingArb, { maxLength: 4 }) }), {
          maxLength: 3,
        }),
        fc.array(entryArb, { maxLength: 4 }),
        (masters, entries) => {
          // Entries of other dates and other masters leave the date open.
          const elsewhere = entries.filter((e) => e.dateTo < DAY || e.dateFrom > DAY || e.masterId === 9);
          const following = masters.map((m, i) => ({ ...m, schedule: withTimeOff(m.schedule, closureOn(elsewhere, i + 1, DAY)) }));
          expect(aggregateSlots(DAY, following)).toEqual(aggregateSlots(DAY, masters));
          following.forEach((m, i) =>
            expect(singleMasterSlots(DAY, m.schedule, m.bookings)).toEqual(
              singleMasterSlots(DAY, masters[i]!.schedule, masters[i]!.bookings),
            ),
          );
        },
      ),
    );
  });

  it('a minute every working master has closed is busy in the aggregate', () => {
    fc.assert(
      fc.property(fc.array(scheduleArb, { minLength: 1, maxLength: 3 }), hoursArb, (schedules, [from, to]) => {
        const closure = [[toMin(from), toMin(to)] as const];
        const answer = aggregateSlots(
          DAY,
          schedules.map((s) => ({ schedule: withTimeOff(s, closure), bookings: [] })),
        );
        const [workStart, workEnd] = [toMin(answer.work_start), toMin(answer.work_end)];
        for (let m = Math.max(toMin(from), workStart); m < Math.min(toMin(to), workEnd); m += 5) {
          expect(answer.busy_intervals.some(([s, e]) => toMin(s) <= m && m < toMin(e))).toBe(true);
        }
      }),
    );
  });
});

describe("the owner's panel follows too", () => {
  const row = { start_time: '09:00', end_time: '18:00', break_start_time: '13:00', break_end_time: '14:00', is_active: true };

  it("the next free time skips a closed day and the master's closed hours", () => {
    const entries = [
      timeOffEntry({ master_id: null, date_from: DAY, date_to: DAY, start_time: null, end_time: null }),
      timeOffEntry({ master_id: 1, date_from: '2026-11-25', date_to: '2026-11-25', start_time: '09:00', end_time: '15:00' }),
    ];
    const days = ownerFreeDays(
      [DAY, '2026-11-25'],
      () => row,
      [],
      new Map(),
      (date) => closureOn(entries, 1, date),
    );
    expect(days[0]!.answer).toEqual(CLOSED_DAY);
    expect(firstFreeStart(days, 60, { date: '2026-11-23', minutes: 600 })).toEqual({ date: '2026-11-25', time: '15:00' });
  });
});
