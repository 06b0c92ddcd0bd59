/**
 * The answer of the move pickers' endpoints (GET /bookings/{id}/free-times, GET /visits/{id}/free-times):
 * one entry of free start times per date, for `days` dates from `date` on.
 */
import { Type } from '@sinclair/typebox';
import { addDays, type IsoDate } from '../../core/wallclock.js';
import { DateString } from '../../http/schemas.js';

/** How many dates one request may ask for: the panel's "nearest open day" looks 60 days ahead. */
const MAX_FREE_TIME_DAYS = 60;
/** A day has at most 96 start times on the 15-minute grid. */
const MAX_TIMES_PER_DAY = 96;

export const FreeDaysQuery = Type.Object({
  date: DateString,
  days: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_FREE_TIME_DAYS,
      description: `How many dates from \`date\` on (default 1, at most ${MAX_FREE_TIME_DAYS}): one entry per date, in date order`,
    }),
  ),
});

const FreeDay = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD' }),
  times: Type.Array(Type.String({ description: 'HH:MM' }), {
    maxItems: MAX_TIMES_PER_DAY,
    description: 'Free start times of that date, ascending',
  }),
});

export const FreeDays = Type.Array(FreeDay, { maxItems: MAX_FREE_TIME_DAYS });

/** The dates a query asks for, in order. */
export const datesAsked = (query: { date: IsoDate; days?: number }): IsoDate[] =>
  Array.from({ length: query.days ?? 1 }, (_, i) => addDays(query.date, i));

/** The answer: each date with its times (none when the rule gave none). */
export const freeDays = (dates: readonly IsoDate[], times: readonly string[][]) =>
  dates.map((date, i) => ({ date, times: times[i] ?? [] }));
