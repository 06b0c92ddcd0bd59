/**
 * A transaction whose first statement travels with its BEGIN, and whose COMMIT may carry the statement
 * that follows it. On PostgreSQL a round trip costs the service a write to its socket and the server a
 * wake-up, whatever the statement: the bookings that lock masters first (CONTRACT.md §19, §20) paid one
 * for BEGIN alone and one for their announcement after the COMMIT. Here "BEGIN; <first>" goes as one
 * simple-protocol message, and "COMMIT; <after>" as another; PostgreSQL runs each as separate
 * statements, and READ COMMITTED gives every statement after the first a snapshot taken after it.
 *
 * The simple protocol takes no parameters, so `first` and `after` must hold their values in their
 * text (checked integers; strings through drizzle's inlineParams, quotes doubled). PGlite runs
 * in-process, where a round trip costs nothing: there they follow drizzle's own BEGIN and COMMIT.
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
  logger: { logQuery(query: string, params: unknown[]): void };
}

/** A statement run once the transaction has committed, on what its work answered; its failure leaves the commit standing. */
export interface AfterCommit<T> {
  statement: (result: T) => SQL;
  failed: (error: unknown) => void;
}

/** The pool behind a node-postgres handle (not a transaction's client, not PGlite); the driver is loaded only then. */
function poolOf(session: SessionParts): pg.Pool | undefined {
  const kind = (session.constructor as { [entityKind]?: string })[entityKind];
  const client = session.client as { connect?: unknown; totalCount?: unknown } | undefined;
  return kind === 'NodePgSession' && typeof client?.connect === 'function' && client.totalCount !== undefined
    ? (client as pg.Pool)
    : undefined;
}

export async function transactionBegunWith<T>(db: Db, first: SQL, work: (tx: Db) => Promise<T>, after?: AfterCommit<T>): Promise<T> {
  const session = db._.session as unknown as SessionParts;
  const pool = poolOf(session);
  if (!pool) {
    const result = await db.transaction(async (tx) => {
      await tx.execute(first);
      return work(tx);
    });
    if (after) await db.execute(after.statement(result)).catch(after.failed);
    return result;
  }
  const { NodePgSession, NodePgTransaction } = await import('drizzle-orm/node-postgres');
  const client = await pool.connect();
  const own = new NodePgSession(client, session.dialect, session.schema, session.options);
  const tx = new NodePgTransaction(session.dialect, own, session.schema) as unknown as Db;
  let broken: Error | undefined;
  try {
    await tx.execute(sql`BEGIN; ${first}`);
    const result = await work(tx);
    if (!after) await tx.execute(sql`COMMIT`);
    else {
      const afterFailure = await commitThen(client, session, after.statement(result));
      if (afterFailure !== undefined) after.failed(afterFailure);
    }
    return result;
  } catch (error) {
    // A ROLLBACK that fails too means the connection is gone: the pool discards it instead of lending it again.
    await tx.execute(sql`ROLLBACK`).catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * "COMMIT; <after>" in one message. Resolves with nothing when both ran, with the after statement's
 * error when only the COMMIT did; rejects when the COMMIT failed (the work is not saved).
 */
async function commitThen(client: pg.PoolClient, session: SessionParts, after: SQL): Promise<unknown> {
  const { sql: text, params } = session.dialect.sqlToQuery(after);
  if (params.length > 0) throw new TypeError('A statement sent with COMMIT holds its values in its text');
  const message = `COMMIT; ${text}`;
  session.logger.logQuery(message, []);
  const { Query } = (await import('pg')).default;
  let committed = false;
  // node-postgres tells a multi-statement message's failure, not which statement failed: its
  // Submittable hooks (as pg-cursor uses them) see each statement complete.
  class CommitThen extends Query {
    handleCommandComplete(completed: { text?: string }, connection: unknown): void {
      if (completed.text === 'COMMIT') committed = true;
      (Query.prototype as unknown as { handleCommandComplete(...args: unknown[]): void }).handleCommandComplete.call(
        this,
        completed,
        connection,
      );
    }
  }
  const failure = await new Promise<Error | undefined>((resolve) =>
    client.query(new CommitThen(message, undefined, (error) => resolve(error ?? undefined))),
  );
  if (failure && !committed) throw failure;
  return failure;
}
