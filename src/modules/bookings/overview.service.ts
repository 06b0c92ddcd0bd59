/**
 * The owner's overview figures (CONTRACT.md §15): bookings per day and the
 * revenue per master, summed by the database over a bounded range, so the
 * answer is a few kilobytes whatever the business's history.
 */
import type { AppContext } from '../../context.js';
import { invalidInput } from '../../core/errors.js';
import { addDays, type IsoDate } from '../../core/wallclock.js';
import { bookingsPerDay, revenuePerMaster } from './overview.queries.js';

/** A year and a day: a year's overview fits, a decade does not. */
export const MAX_DAYS = 367;
export const DEFAULT_DAYS_AROUND_TODAY = 30;

function checkedRange(query: { date_from?: string; date_to?: string }, today: IsoDate): { from: IsoDate; to: IsoDate } {
  const from = query.date_from ?? addDays(today, -DEFAULT_DAYS_AROUND_TODAY);
  const to = query.date_to ?? addDays(from, 2 * DEFAULT_DAYS_AROUND_TODAY);
  if (to < from) throw invalidInput('date_to is before date_from', 'date_to');
  if (addDays(from, MAX_DAYS) <= to) throw invalidInput(`The range is longer than ${MAX_DAYS} days`, 'date_to');
  return { from, to };
}

/** The business's overview over the asked range (by default the 30 days around today). */
export async function summarizeBookings(
  ctx: Pick<AppContext, 'db' | 'time'>,
  businessId: number,
  query: { date_from?: string; date_to?: string },
) {
  const { from, to } = checkedRange(query, ctx.time.today());
  const range = { businessId, from, to, now: ctx.time.now() };
  const [days, masters] = await Promise.all([bookingsPerDay(ctx.db, range), revenuePerMaster(ctx.db, range)]);
  return {
    date_from: from,
    date_to: to,
    days,
    revenue: { total: masters.reduce((sum, master) => sum + master.total, 0), masters },
  };
}
