/**
 * "+ Новая запись" starts at the chosen master's next free time: the first start where the
 * whole service fits the master's working window (never before the salon opens) and touches
 * no booking or break, from now on today, else on the next day that has one. The windows come
 * from the slots API, the start times from the same rule as the booking page (freeStartTimes).
 */
import { freeStartTimes, type WindowAnswer } from '@core/start-times.js';
import { addDays } from '../common/dates.js';

export interface FreeDay {
  date: string;
  answer: WindowAnswer;
}

export interface WallNow {
  date: string;
  minutes: number;
}

/** `bufferAfter`: the service's buffer (CONTRACT.md §17), kept free after the booking too. */
export function firstFreeStart(
  days: readonly FreeDay[],
  duration: number,
  now: WallNow,
  step = 15,
  bufferAfter = 0,
): { date: string; time: string } | null {
  for (const day of days) {
    if (day.date < now.date) continue;
    const [time] = freeStartTimes(day.answer, duration, { step, notBefore: day.date === now.date ? now.minutes : 0, bufferAfter });
    if (time) return { date: day.date, time };
  }
  return null;
}

/** How far ahead it looks, a week per round of parallel requests. */
const WEEKS_AHEAD = 2;

/** The first free start from `from` (today from `now` on), asking `fetchDay` for a week of windows at a time. */
export async function nextFreeStart(
  fetchDay: (date: string) => Promise<WindowAnswer>,
  from: string,
  duration: number,
  now: WallNow,
  bufferAfter = 0,
): Promise<{ date: string; time: string } | null> {
  const start = from < now.date ? now.date : from;
  for (let week = 0; week < WEEKS_AHEAD; week++) {
    const dates = Array.from({ length: 7 }, (_, i) => addDays(start, week * 7 + i));
    const days = await Promise.all(dates.map(async (date) => ({ date, answer: await fetchDay(date) })));
    const found = firstFreeStart(days, duration, now, 15, bufferAfter);
    if (found) return found;
  }
  return null;
}
