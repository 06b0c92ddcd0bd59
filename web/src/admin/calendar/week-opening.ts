/**
 * The week view opens on the next week when no master works any more from now to Sunday: on Saturday
 * evening the owner sees the coming week, not one already over.
 */
import { addDays, minutes, mondayOf } from '../common/dates.js';

/** Whether nobody works from `now` (today, minute of day) to the week's Sunday; `endOf` is a date's last working minute, null when closed. */
export function restOfWeekOver(today: string, now: number, endOf: (date: string) => number | null): boolean {
  const sunday = addDays(mondayOf(today), 6);
  for (let date = today; date <= sunday; date = addDays(date, 1)) {
    const end = endOf(date);
    if (end !== null && (date > today || end > now)) return false;
  }
  return true;
}

/** The latest end of the active rows among `rows` (one per master for a date), null when none works. */
export function lastWorkingMinute(rows: readonly ({ end_time: string; is_active: boolean } | undefined)[]): number | null {
  const ends = rows.filter((row) => row?.is_active).map((row) => minutes(row!.end_time));
  return ends.length === 0 ? null : Math.max(...ends);
}
