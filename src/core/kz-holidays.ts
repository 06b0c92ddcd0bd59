/**
 * CONTRACT.md §21 "Holidays": Kazakhstan's public holidays of a year, offered to the owner one tap
 * each (never closed by themselves). Pure: the one moving date, Kurban ait, comes from ICU's
 * Umm al-Qura calendar, which may differ by a day from the date announced in Kazakhstan.
 */
import { addDays, type IsoDate } from './wallclock.js';

export interface Holiday {
  date: IsoDate;
  name: string;
}

/** [month, day, name] of the fixed holidays. */
const FIXED: readonly (readonly [number, number, string])[] = [
  [1, 1, 'Новый год'],
  [1, 2, 'Новый год'],
  [1, 7, 'Рождество'],
  [3, 8, 'Международный женский день'],
  [3, 21, 'Наурыз мейрамы'],
  [3, 22, 'Наурыз мейрамы'],
  [3, 23, 'Наурыз мейрамы'],
  [5, 1, 'Праздник единства народа Казахстана'],
  [5, 7, 'День защитника Отечества'],
  [5, 9, 'День Победы'],
  [7, 6, 'День столицы'],
  [8, 30, 'День Конституции'],
  [10, 25, 'День Республики'],
  [12, 16, 'День Независимости'],
];

export const KURBAN_AIT = 'Курбан айт';

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
  const fixed = FIXED.map(([month, day, name]) => ({ date: `${year}-${pad(month)}-${pad(day)}`, name }));
  const moving = kurbanAitDates(year).map((date) => ({ date, name: KURBAN_AIT }));
  return [...fixed, ...moving].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
