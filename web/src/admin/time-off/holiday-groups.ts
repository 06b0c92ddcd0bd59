/** Holidays as the panel offers them (CONTRACT.md §21): consecutive days of one holiday are one row, closed in one tap. */
import type { Lang } from '../../shared/i18n.js';
import { addDays } from '../common/dates.js';

export interface Holiday {
  date: string;
  /** Russian: the same in every language, so it joins the days of one holiday. */
  name: string;
  names: Record<Lang, string>;
}

export interface HolidayGroup {
  name: string;
  names: Record<Lang, string>;
  from: string;
  to: string;
}

/** The holiday as the panel shows it, and the note a closure of it saves (decision 0091): in the panel's language. */
export const holidayName = (group: HolidayGroup, lang: Lang): string => group.names[lang];

/** Runs of consecutive dates with the same name (Наурыз 21-23 March is one), of the coming 12 months from `today`, by date. */
export function upcomingHolidayGroups(holidays: readonly Holiday[], today: string): HolidayGroup[] {
  const sorted = [...holidays].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const groups: HolidayGroup[] = [];
  for (const { date, name, names } of sorted) {
    const last = groups[groups.length - 1];
    if (last && last.name === name && addDays(last.to, 1) === date) last.to = date;
    else groups.push({ name, names, from: date, to: date });
  }
  const last = addDays(today, 365);
  return groups.filter((group) => group.to >= today && group.from < last);
}

/** Whether whole-day entries of the business already close every date of the group. */
export function groupClosed(
  group: HolidayGroup,
  entries: readonly { master_id: number | null; date_from: string; date_to: string; start_time: string | null }[],
): boolean {
  for (let date = group.from; date <= group.to; date = addDays(date, 1)) {
    const covered = entries.some((e) => e.master_id === null && e.start_time === null && e.date_from <= date && date <= e.date_to);
    if (!covered) return false;
  }
  return true;
}
