/**
 * The masters' lock of every write that checks a master's time before it books (CONTRACT.md §19 if_free,
 * strict slots, §20 visits): inside the caller's transaction, so the check and the insert are one step.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { masters } from '../../db/schema.js';
import { preparedSql } from '../../db/prepared.js';

/** Prepared once per connection: the query builder's work was a visible part of every if_free booking. */
const lockMastersStatement = preparedSql(
  'lock_masters',
  sql`SELECT ${masters.id} FROM ${masters} WHERE ${masters.id} = ANY(${sql.placeholder('ids')}::int[]) ORDER BY ${masters.id} FOR NO KEY UPDATE`,
);

/**
 * Locks the masters' rows in ascending id order: two requests for overlapping masters queue, never deadlock.
 * NO KEY UPDATE leaves a plain booking's foreign-key check of the master alone, which holds its client's
 * row meanwhile (test/api/bookings/master-lock.test.ts).
 */
export async function lockMasters(tx: Db, ids: readonly number[]): Promise<void> {
  await lockMastersStatement(tx).execute({ ids: [...ids] });
}
