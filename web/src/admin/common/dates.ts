/**
 * Naive calendar arithmetic for the panel (dates YYYY-MM-DD, times HH:MM), timezone-free: the server's
 * own functions (core/wallclock.ts) under the names the panel reads best, plus "today" on the
 * business's wall clock.
 */
import { addDays, dayOfWeek as weekdayOf } from '@core/wallclock.js';
import { pageTimeZone, wallNow } from '../../shared/wall-clock.js';

export {
  addDays,
  dayOfWeek as weekday,
  toMinutes as minutes,
  fromMinutes as hm,
  datePart as dateOf,
  timePart as timeOf,
  datesBetween as daysBetween,
} from '@core/wallclock.js';

/** Today on the business's wall clock (APP_TIMEZONE), whatever zone the device is set to. */
export const today = (): string => wallNow(pageTimeZone()).date;

/** Minutes since midnight now, on the business's wall clock. */
export const nowMinute = (): number => wallNow(pageTimeZone()).minutes;

export const mondayOf = (date: string): string => addDays(date, -weekdayOf(date));
