/**
 * The business's wall clock in the browser. Every page carries the public
 * config, APP_TIMEZONE included, in its #initial-data element
 * (src/modules/web/initial-data.ts); "today" and "now" come from the device's
 * clock read in that zone, so a phone set to another zone still shows the
 * salon's day.
 */
import { datePart, toMinutes, wallClockAt, type NaiveDateTime } from '@core/wallclock.js';

export const DEFAULT_TIME_ZONE = 'Asia/Almaty';

/** The JSON the server inlined into the page, or null (a page opened from a file, a broken element). */
export function readInitialData<T>(): T | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById('initial-data');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as T;
  } catch {
    return null;
  }
}

/** "Now" on the business's wall clock, from the device's clock. */
export function wallNow(timeZone: string): { date: string; minutes: number; at: NaiveDateTime } {
  const now = wallClockAt(new Date(), timeZone);
  return { date: datePart(now), minutes: toMinutes(now.slice(11, 16)), at: now };
}

/** The time zone the page was served with. */
export const pageTimeZone = (): string => readInitialData<{ config?: { timezone?: string } }>()?.config?.timezone ?? DEFAULT_TIME_ZONE;
