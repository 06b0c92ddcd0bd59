/** Naive calendar arithmetic for the panel (dates YYYY-MM-DD, times HH:MM), timezone-free. */
import { pageTimeZone, wallNow } from '../../shared/wall-clock.js';

const pad = (n: number): string => String(n).padStart(2, '0');

/** Today on the business's wall clock (APP_TIMEZONE), whatever zone the device is set to. */
export const today = (): string => wallNow(pageTimeZone()).date;

/** Minutes since midnight now, on the business's wall clock. */
export const nowMinute = (): number => wallNow(pageTimeZone()).minutes;

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Monday ... 6 = Sunday, as schedules count. */
export function weekday(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

export const mondayOf = (date: string): string => addDays(date, -weekday(date));

export function minutes(hm: string): number {
  const [h, m] = hm.split(':');
  return Number(h) * 60 + Number(m);
}

export const hm = (total: number): string => `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;

/** "2026-11-23T10:30:00" → date and time parts. */
export const dateOf = (dateTime: string): string => dateTime.slice(0, 10);
export const timeOf = (dateTime: string): string => dateTime.slice(11, 16);

export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
