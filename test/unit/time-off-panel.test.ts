/** The panel's pure parts of time off (CONTRACT.md §21, decision 0075) and the calendar's count of what it shows. */
import { describe, expect, it } from 'vitest';
import { groupClosed, holidayName, upcomingHolidayGroups } from '../../web/src/admin/time-off/holiday-groups.js';
import { nearestOpenDate } from '../../web/src/admin/time-off/open-date.js';
import { timeOffSpans, type TimeOffRow } from '../../web/src/admin/calendar/time-off-spans.js';
import { closureOn, timeOffEntry } from '../../src/core/time-off.js';

/** A whole day closed, as the calendar asks the core's rule (CONTRACT.md §21) of GET /time-off's rows. */
const closedAllDay = (rows: readonly TimeOffRow[], masterId: number, day: string) =>
  closureOn(rows.map(timeOffEntry), masterId, day) === 'day';
import { shownCount } from '../../web/src/admin/calendar/shown-count.js';
import { kazakhstanHolidays } from '../../src/core/kz-holidays.js';
import { HOLIDAY_NAMES } from '../../src/core/kz-holiday-names.js';

describe('upcomingHolidayGroups', () => {
  it('joins consecutive days of one holiday (Наурыз 21-23 March) and keeps the coming 12 months', () => {
    const groups = upcomingHolidayGroups([...kazakhstanHolidays(2026), ...kazakhstanHolidays(2027)], '2026-11-23');
    expect(groups[0]).toMatchObject({ name: 'День Независимости', from: '2026-12-16', to: '2026-12-16' });
    expect(groups).toContainEqual(expect.objectContaining({ name: 'Новый год', from: '2027-01-01', to: '2027-01-02' }));
    expect(groups).toContainEqual(expect.objectContaining({ name: 'Наурыз мейрамы', from: '2027-03-21', to: '2027-03-23' }));
    expect(groups.every((g) => g.from < '2027-11-23')).toBe(true);
  });
  it("names a group in the panel's language (the note its closure saves, decision 0091)", () => {
    const [independence] = upcomingHolidayGroups(kazakhstanHolidays(2026), '2026-11-23');
    expect(holidayName(independence!, 'ru')).toBe('День Независимости');
    expect(holidayName(independence!, 'kk')).toBe('Тәуелсіздік күні');
    expect(holidayName(independence!, 'en')).toBe('Independence Day');
  });
  it('a group is closed only when whole-day business entries cover every date', () => {
    const nauryz = { name: 'Наурыз мейрамы', names: HOLIDAY_NAMES.nauryz, from: '2027-03-21', to: '2027-03-23' };
    const whole = { master_id: null, date_from: '2027-03-21', date_to: '2027-03-23', start_time: null };
    expect(groupClosed(nauryz, [whole])).toBe(true);
    expect(groupClosed(nauryz, [{ ...whole, date_to: '2027-03-22' }])).toBe(false);
    expect(groupClosed(nauryz, [{ ...whole, master_id: 3 }])).toBe(false);
    expect(groupClosed(nauryz, [{ ...whole, start_time: '10:00' }])).toBe(false);
  });
});

describe('nearestOpenDate', () => {
  it('is the first later date whose free times hold the same time, within the horizon', () => {
    const free: Record<string, string[]> = { '2027-03-11': ['10:00'], '2027-03-12': ['11:00'] };
    expect(nearestOpenDate('2027-03-10', '11:00', 60, (d) => free[d] ?? [])).toBe('2027-03-12');
    expect(nearestOpenDate('2027-03-10', '11:00', 1, (d) => free[d] ?? [])).toBeNull();
    expect(nearestOpenDate('2027-03-12', '11:00', 60, (d) => free[d] ?? [])).toBeNull();
  });
});

describe('timeOffSpans', () => {
  const entry = {
    id: 1,
    master_id: null,
    date_from: '2027-03-10',
    date_to: '2027-03-11',
    start_time: null,
    end_time: null,
    note: 'Ремонт',
  };
  it("shades the business's and the master's entries of the day, whole days over the drawn range, hours clipped", () => {
    const hours = { ...entry, id: 2, master_id: 7, start_time: '07:00', end_time: '10:00', note: null };
    expect(timeOffSpans([entry, hours], 7, '2027-03-10', [480, 1200])).toEqual([
      { id: 1, start: 480, end: 1200, note: 'Ремонт' },
      { id: 2, start: 480, end: 600, note: null },
    ]);
    expect(timeOffSpans([hours], 8, '2027-03-10', [480, 1200])).toEqual([]);
    expect(timeOffSpans([entry], 7, '2027-03-12', [480, 1200])).toEqual([]);
  });

  it("closedAllDay: a whole day of the business's or the master's own closes it; some hours or another master's do not", () => {
    const own = { ...entry, id: 3, master_id: 7 };
    const hours = { ...own, id: 4, start_time: '09:00', end_time: '18:00' };
    expect(closedAllDay([entry], 7, '2027-03-11')).toBe(true);
    expect(closedAllDay([own], 7, '2027-03-10')).toBe(true);
    expect(closedAllDay([own], 8, '2027-03-10')).toBe(false);
    expect(closedAllDay([hours], 7, '2027-03-10')).toBe(false);
    expect(closedAllDay([entry], 7, '2027-03-12')).toBe(false);
  });
});

describe('shownCount', () => {
  it('counts the bookings of the shown masters only; all when no columns are given (the list)', () => {
    const bookings = [{ master: { id: 1 } }, { master: { id: 2 } }, { master: { id: 1 } }];
    expect(shownCount(bookings, [{ masterId: 1 }])).toBe(2);
    expect(shownCount(bookings, undefined)).toBe(3);
  });
});
