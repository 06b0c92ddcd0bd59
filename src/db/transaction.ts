/**
 * A transaction whose first statement travels with its BEGIN. On PostgreSQL a round trip costs the
 * service a write to its socket and the server a wake-up, whatever the statement: the bookings that
 * lock masters first (CONTRACT.md §19, §20) paid one for BEGIN alone. Here "BEGIN; <first>" goes as
 * one simple-protocol message; PostgreSQL runs it as two statements, the second under the open
 * transaction, and READ COMMITTED gives every later statement a snapshot taken after it.
 *
 * The simple protocol takes no parameters, so `first` must be SQL with no value from a request in
 * its text (the caller inlines only numbers it has checked). PGlite runs in-process, where a round
 * trip costs nothing: there `first` follows drizzle's own BEGIN.
 */
import { entityKind, sql, type SQL } from 'drizzle-orm';
import type { NodePgSession } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './driver.js';

/** What drizzle keeps private in its node-postgres session and needs again for a session of our own. */
interface SessionParts {
  client: unknown;
  dialect: PgDialect;
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

/** The pool behind a node-postgres handle (not a transaction's client, not PGlite); the driver is loaded only then. */
function poolOf(session: SessionParts): pg.Pool | undefined {
  const kind = (session.constructor as { [entityKind]?: string })[entityKind];
  const client = session.client as { connect?: unknown; totalCount?: unknown } | undefined;
  return kind === 'NodePgSession' && typeof client?.connect === 'function' && client.totalCount !== undefined
    ? (client as pg.Pool)
    : undefined;
}

export async function transactionBegunWith<T>(db: Db, first: SQL, work: (tx: Db) => Promise<T>): Promise<T> {
  const session = db._.session as unknown as SessionParts;
  const pool = poolOf(session);
  if (!pool) {
    return db.transaction(async (tx) => {
      await tx.execute(first);
      return work(tx);
    });
  }
  const { NodePgSession, NodePgTransaction } = await import('drizzle-orm/node-postgres');
  const client = await pool.connect();
  const own = new NodePgSession(client, session.dialect, session.schema, session.options);
  const tx = new NodePgTransaction(session.dialect, own, session.schema) as unknown as Db;
  let broken: Error | undefined;
  try {
    await tx.execute(sql`BEGIN; ${first}`);
    const result = await work(tx);
    await tx.execute(sql`COMMIT`);
    return result;
  } catch (error) {
    // A ROLLBACK that fails too means the connection is gone: the pool discards it instead of lending it again.
    await tx.execute(sql`ROLLBACK`).catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.release(broken);
  }
}
