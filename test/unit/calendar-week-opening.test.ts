/** The week view opens on the next week once nobody works any more this week, not on one already over. */
import { describe, expect, it } from 'vitest';
import { lastWorkingMinute, restOfWeekOver } from '../../web/src/admin/calendar/week-opening.js';

// Mon-Fri until 18:00, Saturday until 15:00, Sunday closed; the week of Monday 2026-11-23.
const endOf = (date: string): number | null => (date === '2026-11-29' ? null : date === '2026-11-28' ? 15 * 60 : 18 * 60);

describe('restOfWeekOver', () => {
  it('is over on Saturday after the last working minute, not before', () => {
    expect(restOfWeekOver('2026-11-28', 15 * 60, endOf)).toBe(true);
    expect(restOfWeekOver('2026-11-28', 20 * 60, endOf)).toBe(true);
    expect(restOfWeekOver('2026-11-28', 14 * 60 + 59, endOf)).toBe(false);
  });
  it('is not over while a later day of the week works', () => {
    expect(restOfWeekOver('2026-11-27', 23 * 60, endOf)).toBe(false);
    expect(restOfWeekOver('2026-11-23', 0, endOf)).toBe(false);
  });
  it('is over on Sunday of a week closed on Sunday', () => {
    expect(restOfWeekOver('2026-11-29', 9 * 60, endOf)).toBe(true);
  });
});

describe('lastWorkingMinute', () => {
  it('takes the latest end of the active rows; none: null', () => {
    expect(lastWorkingMinute([{ end_time: '18:00', is_active: true }, { end_time: '20:00', is_active: false }, undefined])).toBe(18 * 60);
    expect(lastWorkingMinute([{ end_time: '18:00', is_active: false }, undefined])).toBeNull();
  });
});
