/**
 * Naive date-times are wall-clock readings in APP_TIMEZONE. Every conversion
 * between an instant and such a reading, and all naive arithmetic, lives here.
 * Arithmetic runs on UTC fields only, so the server's own offset never leaks in.
 */
import type { Clock } from './clock.js';

export type NaiveDateTime = string; // YYYY-MM-DDTHH:MM:SS
export type IsoDate = string; // YYYY-MM-DD
export type HourMinute = string; // HH:MM

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The last accepted year: a day (or a booking) after it would need a five-digit year, which no query can carry. */
const MAX_YEAR = 9998;

export function isValidDate(value: string): boolean {
  const match = DATE_RE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year > MAX_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isValidTime(value: string): boolean {
  return TIME_RE.test(value);
}

const CLOCK_RE = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/** A naive date-time as callers send it (CONTRACT.md §2): `YYYY-MM-DDTHH:MM:SS`, an existing date. */
export function isValidDateTime(value: string): boolean {
  return value.length === 19 && value[10] === 'T' && isValidDate(value.slice(0, 10)) && CLOCK_RE.test(value.slice(11));
}

/** 'HH:MM' → minutes since midnight; '24:00' is accepted as 1440 for schedule ends. */
export function toMinutes(time: HourMinute): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

export function fromMinutes(minutes: number): HourMinute {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

function toUtcFields(naive: NaiveDateTime): Date {
  return new Date(`${naive.slice(0, 19)}Z`);
}

function formatUtcFields(date: Date): NaiveDateTime {
  return date.toISOString().slice(0, 19);
}

export function combine(date: IsoDate, time: HourMinute): NaiveDateTime {
  return `${date}T${time}:00`;
}

export function addMinutes(naive: NaiveDateTime, minutes: number): NaiveDateTime {
  return formatUtcFields(new Date(toUtcFields(naive).getTime() + minutes * 60_000));
}

/** Minutes from one naive date-time to another (either may be on another day; negative when `to` is earlier). */
export function minutesBetween(from: NaiveDateTime, to: NaiveDateTime): number {
  return Math.round((toUtcFields(to).getTime() - toUtcFields(from).getTime()) / 60_000);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return addMinutes(combine(date, '00:00'), days * 1440).slice(0, 10);
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

export const datePart = (naive: NaiveDateTime): IsoDate => naive.slice(0, 10);
export const timePart = (naive: NaiveDateTime): HourMinute => naive.slice(11, 16);

/** Day of week as SPEC.md counts it: 0 = Monday .. 6 = Sunday. */
export function dayOfWeek(date: IsoDate): number {
  return (toUtcFields(combine(date, '00:00')).getUTCDay() + 6) % 7;
}

/** Minutes since midnight of a naive date-time on a given day, clamped to 0..1440. */
export function minuteOfDay(naive: NaiveDateTime, day: IsoDate): number {
  const diff = (toUtcFields(naive).getTime() - toUtcFields(combine(day, '00:00')).getTime()) / 60_000;
  return Math.max(0, Math.min(1440, Math.round(diff)));
}

/** The wall-clock reading of an instant in a time zone. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than using it (the date strip reads "now" per request). */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function wallClockAt(instant: Date, timeZone: string): NaiveDateTime {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
}

/** "Now" and "today" on the application's wall clock. */
export class WallClock {
  constructor(
    private readonly clock: Clock,
    readonly timeZone: string,
  ) {}

  now(): NaiveDateTime {
    return wallClockAt(this.clock.now(), this.timeZone);
  }

  today(): IsoDate {
    return datePart(this.now());
  }

  /** Current UTC time in whole seconds, for initData and JWT ages. */
  unixSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }
}

/** PostgreSQL returns 'YYYY-MM-DD HH:MM:SS[.fff]' for timestamp columns in string mode. */
export function fromDbTimestamp(value: string): NaiveDateTime {
  return value.replace(' ', 'T').slice(0, 19);
}
