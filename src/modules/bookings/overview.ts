/**
 * The owner's overview figures (CONTRACT.md §15): bookings per day and the
 * revenue per master, summed by the database over a bounded range, so the
 * answer is a few kilobytes whatever the business's history.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { invalidInput } from '../../core/errors.js';
import { addDays, type IsoDate, type NaiveDateTime } from '../../core/wallclock.js';
import { queryRows, type Db } from '../../db/client.js';
import { DateString, errorResponses } from '../../http/schemas.js';
import { scopeAction } from '../identity/guards.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { countsAsRevenueSql, occupiesTimeSql } from '../../db/booking-status.js';

/** A year and a day: a year's overview fits, a decade does not. */
const MAX_DAYS = 367;
const DEFAULT_DAYS_AROUND_TODAY = 30;

const OverviewQuery = Type.Object({
  date_from: Type.Optional(DateString),
  date_to: Type.Optional(DateString),
});

const OverviewBody = Type.Object({
  date_from: Type.String({ description: 'YYYY-MM-DD' }),
  date_to: Type.String({ description: 'YYYY-MM-DD' }),
  days: Type.Array(Type.Object({ date: Type.String({ description: 'YYYY-MM-DD' }), bookings: Type.Integer() }), {
    description: 'Days of the range with at least one booking that holds its time (not cancelled or rejected)',
  }),
  revenue: Type.Object(
    {
      total: Type.Number(),
      masters: Type.Array(Type.Object({ master_id: Type.Integer(), name: Type.String(), total: Type.Number() })),
    },
    {
      description:
        'Prices (price_snapshot) of confirmed and completed bookings that started within the range and before now, per master, largest first',
    },
  ),
});

interface Range {
  businessId: number;
  from: IsoDate;
  to: IsoDate;
  now: NaiveDateTime;
}

async function bookingsPerDay(db: Db, range: Range) {
  return queryRows<{ date: string; bookings: number }>(
    db,
    sql`SELECT to_char(start_at, 'YYYY-MM-DD') AS date, count(*)::int AS bookings FROM bookings
        WHERE business_id = ${range.businessId} AND start_at >= ${`${range.from}T00:00:00`}::timestamp
          AND start_at < ${`${addDays(range.to, 1)}T00:00:00`}::timestamp AND ${occupiesTimeSql()}
        GROUP BY 1 ORDER BY 1`,
  );
}

async function revenuePerMaster(db: Db, range: Range) {
  return queryRows<{ master_id: number; name: string; total: number }>(
    db,
    sql`SELECT m.id AS master_id, m.name, sum(b.price_snapshot)::float8 AS total FROM bookings b
        JOIN masters m ON m.id = b.master_id
        WHERE b.business_id = ${range.businessId} AND ${countsAsRevenueSql(sql`b.status`)}
          AND b.start_at >= ${`${range.from}T00:00:00`}::timestamp AND b.start_at < ${`${addDays(range.to, 1)}T00:00:00`}::timestamp
          AND b.start_at <= ${range.now}::timestamp
        GROUP BY m.id, m.name ORDER BY total DESC, m.id`,
  );
}

function checkedRange(query: { date_from?: string; date_to?: string }, today: IsoDate): { from: IsoDate; to: IsoDate } {
  const from = query.date_from ?? addDays(today, -DEFAULT_DAYS_AROUND_TODAY);
  const to = query.date_to ?? addDays(from, 2 * DEFAULT_DAYS_AROUND_TODAY);
  if (to < from) throw invalidInput('date_to is before date_from', 'date_to');
  if (addDays(from, MAX_DAYS) <= to) throw invalidInput(`The range is longer than ${MAX_DAYS} days`, 'date_to');
  return { from, to };
}

export const overviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'day.write');
  app.get(
    '/bookings/overview',
    {
      schema: {
        tags: ['bookings'],
        operationId: 'bookingsOverview',
        summary: "The owner's overview: bookings per day and revenue per master over a date range",
        description: `date_from defaults to ${DEFAULT_DAYS_AROUND_TODAY} days before today, date_to to ${2 * DEFAULT_DAYS_AROUND_TODAY} days after date_from; at most ${MAX_DAYS} days.`,
        security: bearerSecurity,
        querystring: OverviewQuery,
        response: { 200: OverviewBody, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { from, to } = checkedRange(request.query, app.ctx.time.today());
      const range = { businessId: request.provider.businessId, from, to, now: app.ctx.time.now() };
      const [days, masters] = await Promise.all([bookingsPerDay(app.ctx.db, range), revenuePerMaster(app.ctx.db, range)]);
      return {
        date_from: from,
        date_to: to,
        days,
        revenue: { total: masters.reduce((sum, master) => sum + master.total, 0), masters },
      };
    },
  );
};
