/**
 * CONTRACT.md §21 "Time off" as pure functions: which minutes of a date a time off closes for a
 * master, and whether a time falls inside it. Availability (core/availability.ts) reads the result
 * from the day's schedule (`closed`), so every caller of singleMasterSlots / aggregateSlots follows.
 */
import { mergeIntervals, worksThatDate, type DayClosure, type DaySchedule, type Interval } from './availability.js';
import { addDays, minuteOfDay, toMinutes, type IsoDate, type NaiveDateTime } from './wallclock.js';

export interface TimeOffEntry {
  /** null: the whole business (every master). */
  masterId: number | null;
  dateFrom: IsoDate;
  dateTo: IsoDate;
  /** Both null: whole days; both set: those hours of each day (start < end). */
  startTime: string | null;
  endTime: string | null;
  /** The owner's note (GET /time-off's `note`; a holiday closed from the panel carries its name), when read. */
  note?: string | null;
}

/** An entry as the API answers it (GET /time-off), for the pages that compute times themselves. */
export const timeOffEntry = (row: {
  master_id: number | null;
  date_from: IsoDate;
  date_to: IsoDate;
  start_time: string | null;
  end_time: string | null;
  note?: string | null;
}): TimeOffEntry => ({
  masterId: row.master_id,
  dateFrom: row.date_from,
  dateTo: row.date_to,
  startTime: row.start_time,
  endTime: row.end_time,
  ...(row.note !== undefined && { note: row.note }),
});

const NOTHING_CLOSED: readonly Interval[] = Object.freeze([]) as readonly Interval[];

/** Whether an entry closes anything for `masterId` (null: the business alone) on `date`. */
const appliesTo = (entry: TimeOffEntry, masterId: number | null, date: IsoDate): boolean =>
  (entry.masterId === null || entry.masterId === masterId) && entry.dateFrom <= date && date <= entry.dateTo;

/**
 * What the time off closes of `date` for `masterId` (null: the business alone, no master): the
 * business's entries and that master's own; 'day' when one of them is a whole day, else the
 * merged closed hours (none: an empty list).
 */
export function closureOn(entries: readonly TimeOffEntry[], masterId: number | null, date: IsoDate): DayClosure {
  const hours: Interval[] = [];
  for (const entry of entries) {
    if (!appliesTo(entry, masterId, date)) continue;
    if (entry.startTime === null || entry.endTime === null) return 'day';
    hours.push([toMinutes(entry.startTime), toMinutes(entry.endTime)]);
  }
  return hours.length === 0 ? NOTHING_CLOSED : mergeIntervals(hours);
}

/** The schedule of a date with its time off attached; unchanged (the same object) when nothing is closed. */
export function withTimeOff<T extends DaySchedule>(schedule: T | undefined, closure: DayClosure): T | undefined {
  if (schedule === undefined || (closure !== 'day' && closure.length === 0)) return schedule;
  return { ...schedule, closed: closure };
}

/** The first closed minutes of a time: their date, those minutes of it, and the note of the time off closing them. */
export interface ClosedPart {
  date: IsoDate;
  /** Minutes of `date`, from < to. */
  from: number;
  to: number;
  note?: string;
}

/**
 * The first part of [startAt, endAt) of `masterId` that time off closes (the minutes of the time inside the
 * closure on its first closed date), undefined when none is; what the owner's panel asks about before booking it.
 */
export function closedPartOf(
  entries: readonly TimeOffEntry[],
  masterId: number,
  startAt: NaiveDateTime,
  endAt: NaiveDateTime,
): ClosedPart | undefined {
  if (entries.length === 0 || endAt <= startAt) return undefined;
  const last = endAt.slice(0, 10);
  for (let date = startAt.slice(0, 10); date <= last; date = addDays(date, 1)) {
    const start = Math.max(0, minuteOfDay(startAt, date));
    const end = Math.min(1440, minuteOfDay(endAt, date));
    if (end <= start) continue;
    const closure = closureOn(entries, masterId, date);
    const hit = closure === 'day' ? ([start, end] as const) : closure.find(([from, to]) => from < end && start < to);
    if (hit === undefined) continue;
    const part: ClosedPart = { date, from: Math.max(start, hit[0]), to: Math.min(end, hit[1]) };
    const note = closingNote(entries, masterId, date, [part.from, part.to]);
    return note === undefined ? part : { ...part, note };
  }
  return undefined;
}

/** Whether [startAt, endAt) of `masterId` meets any closed minute (strict slots, the bookings a new time off affects). */
export const overlapsTimeOff = (
  entries: readonly TimeOffEntry[],
  masterId: number,
  startAt: NaiveDateTime,
  endAt: NaiveDateTime,
): boolean => closedPartOf(entries, masterId, startAt, endAt) !== undefined;

/** The move pickers' word on a date (CONTRACT.md §21): whether the master works it and, when time off closes it, the note. */
export interface DateWork {
  works: boolean;
  /** The note of the time off that closes the date; absent when none has one, or the schedule alone gives a day off. */
  closedReason?: string;
}

/**
 * The note of the time off closing `date` for `masterId`: a whole-day entry's when one applies, else an hours
 * entry's; with `during` (minutes of the date), only the entries closing some of those minutes count.
 */
export function closingNote(
  entries: readonly TimeOffEntry[],
  masterId: number | null,
  date: IsoDate,
  during?: Interval,
): string | undefined {
  const meets = (entry: TimeOffEntry) =>
    during === undefined ||
    entry.startTime === null ||
    entry.endTime === null ||
    (toMinutes(entry.startTime) < during[1] && during[0] < toMinutes(entry.endTime));
  const applying = entries.filter((entry) => appliesTo(entry, masterId, date) && meets(entry));
  const whole = applying.filter((entry) => entry.startTime === null || entry.endTime === null);
  const notes = (whole.length > 0 ? whole : applying).map((entry) => entry.note?.trim() ?? '');
  return notes.find((note) => note !== '');
}

/**
 * Whether `masterId` works `date` by its schedule row of that weekday (`open`, before time off) and the
 * time off (core/availability.ts worksThatDate); when the row works but the time off closes the date, why.
 */
export function dateWork(open: DaySchedule | undefined, entries: readonly TimeOffEntry[], masterId: number, date: IsoDate): DateWork {
  if (worksThatDate(withTimeOff(open, closureOn(entries, masterId, date)))) return { works: true };
  const reason = worksThatDate(open) ? closingNote(entries, masterId, date) : undefined;
  return reason === undefined ? { works: false } : { works: false, closedReason: reason };
}
