/** The SQL twins of the status rules (src/db/booking-status.ts) answer as the TypeScript ones over every status, on this engine. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countsAsRevenue, isActive, occupiesTime } from '../../../src/core/booking-status.js';
import { countsAsRevenueSql, isActiveSql, occupiesTimeSql } from '../../../src/db/booking-status.js';
import type { Database } from '../../../src/db/client.js';
import { queryRows } from '../../../src/db/driver.js';
import { bookingStatuses } from '../../../src/db/schema.js';
import { openTestDatabase } from '../../helpers/app.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe.each([
  ['occupies time', occupiesTime, occupiesTimeSql],
  ['active', isActive, isActiveSql],
  ['counts as revenue', countsAsRevenue, countsAsRevenueSql],
] as const)('%s', (_name, inCode, inSql) => {
  it('agrees with the TypeScript predicate for every status', async () => {
    const statuses = sql.join(
      bookingStatuses.map((status) => sql`(${status})`),
      sql`, `,
    );
    const rows = await queryRows<{ status: string; holds: boolean }>(
      database.db,
      sql`SELECT s.status, ${inSql(sql`s.status`)} AS holds FROM (VALUES ${statuses}) AS s(status) ORDER BY s.status`,
    );
    expect(rows).toHaveLength(bookingStatuses.length);
    for (const row of rows) expect(row.holds, row.status).toBe(inCode(row.status));
  });
});
