/** The overview's sums (CONTRACT.md §15), done by the database over a bounded range. */
import { sql } from 'drizzle-orm';
import { addDays, type IsoDate, type NaiveDateTime } from '../../core/wallclock.js';
import { queryRows, type Db } from '../../db/client.js';
import { countsAsRevenueSql, occupiesTimeSql } from '../../db/booking-status.js';

export interface OverviewRange {
  businessId: number;
  from: IsoDate;
  to: IsoDate;
  now: NaiveDateTime;
}

export async function bookingsPerDay(db: Db, range: OverviewRange) {
  return queryRows<{ date: string; bookings: number }>(
    db,
    sql`SELECT to_char(start_at, 'YYYY-MM-DD') AS date, count(*)::int AS bookings FROM bookings
        WHERE business_id = ${range.businessId} AND start_at >= ${`${range.from}T00:00:00`}::timestamp
          AND start_at < ${`${addDays(range.to, 1)}T00:00:00`}::timestamp AND ${occupiesTimeSql()}
        GROUP BY 1 ORDER BY 1`,
  );
}

export async function revenuePerMaster(db: Db, range: OverviewRange) {
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
