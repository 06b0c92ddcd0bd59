/**
 * The date strip's answer: per date, whether any start time is free for a
 * service, and whether nobody works that day at all. Built from exactly what
 * GET /slots answers per master (singleMasterSlots) and what the clients offer
 * from it (freeStartTimes), each master with their own duration and the service's
 * buffer (core/any-master.ts), so the strip and the day's times never disagree.
 * Pure: the rows and "now" come in as arguments.
 */
import { addDays, combine, dayOfWeek, datesBetween, type IsoDate, type NaiveDateTime } from '../../core/wallclock.js';
import { scheduleFor, worksThatDate, type ScheduleRow, type TimedBooking } from '../../core/availability.js';
import { closureOn, withTimeOff, type TimeOffEntry } from '../../core/time-off.js';
import { anyMasterFree } from '../../core/any-master.js';
import { singleMasterSlots } from '../../core/availability.js';
import { visitHasStartTime, type VisitCandidate, type VisitItem } from '../../core/visit-times.js';
import { notBeforeNow, windowOnDate, type BookingWindow } from '../../core/booking-window.js';
import { START_STEP } from '../../core/start-times.js';

export const MAX_DAYS = 62;

export interface DayAnswer {
  date: IsoDate;
  /** At least one start time is free for the whole duration (for today: not before now). */
  available: boolean;
  /** Nobody considered works that day (core/availability.ts worksThatDate: no row, an inactive one, an empty window, time off). */
  day_off: boolean;
}

export interface RangeScheduleRow extends ScheduleRow {
  masterId: number | null;
}

export interface RangeBooking extends TimedBooking {
  masterId: number;
}

export interface RangeData {
  schedules: readonly RangeScheduleRow[];
  /** The masters a client may get (the one asked for, or the service's); empty: the business schedule alone, as /slots does. */
  masterIds: readonly number[];
  bookings: readonly RangeBooking[];
  /** CONTRACT.md §21: the business's time off touching the range (none: as if absent). */
  timeOff?: readonly TimeOffEntry[];
}

/** The service asked about: its base duration, each master's effective one (CONTRACT.md §17) and its buffer. */
export interface RangeService {
  duration: number;
  durationOf: ReadonlyMap<number, number>;
  bufferAfter: number;
  /** CONTRACT.md §20's visits pick "any master" by price (§19): the base price and each master's effective one. */
  price?: number;
  priceOf?: ReadonlyMap<number, number>;
}

export interface WallNow {
  date: IsoDate;
  /** The reading itself: core notBeforeNow says from which minute of a date anything starts. */
  at: NaiveDateTime;
  /** The booking window (CONTRACT.md §17) as of now. */
  window: BookingWindow;
}

/** Rows grouped by master once for the whole range (a month of ten masters reads them 300 times). */
interface GroupedRange {
  masterIds: readonly number[];
  businessRows: RangeScheduleRow[];
  rowsOf: Map<number, RangeScheduleRow[]>;
  bookingsOf: Map<number, RangeBooking[]>;
  timeOff: readonly TimeOffEntry[];
}

function group(data: RangeData): GroupedRange {
  const rowsOf = new Map<number, RangeScheduleRow[]>(data.masterIds.map((id) => [id, []]));
  const bookingsOf = new Map<number, RangeBooking[]>(data.masterIds.map((id) => [id, []]));
  const businessRows: RangeScheduleRow[] = [];
  for (const row of data.schedules) (row.masterId === null ? businessRows : rowsOf.get(row.masterId))?.push(row);
  for (const booking of data.bookings) bookingsOf.get(booking.masterId)?.push(booking);
  return { masterIds: data.masterIds, businessRows, rowsOf, bookingsOf, timeOff: data.timeOff ?? [] };
}

/** Masters worked out between two turns of the event loop: 300 in one go held it tens of ms (CONTRACT.md §11 fourth pass). */
const MASTERS_PER_SLICE = 50;

/**
 * One date. Whether it is a day off depends on the schedule rows alone (singleMasterSlots answers
 * the row's window, or 00:00-00:00 without an active row), so each master's /slots answer is built
 * only until one has a free start time, MASTERS_PER_SLICE at a time (a bare `yield` between them).
 */
