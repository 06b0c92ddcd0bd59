/**
 * A statement built once per database handle and prepared there: the
 * hot paths do not rebuild the SQL through drizzle on every request (its query
 * building led the POST booking profile), and on PostgreSQL a named prepared
 * statement is parsed and planned once per connection. A transaction is its
 * own handle, so inside one the statement is built once per transaction.
 */
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
