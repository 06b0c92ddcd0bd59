/**
 * The masters' lock of every write that checks a master's time before it books (CONTRACT.md §19 if_free,
 * strict slots, §20 visits): inside the caller's transaction, so the check and the insert are one step.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { masters } from '../../db/schema.js';
import { preparedSql } from '../../db/prepared.js';
import { transactionBegunWith, type AfterCommit, type NamedStatement } from '../../db/transaction.js';

/**
 * Locks the masters' rows in ascending id order: two requests for overlapping masters queue, never deadlock.
 * NO KEY UPDATE leaves a plain booking's foreign-key check of the master alone, which holds its client's
 * row meanwhile (test/api/bookings/master-lock.test.ts).
 */
const lockMastersSql = sql`SELECT ${masters.id} FROM ${masters} WHERE ${masters.id} = ANY(${sql.placeholder('ids')}::int[]) ORDER BY ${masters.id} FOR NO KEY UPDATE`;

/** Inside a transaction already open (strict slots: a move locks after it has read the booking). */
const lockMastersStatement = preparedSql('lock_masters', lockMastersSql);
export async function lockMasters(tx: Db, ids: readonly number[]): Promise<void> {
  await lockMastersStatement(tx).execute({ ids: [...ids] });
}

/** The same lock to go with a BEGIN (db/transaction.ts): prepared by name once per connection, its ids an array literal. */
const lockDefinition = new PgDialect().sqlToQuery(lockMastersSql).sql;
function lockMastersNamed(ids: readonly number[]): NamedStatement {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new TypeError('A master id to lock is not an integer');
  return { name: 'locked_masters', definition: lockDefinition, values: [`{${ids.join(',')}}`] };
}

/**
 * A transaction whose first step locks these masters, then `read`s (the day, under the lock: READ COMMITTED
 * gives it a snapshot taken after the lock was granted); on PostgreSQL the lock and the read go with its
 * BEGIN, and `after` (the new bookings' announcement) with its COMMIT: one round trip each. `work` gets
 * the read's rows.
 */
export function withMastersLocked<T>(
  db: Db,
  ids: readonly number[],
  work: (tx: Db, read: unknown[][]) => Promise<T>,
  { read, after }: { read?: NamedStatement; after?: AfterCommit<T> } = {},
): Promise<T> {
  return transactionBegunWith(db, read ? [lockMastersNamed(ids), read] : [lockMastersNamed(ids)], work, after);
}
