/**
 * Dates and times as callers send them (CONTRACT.md §2), each with its one check and its one
 * message. The HTTP layer registers them as Ajv formats (src/http/validation.ts), so a schema
 * says `format: 'wall-date'`; a use case reached from elsewhere (the bot) calls `assertWallClock`.
 */
import { invalidInput } from './errors.js';
import { isValidDate, isValidDateTime, isValidTime } from './wallclock.js';

export const WALL_CLOCK_FORMATS = {
  'wall-date': { isValid: isValidDate, expected: 'expected an existing YYYY-MM-DD date' },
  'wall-time': { isValid: isValidTime, expected: 'expected HH:MM' },
  'wall-date-time': { isValid: isValidDateTime, expected: 'expected an existing YYYY-MM-DDTHH:MM:SS date-time' },
} as const;

export type WallClockFormat = keyof typeof WALL_CLOCK_FORMATS;

/** The detail of a refused date or time: `Invalid <field>: expected …`. */
export const wallClockDetail = (format: WallClockFormat, field: string): string =>
  `Invalid ${field}: ${WALL_CLOCK_FORMATS[format].expected}`;

/** Throws the 400 `invalid_input` the API gives for this field when `value` is not a valid `format`. */
export function assertWallClock(format: WallClockFormat, value: string, field: string): void {
  if (!WALL_CLOCK_FORMATS[format].isValid(value)) throw invalidInput(wallClockDetail(format, field), field);
}
