/**
 * A transaction whose opening statements travel with its BEGIN, and whose COMMIT may carry the statement
 * that follows it. On PostgreSQL a round trip costs the service a write to its socket and the server a
 * wake-up, whatever the statement: the bookings that lock masters first (CONTRACT.md §19, §20) paid one
 * each for BEGIN, the lock, the day's read, the COMMIT and their announcement. Here "BEGIN; <lock>;
 * <read>" goes as one simple-protocol message and "COMMIT; <after>" as another; PostgreSQL runs each
 * statement on its own, and READ COMMITTED gives every statement a snapshot of its own, so the read
 * sees all that was committed before the lock was granted.
 *
 * The simple protocol takes no parameters: the statements hold their values in their text (inline.ts:
 * checked integers, quoted strings the service validated). The opening statements are NamedStatements,
 * PREPAREd once per connection and EXECUTEd, so PostgreSQL keeps their plans. PGlite runs in-process,
 * where a round trip costs nothing: there each statement runs on its own after drizzle's BEGIN, and the
 * after statement after its COMMIT.
 */
import { entityKind, sql, type SQL } from 'drizzle-orm';
import type { NodePgSession } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './driver.js';
import { inlineValue } from './inline.js';

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

/**
 * An opening statement whose plan PostgreSQL keeps (written with its values in its text, it would be
 * planned on every call): prepared under `name` on a connection the first time it goes there, then sent as
 * EXECUTE with its values written in. `definition` has numbered parameters ($1…), `values` fill them.
 */
export interface NamedStatement {
  name: string;
  definition: string;
  values: readonly unknown[];
}

/** node-postgres and drizzle's session for it, loaded once and only on PostgreSQL. */
async function loadDriver() {
  const [{ NodePgSession, NodePgTransaction }, { default: pgDriver }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('pg'),
  ]);
  return { NodePgSession, NodePgTransaction, CommitThen: commitThenQuery(pgDriver.Query) };
}
let driver: ReturnType<typeof loadDriver> | undefined;

/**
 * What a pool's connection keeps between its transactions, by its client (a discarded client takes it
 * along): a transaction handle on it (one holder at a time, so one handle serves them all) and the
 * named statements it has prepared.
 */
interface OnConnection {
  tx: Db;
  prepared: Set<string>;
}
const onConnection = new WeakMap<object, OnConnection>();

/**
 * Runs `work` in a transaction opened by `opening`: on PostgreSQL "BEGIN; <opening…>" is one message.
 * `work` gets the last opening statement's rows, each an array of its columns in order.
 */
export async function transactionBegunWith<T>(
  db: Db,
  opening: readonly NamedStatement[],
  work: (tx: Db, opened: unknown[][]) => Promise<T>,
  after?: AfterCommit<T>,
): Promise<T> {
  const session = db._.session as unknown as SessionParts;
  const pool = poolOf(session);
  if (!pool) {
    const result = await db.transaction(async (tx) => {
      let opened: unknown[][] = [];
      for (const statement of opening) opened = await arrayRows(tx, statement);
      return work(tx, opened);
    });
    if (after) await db.execute(after.statement(result)).catch(after.failed);
    return result;
  }
  const { NodePgSession, NodePgTransaction, CommitThen } = await (driver ??= loadDriver());
  const client = await pool.connect();
  let kept = onConnection.get(client);
  if (!kept) {
    const own = new NodePgSession(client, session.dialect, session.schema, session.options);
    kept = { tx: new NodePgTransaction(session.dialect, own, session.schema) as unknown as Db, prepared: new Set() };
    onConnection.set(client, kept);
  }
  const { tx, prepared } = kept;
  let broken: Error | undefined;
  try {
    const message = ['BEGIN', ...opening.flatMap((statement) => openingTexts(statement, prepared))].join('; ');
    session.logger.logQuery(message, []);
    // A message that fails takes its PREPAREs along with its transaction (test/api/db/transaction.test.ts).
    const results = (await client.query({ text: message, rowMode: 'array' })) as unknown as pg.QueryArrayResult[];
    for (const statement of opening) prepared.add(statement.name);
    const result = await work(tx, results.at(-1)!.rows);
    if (!after) await tx.execute(sql`COMMIT`);
    else {
      const afterFailure = await commitThen(client, session, CommitThen, after.statement(result));
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

/** The after statement's text; it must hold its values (no parameters: the simple protocol takes none). */
function textOf(session: SessionParts, statement: SQL): string {
  const { sql: text, params } = session.dialect.sqlToQuery(statement);
  if (params.length > 0) throw new TypeError('A statement sent with BEGIN or COMMIT holds its values in its text');
  return text;
}

/** An opening statement as the message says it: its EXECUTE, after its PREPARE on a connection new to it. */
function openingTexts(statement: NamedStatement, prepared: ReadonlySet<string>): string[] {
  const execute = `EXECUTE ${statement.name}(${statement.values.map(inlineValue).join(', ')})`;
  return prepared.has(statement.name) ? [execute] : [`PREPARE ${statement.name} AS ${statement.definition}`, execute];
}

/** PGlite: one statement's rows as arrays, as node-postgres answers them in the opening message. */
async function arrayRows(tx: Db, { definition, values }: NamedStatement): Promise<unknown[][]> {
  const session = tx._.session as unknown as SessionParts & {
    client: { query(text: string, params: readonly unknown[], options: { rowMode: 'array' }): Promise<{ rows: unknown[][] }> };
  };
  session.logger.logQuery(definition, [...values]);
  return (await session.client.query(definition, values, { rowMode: 'array' })).rows;
}

type CommitThenQuery = ReturnType<typeof commitThenQuery>;

/**
 * node-postgres tells a multi-statement message's failure, not which statement failed: its Submittable
 * hook (as pg-cursor uses it) sees each statement complete, so the query knows whether its COMMIT did.
 */
function commitThenQuery(Query: typeof pg.Query) {
  return class CommitThen extends Query {
    committed = false;
    handleCommandComplete(completed: { text?: string }, connection: unknown): void {
      if (completed.text === 'COMMIT') this.committed = true;
      (Query.prototype as unknown as { handleCommandComplete(...args: unknown[]): void }).handleCommandComplete.call(
        this,
        completed,
        connection,
      );
    }
  };
}

/**
 * "COMMIT; <after>" in one message. Resolves with nothing when both ran, with the after statement's
 * error when only the COMMIT did; rejects when the COMMIT failed (the work is not saved).
 */
async function commitThen(client: pg.PoolClient, session: SessionParts, CommitThen: CommitThenQuery, after: SQL): Promise<unknown> {
  const message = `COMMIT; ${textOf(session, after)}`;
  session.logger.logQuery(message, []);
  let query!: InstanceType<CommitThenQuery>;
  const failure = await new Promise<Error | undefined>((resolve) => {
    query = new CommitThen(message, undefined, (error) => resolve(error ?? undefined));
    client.query(query);
  });
  if (failure && !query.committed) throw failure;
  return failure;
}
