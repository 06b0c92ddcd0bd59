/**
 * CONTRACT.md §21 "Holidays": Kazakhstan's public holidays of a year, offered to the owner one tap
 * each (never closed by themselves). Pure: the one moving date, Kurban ait, comes from ICU's
 * Umm al-Qura calendar, which may differ by a day from the date announced in Kazakhstan.
 */
import { HOLIDAY_NAMES, type HolidayKey, type HolidayNames } from './kz-holiday-names.js';
import { addDays, type IsoDate } from './wallclock.js';

/** `name` is the Russian one (the contract's); `names` gives it in every language of the pages. */
export interface Holiday {
  date: IsoDate;
  name: string;
  names: HolidayNames;
}

/** [month, day, holiday] of the fixed holidays. */
const FIXED: readonly (readonly [number, number, HolidayKey])[] = [
  [1, 1, 'newYear'],
  [1, 2, 'newYear'],
  [1, 7, 'orthodoxChristmas'],
  [3, 8, 'womensDay'],
  [3, 21, 'nauryz'],
  [3, 22, 'nauryz'],
  [3, 23, 'nauryz'],
  [5, 1, 'unityDay'],
  [5, 7, 'defenderDay'],
  [5, 9, 'victoryDay'],
  [7, 6, 'capitalDay'],
  [8, 30, 'constitutionDay'],
  [10, 25, 'republicDay'],
  [12, 16, 'independenceDay'],
];

export const KURBAN_AIT = HOLIDAY_NAMES.kurbanAit.ru;

const holiday = (date: IsoDate, key: HolidayKey): Holiday => ({ date, name: HOLIDAY_NAMES[key].ru, names: HOLIDAY_NAMES[key] });

const pad = (n: number): string => String(n).padStart(2, '0');

let umalqura: Intl.DateTimeFormat | undefined;

/** The Umm al-Qura month and day of a Gregorian date (read at noon UTC, so no zone can shift it). */
function hijriMonthDay(date: IsoDate): [number, number] {
  umalqura ??= new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const parts = umalqura.formatToParts(new Date(`${date}T12:00:00Z`));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [part('month'), part('day')];
}

/** Kurban ait: 10 Dhu al-Hijjah (month 12) by Umm al-Qura; a Gregorian year may hold none, one or (rarely) two. */
export function kurbanAitDates(year: number): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let date = `${year}-01-01`; date.startsWith(String(year)); date = addDays(date, 1)) {
    const [month, day] = hijriMonthDay(date);
    if (month === 12 && day === 10) dates.push(date);
  }
  return dates;
}

/** The year's public holidays, by date. */
export function kazakhstanHolidays(year: number): Holiday[] {
  const fixed = FIXED.map(([month, day, key]) => holiday(`${year}-${pad(month)}-${pad(day)}`, key));
  const moving = kurbanAitDates(year).map((date) => holiday(date, 'kurbanAit'));
  return [...fixed, ...moving].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
