/**
 * CONTRACT.md §17 "Minimum notice and horizon": when a client (booking page, mini app) may book.
 * Pure: "now" comes in as a naive wall-clock reading. With notice 0 and no horizon nothing is limited.
 */
import { addDays, addMinutes, datePart, minuteOfDay, type IsoDate, type NaiveDateTime } from './wallclock.js';

/** The reading rounded up to a whole minute: a start at 10:00 is before a notice ending at 10:00:30. */
const ceilToMinute = (naive: NaiveDateTime): NaiveDateTime =>
  naive.length <= 16 || naive.slice(16) === ':00' ? naive : addMinutes(`${naive.slice(0, 16)}:00`, 1);

/**
 * "Not before now", the one rule for every start time offered or checked against the clock (the pages'
 * /days, §19's if_free, visits, the bot's and the panel's move times): the minute of `date` before which
 * nothing may start. A past date is closed whole (1440), a later date open from midnight (0), today from
 * the current minute: at 10:00:59 a start at 10:00 is still offered, at 10:01:00 it is not (one answer
 * per minute, as the per-minute caches keep it).
 */
export const notBeforeNow = (now: NaiveDateTime, date: IsoDate): number => minuteOfDay(`${now.slice(0, 16)}:00`, date);

export interface WindowRules {
  minNoticeMinutes: number;
  /** null: no horizon. */
  bookingHorizonDays: number | null;
}

export interface BookingWindow {
  /** The earliest start a client may book; null when there is no notice. */
  earliest: NaiveDateTime | null;
  /** The last date a client may book; null when there is no horizon. */
  lastDate: IsoDate | null;
}

export function bookingWindow(now: NaiveDateTime, rules: WindowRules): BookingWindow {
  return {
    earliest: rules.minNoticeMinutes > 0 ? ceilToMinute(addMinutes(now, rules.minNoticeMinutes)) : null,
    lastDate: rules.bookingHorizonDays === null ? null : addDays(datePart(now), rules.bookingHorizonDays),
  };
}

/** A public booking starting at `startAt` is refused (400 outside_booking_window). */
export function outsideBookingWindow(startAt: NaiveDateTime, window: BookingWindow): boolean {
  if (window.earliest !== null && startAt < window.earliest) return true;
  return window.lastDate !== null && datePart(startAt) > window.lastDate;
}

/**
 * The window on one date as availability reads it: 'closed' past the horizon (the closed day's
 * slots), else the minute of the day before which nothing may start (0: nothing blocked; 1440: the whole day).
 */
export function windowOnDate(window: BookingWindow, date: IsoDate): 'closed' | number {
  if (window.lastDate !== null && date > window.lastDate) return 'closed';
  if (window.earliest === null) return 0;
  return minuteOfDay(window.earliest, date);
}
