/**
 * Dates and times as callers send them (CONTRACT.md §2), each with its one check and its one
 * message. The HTTP layer registers them as Ajv formats (src/http/validation.ts), so a schema
 * says `format: 'wall-date'`; a use case reached from elsewhere (the bot) calls `assertWallClock`.
 */
import { invalidInput } from './errors.js';
import { isValidDate, isValidDateTime, isValidTime } from './wallclock.js';

/** `pattern`: the shape, for the OpenAPI document's readers; `isValid` also checks the date exists and the time is in range. */
export const WALL_CLOCK_FORMATS = {
  'wall-date': { isValid: isValidDate, pattern: '^\\d{4}-\\d{2}-\\d{2}$', expected: 'expected an existing YYYY-MM-DD date' },
  'wall-time': { isValid: isValidTime, pattern: '^\\d{2}:\\d{2}$', expected: 'expected HH:MM' },
  'wall-date-time': {
    isValid: isValidDateTime,
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$',
    expected: 'expected an existing YYYY-MM-DDTHH:MM:SS date-time',
  },
} as const;

/** The schema of a date or time a caller sends: its shape and its format. */
export const wallClockSchema = (format: WallClockFormat) => ({ format, pattern: WALL_CLOCK_FORMATS[format].pattern });

export type WallClockFormat = keyof typeof WALL_CLOCK_FORMATS;

/** The detail of a refused date or time: `Invalid <field>: expected …`. */
export const wallClockDetail = (format: WallClockFormat, field: string): string =>
  `Invalid ${field}: ${WALL_CLOCK_FORMATS[format].expected}`;

/** Throws the 400 `invalid_input` the API gives for this field when `value` is not a valid `format`. */
export function assertWallClock(format: WallClockFormat, value: string, field: string): void {
  if (!WALL_CLOCK_FORMATS[format].isValid(value)) throw invalidInput(wallClockDetail(format, field), field);
}