function* dayOf(range: GroupedRange, date: IsoDate, service: RangeService, now: WallNow): Generator<undefined, DayAnswer> {
  const dow = dayOfWeek(date);
  // No masters: the business schedule with no bookings, as /slots answers.
  const ids: (number | null)[] = range.masterIds.length === 0 ? [null] : [...range.masterIds];
  const schedules = ids.map((id) =>
    withTimeOff(scheduleFor(id === null ? [] : range.rowsOf.get(id)!, range.businessRows, dow), closureOn(range.timeOff, id, date)),
  );
  const opening = windowOnDate(now.window, date);
  // Past the horizon /slots answers the closed day's shape: a day off here too (and on a date closed whole, CONTRACT.md §21).
  const dayOff = opening === 'closed' || schedules.every((row) => !worksThatDate(row));
  if (date < now.date || dayOff) return { date, available: false, day_off: dayOff };
  const notBefore = notBeforeNow(now.at, date);
  // The same bookings the slots query reads for that date: starting from the previous midnight to the next one.
  const from = combine(addDays(date, -1), '00:00');
  const to = combine(addDays(date, 1), '00:00');
  const masters = ids.map((id, i) => ({
    schedule: schedules[i],
    bookings: id === null ? [] : range.bookingsOf.get(id)!.filter((booking) => booking.startAt >= from && booking.startAt < to),
    duration: (id === null ? undefined : service.durationOf.get(id)) ?? service.duration,
  }));
  const options = { step: START_STEP, notBefore, bufferAfter: service.bufferAfter, opening };
  for (let at = 0; at < masters.length; at += MASTERS_PER_SLICE) {
    if (at > 0) yield;
    if (anyMasterFree(date, masters.slice(at, at + MASTERS_PER_SLICE), options)) return { date, available: true, day_off: false };
  }
  return { date, available: false, day_off: false };
}

/**
 * One answer per date, worked out as it is asked for; `undefined` between two slices of a date's
 * masters: the service gives the event loop a turn at each value.
 */
export function* dayAnswers(
  data: RangeData,
  from: IsoDate,
  to: IsoDate,
  service: RangeService,
  now: WallNow,
): Generator<DayAnswer | undefined> {
  const range = group(data);
  for (const date of datesBetween(from, to)) yield yield* dayOf(range, date, service, now);
}

/** One service of a visit on the date strip: its range of rows and its terms. */
export interface VisitRange {
  data: RangeData;
  service: RangeService;
}

/** One master of a visit's item as core/visit-times.ts weighs it: slots of that date, duration, price, bookings that day. */
function visitCandidate(range: GroupedRange, service: RangeService, id: number, date: IsoDate, now: WallNow): VisitCandidate {
  const schedule = withTimeOff(scheduleFor(range.rowsOf.get(id)!, range.businessRows, dayOfWeek(date)), closureOn(range.timeOff, id, date));
  const from = combine(addDays(date, -1), '00:00');
  const to = combine(addDays(date, 1), '00:00');
  const bookings = range.bookingsOf.get(id)!.filter((booking) => booking.startAt >= from && booking.startAt < to);
  return {
    id,
    price: service.priceOf?.get(id) ?? service.price ?? 0,
    dayBookings: bookings.filter((booking) => booking.startAt.startsWith(date)).length,
    window: {
      answer: singleMasterSlots(date, schedule, bookings, windowOnDate(now.window, date)),
      duration: service.durationOf.get(id) ?? service.duration,
    },
  };
}

/**
 * CONTRACT.md §20: GET /days with `service_ids`, one date: available when the whole visit, "any
 * master" per item, has a start time by core/visit-times.ts (the rule the server books by); a day off
 * when nobody considered for any item works. `items` carry that date's bookings. Yields `undefined`
 * between slices of masters (as `dayAnswers`), then the date's answer.
 */
export function* visitDayAnswers(items: readonly VisitRange[], date: IsoDate, now: WallNow): Generator<DayAnswer | undefined> {
  const ranges = items.map((item) => ({ range: group(item.data), service: item.service }));
  const singles: DayAnswer[] = [];
  for (const { range, service } of ranges) singles.push(yield* dayOf(range, date, service, now));
  const dayOff = singles.every((single) => single.day_off);
  if (date < now.date || dayOff || !singles.every((single) => single.available)) {
    yield { date, available: false, day_off: dayOff };
    return;
  }
  const visit: VisitItem[] = [];
  for (const { range, service } of ranges) {
    const candidates: VisitCandidate[] = [];
    for (let at = 0; at < range.masterIds.length; at += MASTERS_PER_SLICE) {
      yield;
      for (const id of range.masterIds.slice(at, at + MASTERS_PER_SLICE)) candidates.push(visitCandidate(range, service, id, date, now));
    }
    visit.push({ bufferAfter: service.bufferAfter, candidates });
  }
  const notBefore = notBeforeNow(now.at, date);
  yield { date, available: visitHasStartTime(visit, { step: START_STEP, notBefore }), day_off: false };
}
