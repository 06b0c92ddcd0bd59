/**
 * Availability of SPEC.md "Availability and schedules", rules 1, 4 and 5, as
 * pure functions: no I/O, no clock. Minutes are counted from the day's
 * midnight, 0..1440; intervals are half-open [start, end).
 */
import { occupiesTime } from './booking-status.js';
import { addMinutes, fromMinutes, minuteOfDay, toMinutes, type IsoDate, type NaiveDateTime } from './wallclock.js';

export interface DaySchedule {
  startTime: string;
  endTime: string;
  breakStartTime: string | null;
  breakEndTime: string | null;
  isActive: boolean;
  /** CONTRACT.md §21: the date's time off (core/time-off.ts closureOn); absent when nothing is closed. */
  closed?: DayClosure;
}

export interface ScheduleRow extends DaySchedule {
  dayOfWeek: number;
}

export interface TimedBooking {
  startAt: NaiveDateTime;
  endAt: NaiveDateTime;
  status: string;
  /** CONTRACT.md §17: the service's buffer; the booking occupies [startAt, endAt + bufferAfter). */
  bufferAfter?: number;
}

/**
 * What the booking window (core/booking-window.ts windowOnDate) leaves of a day: 'closed' past the
 * horizon, else the minute before which nothing may start (0: nothing blocked).
 */
export type DayOpening = 'closed' | number;

export type Interval = readonly [number, number];
/** CONTRACT.md §21: a date closed whole ('day'), or its closed minutes. */
export type DayClosure = 'day' | readonly Interval[];
export type HmInterval = [string, string];

export interface SlotsAnswer {
  work_start: string;
  work_end: string;
  busy_intervals: HmInterval[];
}

const MINUTES_IN_DAY = 1440;
export const CLOSED_DAY: SlotsAnswer = Object.freeze({ work_start: '00:00', work_end: '00:00', busy_intervals: [] }) as SlotsAnswer;

/**
 * Rule 1: the master's own row for the weekday, else the business row. A master with any row of its
 * own has its own week, so a weekday missing from it is a day off. `dayOf` reads the weekday of a row
 * shaped otherwise (the panels' API rows).
 */
export function scheduleFor<T extends ScheduleRow>(masterRows: readonly T[], businessRows: readonly T[], dayOfWeek: number): T | undefined;
export function scheduleFor<T>(
  masterRows: readonly T[],
  businessRows: readonly T[],
  dayOfWeek: number,
  dayOf: (row: T) => number,
): T | undefined;
export function scheduleFor<T>(
  masterRows: readonly T[],
  businessRows: readonly T[],
  dayOfWeek: number,
  dayOf: (row: T) => number = (row) => (row as ScheduleRow).dayOfWeek,
): T | undefined {
  const rows = masterRows.length > 0 ? masterRows : businessRows;
  return rows.find((row) => dayOf(row) === dayOfWeek);
}

const clamp = (minute: number): number => Math.max(0, Math.min(MINUTES_IN_DAY, minute));

function breakInterval(schedule: DaySchedule): Interval | null {
  if (!schedule.breakStartTime || !schedule.breakEndTime) return null;
  const start = clamp(toMinutes(schedule.breakStartTime));
  const end = clamp(toMinutes(schedule.breakEndTime));
  return end > start ? [start, end] : null;
}

const digit = (text: string, at: number): number => text.charCodeAt(at) - 48;

/**
 * minuteOfDay, with the common case (a reading on that very day) read straight
 * off the string: the slots endpoint does this for every booking of the day,
 * and two Date parses per reading were most of its CPU time.
 */
function minuteOn(naive: NaiveDateTime, day: IsoDate): number {
  if (naive.length !== 19 || naive[10] !== 'T' || !naive.startsWith(day)) return minuteOfDay(naive, day);
  const minutes = (digit(naive, 11) * 10 + digit(naive, 12)) * 60 + digit(naive, 14) * 10 + digit(naive, 15);
  return Math.round(minutes + (digit(naive, 17) * 10 + digit(naive, 18)) / 60);
}

/** The minutes of a day that a booking occupies (its buffer after it included), or null when it misses the day. */
export function bookingInterval(booking: TimedBooking, day: IsoDate): Interval | null {
  const start = minuteOn(booking.startAt, day);
  const buffer = booking.bufferAfter ?? 0;
  const end = minuteOn(buffer > 0 ? addMinutes(booking.endAt, buffer) : booking.endAt, day);
  return end > start ? [start, end] : null;
}

/** Sorts and merges overlapping or touching intervals. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

const toHm = (intervals: readonly Interval[]): HmInterval[] => intervals.map(([start, end]) => [fromMinutes(start), fromMinutes(end)]);

/** Whether a schedule works at all that date: an active row not closed whole by time off (CONTRACT.md §21). */
export const worksOn = (schedule: DaySchedule | undefined): schedule is DaySchedule =>
  schedule !== undefined && schedule.isActive && schedule.closed !== 'day';

/**
 * Whether the master of this schedule works that date at all: worksOn (an active row, not closed whole
 * by time off) with a non-empty window, not all of it closed by time-off hours (CONTRACT.md §21). GET
 * /days's day_off and the move pickers' `works` (modules/bookings/free-days.ts) both read it.
 */
