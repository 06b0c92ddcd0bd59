/** What each status means for the rules that read it (src/core/booking-status.ts). */
import { describe, expect, it } from 'vitest';
import { countsAsRevenue, isActive, occupiesTime } from '../../src/core/booking-status.js';
import { bookingStatuses } from '../../src/db/schema.js';

const table: Record<(typeof bookingStatuses)[number], [occupies: boolean, active: boolean, revenue: boolean]> = {
  pending: [true, true, false],
  confirmed: [true, true, true],
  completed: [true, false, true],
  cancelled: [false, false, false],
  rejected: [false, false, false],
};

describe('booking status rules', () => {
  it.each(bookingStatuses.map((status) => [status, ...table[status]] as const))(
    '%s: occupies time %s, active %s, revenue %s',
    (status, occupies, active, revenue) => {
      expect(occupiesTime(status)).toBe(occupies);
      expect(isActive(status)).toBe(active);
      expect(countsAsRevenue(status)).toBe(revenue);
    },
  );

  it('a completed booking took its time: it occupies time though it is no longer active', () => {
    expect(occupiesTime('completed')).toBe(true);
    expect(isActive('completed')).toBe(false);
  });
});
