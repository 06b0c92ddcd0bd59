/**
 * "+ Новая запись" starts at the chosen master's next free time: the first start where the
 * whole service fits the master's working window (never before the salon opens) and touches
 * no booking or break, from now on today, else on the next day that has one. The windows are the
 * owner's own (CONTRACT.md §17: the owner's POST /bookings is not limited by the public notice or
 * horizon): the master's schedule week and bookings (each with its service's buffer), by the same
 * rules as the server and the move picker (singleMasterSlots + freeStartTimes).
 */
import { singleMasterSlots, type DayClosure, type TimedBooking } from '@core/availability.js';
import { withTimeOff } from '@core/time-off.js';
import { freeStartTimes, START_STEP, type WindowAnswer } from '@core/start-times.js';
import { notBeforeNow } from '@core/booking-window.js';
import { combine, fromMinutes } from '@core/wallclock.js';
import { addDays } from '../common/dates.js';

export interface FreeDay {
  date: string;
  answer: WindowAnswer;
}

export interface PanelNow {
  date: string;
  minutes: number;
}

/** The schedule row fields the day's window needs (the API's ScheduleAnswerRow). */
export interface DayRow {
  start_time: string;
  end_time: string;
  break_start_time: string | null;
  break_end_time: string | null;
  is_active: boolean;
}

/** The booking fields the day's busy time needs (the API's Booking). */
export interface OwnBooking {
  start_at: string;
  end_at: string;
  status: string;
  service: { id: number };
}

/**
 * Each date's window for the owner: the master's schedule row of that date (`rowOf`, the master's
 * own week else the business week) with the break and every booking occupying time, each with its
 * service's buffer (`bufferOf`), busy. No notice, no horizon: those bind clients only.
 */
export function ownerFreeDays(
  dates: readonly string[],
  rowOf: (date: string) => DayRow | undefined,
  bookings: readonly OwnBooking[],
  bufferOf: ReadonlyMap<number, number>,
  /** What time off closes of each date (CONTRACT.md §21); none when absent. */
  closureOf: (date: string) => DayClosure = () => [],
): FreeDay[] {
  const timed: TimedBooking[] = bookings.map((booking) => ({
    startAt: booking.start_at,
    endAt: booking.end_at,
    status: booking.status,
    bufferAfter: bufferOf.get(booking.service.id) ?? 0,
  }));
  return dates.map((date) => {
    const row = rowOf(date);
    const weekly = row && {
      startTime: row.start_time,
      endTime: row.end_time,
      breakStartTime: row.break_start_time,
      breakEndTime: row.break_end_time,
      isActive: row.is_active,
    };
    const schedule = withTimeOff(weekly, closureOf(date));
    // A booking touches the date only if it starts before the next midnight and ends after the day before's.
    const next = `${addDays(date, 1)}T00:00:00`;
    const previous = addDays(date, -1);
    const touching = timed.filter((booking) => booking.startAt < next && booking.endAt >= previous);
    return { date, answer: singleMasterSlots(date, schedule, touching) };
  });
}

/** `bufferAfter`: the service's buffer (CONTRACT.md §17), kept free after the booking too. */
export function firstFreeStart(
  days: readonly FreeDay[],
  duration: number,
  now: PanelNow,
  step = START_STEP,
  bufferAfter = 0,
): { date: string; time: string } | null {
  for (const day of days) {
    if (day.date < now.date) continue;
    const notBefore = notBeforeNow(combine(now.date, fromMinutes(now.minutes)), day.date);
    const [time] = freeStartTimes(day.answer, duration, { step, notBefore, bufferAfter });
    if (time) return { date: day.date, time };
  }
  return null;
}

/** How far ahead it looks, a week per request round. */
export const WEEKS_AHEAD = 2;

/**
 * The first free start from `from` (today from `now` on), asking `fetchWeek` for the windows of a
 * week of dates at a time (one bookings request per week), up to WEEKS_AHEAD weeks.
 */
export async function nextFreeStart(
  fetchWeek: (dates: string[]) => Promise<FreeDay[]>,
  from: string,
  duration: number,
  now: PanelNow,
  bufferAfter = 0,
): Promise<{ date: string; time: string } | null> {
  const start = from < now.date ? now.date : from;
  for (let week = 0; week < WEEKS_AHEAD; week++) {
    const dates = Array.from({ length: 7 }, (_, i) => addDays(start, week * 7 + i));
    const found = firstFreeStart(await fetchWeek(dates), duration, now, START_STEP, bufferAfter);
    if (found) return found;
  }
  return null;
}
