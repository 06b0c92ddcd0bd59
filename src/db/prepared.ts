/**
 * A statement built once per database connection and prepared there: the
 * hot paths do not rebuild the SQL through drizzle on every request (its query
 * building led the POST booking profile), and on PostgreSQL a named prepared
 * statement is parsed and planned once per connection. A transaction is a new
 * handle each time, but on PostgreSQL it runs on one of the pool's few
 * connections: the statement is kept per connection, so a transaction reuses
 * what an earlier one on that connection built (PGlite gives every transaction
 * a connection object of its own, so there it is built once per transaction).
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

export function preparedPerDb<P>(build: (db: Db) => P): (db: Db) => P {
  const built = new WeakMap<object, P>();
  return (db) => {
    const connection = connectionOf(db);
    let statement = built.get(connection);
    if (statement === undefined) {
      statement = build(db);
      built.set(connection, statement);
    }
    return statement;
  };
}

/**
 * What a handle's statements run on: the pool or one checked-out client (node-postgres), the PGlite
 * instance or one transaction's (PGlite). A statement prepared through a handle keeps only this, so
 * another handle on the same connection may run it.
 */
function connectionOf(db: Db): object {
  return (db._.session as unknown as { client?: object }).client ?? db;
}

const dialect = new PgDialect();

/** A hand-written statement prepared like the built ones; its parameters are `sql.placeholder`s named in `execute`. */
export function preparedSql<Row = unknown>(
  name: string,
  statement: SQL,
): (db: Db) => { execute(values: Record<string, unknown>): Promise<Row[]> } {
  const query = dialect.sqlToQuery(statement);
  return preparedPerDb((db) => {
    const prepared = db._.session.prepareQuery(query, undefined, name, false);
    return { execute: async (values) => ((await prepared.execute(values)) as { rows: Row[] }).rows };
  });
}
