/**
 * bookingInterval reads same-day minutes straight off the string, for speed
 * (bench/micro.ts measures it). This pins the shortcut to the general rule:
 * for any pair of readings it gives what minuteOfDay gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingInterval } from '../../src/core/availability.js';
import { minuteOfDay } from '../../src/core/wallclock.js';

const DAY = '2026-11-24';
const pad = (n: number) => String(n).padStart(2, '0');
const reading = fc
  .record({
    day: fc.constantFrom('2026-11-23', DAY, '2026-11-25'),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
  })
  .map(({ day, hour, minute, second }) => `${day}T${pad(hour)}:${pad(minute)}:${pad(second)}`);

describe('bookingInterval fast path', () => {
  it('agrees with minuteOfDay for readings on, before and after the day', () => {
    fc.assert(
      fc.property(reading, reading, (startAt, endAt) => {
        const start = minuteOfDay(startAt, DAY);
        const end = minuteOfDay(endAt, DAY);
        expect(bookingInterval({ startAt, endAt, status: 'pending' }, DAY)).toEqual(end > start ? [start, end] : null);
      }),
      { numRuns: 2000 },
    );
  });

  it('counts a booking ending at the next midnight to 24:00', () => {
    expect(bookingInterval({ startAt: `${DAY}T23:00:00`, endAt: '2026-11-25T00:00:00', status: 'pending' }, DAY)).toEqual([1380, 1440]);
  });
});
