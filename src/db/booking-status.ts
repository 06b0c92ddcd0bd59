/**
 * The SQL twins of core/booking-status.ts, built from the TypeScript predicates over every
 * status, so a query and the code that reads its rows cannot disagree.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { countsAsRevenue, isActive, occupiesTime } from '../core/booking-status.js';
import { bookings, bookingStatuses } from './schema.js';

type StatusColumn = AnyPgColumn | SQL;

/** `column IN ('a', 'b')` with the statuses as literals (constants of the schema, never input). */
function statusIn(rule: (status: string) => boolean): (column?: StatusColumn) => SQL {
  const listed = sql.raw(
    bookingStatuses
      .filter(rule)
      .map((status) => `'${status}'`)
      .join(', '),
  );
  return (column = bookings.status) => sql`${column} IN (${listed})`;
}

/** Rule 3: the booking holds its master's time (not cancelled, not rejected). */
export const occupiesTimeSql = statusIn(occupiesTime);
/** Pending or confirmed: the booking is still to take place. */
export const isActiveSql = statusIn(isActive);
/** Confirmed or completed: its price counts in the overview's revenue. */
export const countsAsRevenueSql = statusIn(countsAsRevenue);
