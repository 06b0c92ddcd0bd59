import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/driver.js';

/**
 * Deletes a booking as a restore's load would (app.restoring: the counting trigger stands aside), runs
 * `check` while the kept counts still hold it, then puts the row back the same way. The API files share
 * one database per engine, so a mismatch left behind would break every other file's count of the platform.
 */
export async function whileDeletedUncounted(db: Db, bookingId: string, check: () => Promise<void>): Promise<void> {
  const [saved] = await queryRows<{ row: unknown }>(db, sql`SELECT row_to_json(b) AS row FROM bookings b WHERE id = ${bookingId}`);
  await asRestore(db, sql`DELETE FROM bookings WHERE id = ${bookingId}`);
  try {
    await check();
  } finally {
    await asRestore(db, sql`INSERT INTO bookings SELECT * FROM json_populate_record(NULL::bookings, ${JSON.stringify(saved!.row)}::json)`);
  }
}

async function asRestore(db: Db, statement: ReturnType<typeof sql>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL app.restoring = 'on'`);
    await tx.execute(statement);
  });
}
