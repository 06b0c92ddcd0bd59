/** Dates and times callers send (src/core/wall-clock-input.ts): one check and one message each. */
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/core/errors.js';
import { assertWallClock, WALL_CLOCK_FORMATS, wallClockDetail } from '../../src/core/wall-clock-input.js';

describe('wall-clock formats', () => {
  it.each([
    ['wall-date', '2026-11-24', true],
    ['wall-date', '2028-02-29', true],
    ['wall-date', '2026-02-29', false],
    ['wall-date', '2026-13-01', false],
    ['wall-date', '24.11.2026', false],
    ['wall-date', '9999-12-31', false],
    ['wall-time', '23:59', true],
    ['wall-time', '24:00', false],
    ['wall-time', '9:00', false],
    ['wall-date-time', '2026-11-24T10:00:00', true],
    ['wall-date-time', '2026-11-24 10:00:00', false],
    ['wall-date-time', '2026-02-30T10:00:00', false],
  ] as const)('%s %j → %s', (format, value, valid) => {
    expect(WALL_CLOCK_FORMATS[format].isValid(value)).toBe(valid);
  });

  it('refuses with the one detail the API gives, naming the field', () => {
    expect(() => assertWallClock('wall-date', '2026-02-30', 'date_from')).toThrow(DomainError);
    try {
      assertWallClock('wall-time', '25:00', 'proposed_time');
    } catch (error) {
      expect(error).toMatchObject({ code: 'invalid_input', detail: 'Invalid proposed_time: expected HH:MM' });
    }
    expect(wallClockDetail('wall-date', 'date')).toBe('Invalid date: expected an existing YYYY-MM-DD date');
    expect(() => assertWallClock('wall-date-time', '2026-11-24T10:00:00', 'since')).not.toThrow();
  });
});
