/** The rule of "the same time on the nearest open day" (CONTRACT.md §21, decision 0075), apart from its loading. */
import { addDays } from '../common/dates.js';

/** The first date after `from` (at most `horizon` days later) whose free start times hold `time`; null when none. */
export function nearestOpenDate(from: string, time: string, horizon: number, timesOn: (date: string) => readonly string[]): string | null {
  for (let step = 1; step <= horizon; step += 1) {
    const date = addDays(from, step);
    if (timesOn(date).includes(time)) return date;
  }
  return null;
}
