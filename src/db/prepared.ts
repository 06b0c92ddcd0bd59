/**
 * A statement built once per database handle and prepared there: the
 * hot paths do not rebuild the SQL through drizzle on every request (its query
 * building led the POST booking profile), and on PostgreSQL a named prepared
 * statement is parsed and planned once per connection. A transaction is its
 * own handle, so inside one the statement is built once per transaction.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

export function preparedPerDb<P>(build: (db: Db) => P): (db: Db) => P {
  const built = new WeakMap<Db, P>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
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
