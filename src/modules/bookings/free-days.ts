/**
 * The answer of the move pickers' endpoints (GET /bookings/{id}/free-times, GET /visits/{id}/free-times):
 * one entry of free start times per date, for `days` dates from `date` on, each saying whether the master works it.
 */
import { Type } from '@sinclair/typebox';
import type { DateWork } from '../../core/time-off.js';
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
  works: Type.Boolean({
    description:
      "Whether the master works that date (a visit: its first item's master): false without an active schedule row, with an empty window, or when time off (CONTRACT.md §21) closes the whole day or all of its hours; true with no times means the day is full",
  }),
  closed_reason: Type.Optional(
    Type.String({
      maxLength: 500,
      description:
        "With works false because time off closes the date: that entry's note (a holiday closed from the panel: its name); absent without a note",
    }),
  ),
});

export const FreeDays = Type.Array(FreeDay, { maxItems: MAX_FREE_TIME_DAYS });

/** The dates a query asks for, in order. */
export const datesAsked = (query: { date: IsoDate; days?: number }): IsoDate[] =>
  Array.from({ length: query.days ?? 1 }, (_, i) => addDays(query.date, i));

/** One date as the move rules answer it: its free start times and whether the master works it. */
export interface MoveDay {
  times: string[];
  work: DateWork;
}

/** The answer: each date with its times and the master's work (closed_reason only when there is one). */
export const freeDays = (dates: readonly IsoDate[], days: readonly MoveDay[]) =>
  dates.map((date, i) => {
    const { times, work } = days[i] ?? { times: [], work: { works: false } };
    return work.closedReason === undefined
      ? { date, times, works: work.works }
      : { date, times, works: work.works, closed_reason: work.closedReason };
  });
