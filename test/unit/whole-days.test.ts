/** splitIntoWholeDays: a range of start times as booking_day_counts (whole days) and bookings (the edges) count it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMinutes } from '../../src/core/wallclock.js';
import { splitIntoWholeDays } from '../../src/modules/superadmin/whole-days.js';

describe('splitIntoWholeDays', () => {
  it('midnights are whole days only; times inside a day are edges', () => {
    expect(splitIntoWholeDays('2027-03-08T00:00:00', '2027-03-15T00:00:00')).toEqual({
      days: { from: '2027-03-08', to: '2027-03-15' },
      edges: [],
    });
    expect(splitIntoWholeDays('2027-03-08T10:00:00', '2027-03-10T12:30:00')).toEqual({
      days: { from: '2027-03-09', to: '2027-03-10' },
      edges: [
        { from: '2027-03-08T10:00:00', to: '2027-03-09T00:00:00' },
        { from: '2027-03-10T00:00:00', to: '2027-03-10T12:30:00' },
      ],
    });
    expect(splitIntoWholeDays('2027-03-08T10:00:00', '2027-03-08T12:00:00')).toEqual({
      edges: [{ from: '2027-03-08T10:00:00', to: '2027-03-08T12:00:00' }],
    });
    expect(splitIntoWholeDays('2027-03-08T10:00:00', undefined)).toEqual({
      days: { from: '2027-03-09', to: undefined },
      edges: [{ from: '2027-03-08T10:00:00', to: '2027-03-09T00:00:00' }],
    });
    expect(splitIntoWholeDays(undefined, '2027-03-08T00:00:00')).toEqual({ days: { from: undefined, to: '2027-03-08' }, edges: [] });
    expect(splitIntoWholeDays('2027-03-08T12:00:00', '2027-03-08T10:00:00')).toEqual({ edges: [] });
  });

  it('property: every start time is in exactly one part when it is in the range, and in none when it is not', () => {
    const minute = fc.integer({ min: 0, max: 6 * 1440 }).map((m) => addMinutes('2027-03-08T00:00:00', m));
    fc.assert(
      fc.property(minute, minute, minute, (from, to, start) => {
        const { days, edges } = splitIntoWholeDays(from, to);
        const inDays = days !== undefined && start.slice(0, 10) >= days.from! && start.slice(0, 10) < days.to!;
        const parts = [inDays, ...edges.map((edge) => start >= edge.from && start < edge.to)].filter(Boolean).length;
        expect(parts).toBe(start >= from && start < to ? 1 : 0);
      }),
    );
  });
});
