/** Where the calendar shades time off (CONTRACT.md §21): each entry's closed minutes of a master's day, with its note. */
import { minutes } from '../common/dates.js';

export interface TimeOffRow {
  id: number;
  master_id: number | null;
  date_from: string;
  date_to: string;
  start_time: string | null;
  end_time: string | null;
  note: string | null;
}

export interface TimeOffSpan {
  id: number;
  start: number;
  end: number;
  note: string | null;
}

/** The business's and the master's entries of `day`, clipped to the drawn `range`; whole days fill it. */
export function timeOffSpans(entries: readonly TimeOffRow[], masterId: number, day: string, range: [number, number]): TimeOffSpan[] {
  const [from, to] = range;
  return entries
    .filter((e) => (e.master_id === null || e.master_id === masterId) && e.date_from <= day && day <= e.date_to)
    .map((e) => {
      const [start, end] = e.start_time && e.end_time ? [minutes(e.start_time), minutes(e.end_time)] : [from, to];
      return { id: e.id, start: Math.max(from, start), end: Math.min(to, end), note: e.note };
    })
    .filter((span) => span.end > span.start);
}

/** Whether `span` shares a minute with any of `others`: a booking in time off is drawn beside its note, not over it. */
export function sharesTime(span: { start: number; end: number }, others: readonly { start: number; end: number }[]): boolean {
  return others.some((other) => other.start < span.end && span.start < other.end);
}