export function worksThatDate(schedule: DaySchedule | undefined): boolean {
  if (!worksOn(schedule)) return false;
  const workStart = clamp(toMinutes(schedule.startTime));
  const workEnd = clamp(toMinutes(schedule.endTime));
  if (workEnd <= workStart) return false;
  // closureOn merges the hours, so a window closed whole is one interval from its start to its end.
  return !closedIntervals(schedule, workStart, workEnd).some(([from, to]) => from <= workStart && workEnd <= to);
}

/** CONTRACT.md §21: a date's closed hours inside the working window are busy. */
function closedIntervals(schedule: DaySchedule, workStart: number, workEnd: number): Interval[] {
  if (!schedule.closed || schedule.closed === 'day') return [];
  const inside: Interval[] = [];
  for (const [start, end] of schedule.closed) {
    const from = Math.max(start, workStart);
    const to = Math.min(end, workEnd);
    if (to > from) inside.push([from, to]);
  }
  return inside;
}

/**
 * Busy minutes of one master on a day: the break, every booking that occupies time (with its buffer),
 * the date's closed hours and, when the minimum notice reaches into the day, [work_start, opening).
 */
function busyOf(day: IsoDate, schedule: DaySchedule, bookings: readonly TimedBooking[], opening = 0): Interval[] {
  const busy: Interval[] = [];
  const pause = breakInterval(schedule);
  if (pause) busy.push(pause);
  const workStart = clamp(toMinutes(schedule.startTime));
  const workEnd = clamp(toMinutes(schedule.endTime));
  const blockedTo = Math.min(opening, workEnd);
  if (blockedTo > workStart) busy.push([workStart, blockedTo]);
  busy.push(...closedIntervals(schedule, workStart, workEnd));
  for (const booking of bookings) {
    if (!occupiesTime(booking.status)) continue;
    const interval = bookingInterval(booking, day);
    if (interval) busy.push(interval);
  }
  return mergeIntervals(busy);
}

/** Rule 4: one master (or the business alone, with no bookings) on one day, inside the booking window (CONTRACT.md §17). */
export function singleMasterSlots(
  day: IsoDate,
  schedule: DaySchedule | undefined,
  bookings: readonly TimedBooking[],
  opening: DayOpening = 0,
): SlotsAnswer {
  if (!worksOn(schedule) || opening === 'closed') return { ...CLOSED_DAY, busy_intervals: [] };
  return {
    work_start: schedule.startTime,
    work_end: schedule.endTime,
    busy_intervals: toHm(busyOf(day, schedule, bookings, opening)),
  };
}

export interface MasterDay {
  schedule: DaySchedule | undefined;
  bookings: readonly TimedBooking[];
}

/**
 * Rule 5: all masters together. Per minute a master counts +1 when working and
 * -1 for its break and for each booking minute; a master adds at most 1 and
 * never less than 0 (so one master's double booking cannot hide another
 * master's free minute). Busy are the runs inside [work_start, work_end)
 * where the sum is <= 0. Masters with a day off take no part, nor a master in their closed time
 * (CONTRACT.md §21: it counts as busy, so it adds neither a working minute nor a booking).
 */
export function aggregateSlots(day: IsoDate, masters: readonly MasterDay[], opening: DayOpening = 0): SlotsAnswer {
  const working = masters.filter((m): m is { schedule: DaySchedule; bookings: readonly TimedBooking[] } => worksOn(m.schedule));
  if (working.length === 0 || opening === 'closed') return { ...CLOSED_DAY, busy_intervals: [] };

  const counts = new Int16Array(MINUTES_IN_DAY);
  let windowStart = MINUTES_IN_DAY;
  let windowEnd = 0;
  let workStart = working[0]!.schedule.startTime;
  let workEnd = working[0]!.schedule.endTime;
  for (const { schedule, bookings } of working) {
    const start = clamp(toMinutes(schedule.startTime));
    const end = clamp(toMinutes(schedule.endTime));
    if (start < windowStart) [windowStart, workStart] = [start, schedule.startTime];
    if (end > windowEnd) [windowEnd, workEnd] = [end, schedule.endTime];
    let cursor = start;
    for (const [busyStart, busyEnd] of busyOf(day, schedule, bookings, opening)) {
      for (let minute = cursor; minute < Math.min(busyStart, end); minute += 1) counts[minute]! += 1;
      cursor = Math.max(cursor, busyEnd);
    }
    for (let minute = cursor; minute < end; minute += 1) counts[minute]! += 1;
  }

  const busy: Interval[] = [];
  let runStart = -1;
  for (let minute = windowStart; minute <= windowEnd; minute += 1) {
    const isBusy = minute < windowEnd && counts[minute]! <= 0;
    if (isBusy && runStart < 0) runStart = minute;
    if (!isBusy && runStart >= 0) {
      busy.push([runStart, minute]);
      runStart = -1;
    }
  }
  return { work_start: workStart, work_end: workEnd, busy_intervals: toHm(busy) };
}
