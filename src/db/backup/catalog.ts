/** What the database itself says about our tables: names, foreign keys, serial columns, migration level. */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../driver.js';
import { loadOrder, quoteIdent } from './format.js';

export async function tablesInLoadOrder(db: Db): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT c.relname::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
  );
  const references = await queryRows<{ from: string; to: string }>(
    db,
    sql`SELECT c.relname::text AS "from", f.relname::text AS "to" FROM pg_constraint k
        JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class f ON f.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  return loadOrder(
    tables.map((table) => table.name),
    references,
  );
}

/** The newest applied migration, 0 when none ran (an empty database). */
export async function migrationLevel(db: Db): Promise<number> {
  const [exists] = await queryRows<{ present: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!exists?.present) return 0;
  const [row] = await queryRows<{ level: string | null }>(db, sql`SELECT max(created_at)::text AS level FROM drizzle.__drizzle_migrations`);
  return Number(row?.level ?? 0);
}

export async function tablesWithRows(db: Db, tables: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    const [row] = await queryRows<{ any: boolean }>(db, sql.raw(`SELECT EXISTS (SELECT 1 FROM ${quoteIdent(table)}) AS any`));
    if (row?.any) found.push(table);
  }
  return found;
}

/** After rows arrive with their ids, every serial continues after the largest one. */
export async function resetSequences(db: Db): Promise<void> {
  const serials = await queryRows<{ table: string; column: string; sequence: string }>(
    db,
    sql`SELECT table_name::text AS "table", column_name::text AS "column",
          pg_get_serial_sequence(quote_ident(table_name), column_name) AS "sequence"
        FROM information_schema.columns WHERE table_schema = 'public'
          AND pg_get_serial_sequence(quote_ident(table_name), column_name) IS NOT NULL`,
  );
  for (const { table, column, sequence } of serials) {
    await db.execute(
      sql`SELECT setval(${sequence}::regclass, coalesce((SELECT max(${sql.raw(quoteIdent(column))}) FROM ${sql.raw(quoteIdent(table))}), 0) + 1, false)`,
    );
  }
}

interface Constraint {
  table: string;
  name: string;
  definition: string;
}

/** The public schema's constraints of these kinds (pg_constraint.contype), with what adds each back. */
function constraints(db: Db, kinds: ('f' | 'p' | 'u')[]): Promise<Constraint[]> {
  return queryRows<Constraint>(
    db,
    sql`SELECT k.conrelid::regclass::text AS "table", k.conname::text AS name, pg_get_constraintdef(k.oid) AS definition
        FROM pg_constraint k WHERE k.contype IN (${sql.raw(kinds.map((kind) => `'${kind}'`).join(', '))})
          AND k.connamespace = 'public'::regnamespace ORDER BY 1, 2`,
  );
}

/**
 * PostgreSQL, for a restore's transaction: what makes a bulk load slow is set aside and put back
 * once the rows are in, as pg_restore orders it. Foreign keys are dropped and added again (one
 * check per key over the whole table, not a locking lookup per row), primary and unique keys and
 * secondary indexes are built once, sorted (a duplicate still fails the restore, when its key is
 * added), and the tables' own triggers (notices and counts, which arrive with the rows) do not run.
 * Every statement is part of the transaction: a failed restore leaves the schema as it was.
 */
export async function setAsideForLoad(db: Db): Promise<() => Promise<void>> {
  const keys = await constraints(db, ['f']);
  const uniques = await constraints(db, ['p', 'u']);
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
        FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.contype IN ('p', 'u', 'x'))
        ORDER BY 1`,
  );
  const tables = await queryRows<{ table: string }>(
    db,
    sql`SELECT DISTINCT t.tgrelid::regclass::text AS "table" FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace ORDER BY 1`,
  );
  for (const { table, name } of [...keys, ...uniques])
    await db.execute(sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${quoteIdent(name)}`));
  for (const { name } of indexes) await db.execute(sql.raw(`DROP INDEX ${name}`));
  for (const { table } of tables) await db.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER USER`));
  return async () => {
    await db.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
    const add = ({ table, name, definition }: Constraint) =>
      db.execute(sql.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${quoteIdent(name)} ${definition}`));
    // The keys' unique indexes first: a foreign key needs the one it references.
    for (const constraint of uniques) await add(constraint);
    for (const { definition } of indexes) await db.execute(sql.raw(definition));
    for (const constraint of keys) await add(constraint);
    for (const { table } of tables) await db.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER USER`));
  };
}

/** A table's columns as COPY takes them (generated ones aside), and which of them hold json or jsonb. */
export async function copyColumns(db: Db, table: string): Promise<{ columns: string[]; json: Set<string> }> {
  const rows = await queryRows<{ name: string; json: boolean }>(
    db,
    sql`SELECT a.attname::text AS name, a.atttypid IN ('json'::regtype, 'jsonb'::regtype) AS json FROM pg_attribute a
        WHERE a.attrelid = ${quoteIdent(table)}::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
        ORDER BY a.attnum`,
  );
  return { columns: rows.map((row) => row.name), json: new Set(rows.filter((row) => row.json).map((row) => row.name)) };
}

/**
 * COPY's text for dates, times, intervals, floats and bytea follows the session's settings: the
 * backup writes and the restore reads it in one fixed style, whatever the server's defaults.
 */
export async function useCopyTextStyle(db: Db): Promise<void> {
  for (const setting of [`DateStyle = 'ISO, YMD'`, `IntervalStyle = 'postgres'`, `extra_float_digits = 3`, `bytea_output = 'hex'`]) {
    await db.execute(sql.raw(`SET LOCAL ${setting}`));
  }
}
