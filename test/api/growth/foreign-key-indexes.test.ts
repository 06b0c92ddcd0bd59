/**
 * Every foreign key has an index whose leading columns are the key's own, so
 * deleting a referenced row (a booking, a service, a master, a business) finds its referencing
 * rows through an index instead of scanning the referencing table.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/driver.js';
import { useTestApp } from '../../helpers/app.js';

const t = useTestApp();

/** Foreign keys of the public schema with no index whose first columns are exactly the key's columns. */
const unindexedForeignKeys = sql`
  SELECT c.conrelid::regclass::text AS "table", c.conname AS "constraint",
         (SELECT string_agg(a.attname, ', ' ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS columns
  FROM pg_constraint c
  JOIN pg_namespace n ON n.oid = c.connamespace
  WHERE c.contype = 'f' AND n.nspname = 'public'
    AND NOT EXISTS (
      SELECT 1 FROM pg_index i
      WHERE i.indrelid = c.conrelid
        AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
        AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey
    )
  ORDER BY 1, 2`;

describe('foreign keys and their indexes', () => {
  it('every foreign key has an index that starts with its columns', async () => {
    const missing = await queryRows<{ table: string; constraint: string; columns: string }>(t.database.db, unindexedForeignKeys);
    expect(missing).toEqual([]);
  });

  it('the check itself sees a foreign key without an index', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`CREATE TABLE fk_probe (id serial PRIMARY KEY, business_id integer REFERENCES businesses (id))`);
        const missing = await queryRows<{ table: string; columns: string }>(tx, unindexedForeignKeys);
        expect(missing).toContainEqual(expect.objectContaining({ table: 'fk_probe', columns: 'business_id' }));
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.constructor.name === 'TransactionRollbackError')) throw error;
      });
  });
});
