/**
 * Where a restore's rows go, section by section (format.ts): on PostgreSQL by COPY, a COPY
 * section's straight into its table, JSON lines (a PGlite backup's) into a temporary table moved
 * into theirs by one INSERT ... SELECT a chunk; on PGlite by INSERTs of 500 JSON rows.
 */
import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../driver.js';
import { copyColumns } from './catalog.js';
import { copyLinesIn, copyRowAsJson } from './copy.js';
import { BackupError, quoteIdent } from './format.js';

const INSERT_ROWS = 500;
/** Rows COPYed into the temporary table before they move to theirs: its pages stay in temp_buffers. */
const COPY_ROWS = 20_000;

/** Where a section's rows go. */
export interface RowSink {
  /** A section begins: JSON lines when `columns` is undefined, rows in COPY text for these columns otherwise. */
  start(table: string, columns?: string[]): Promise<void>;
  row(line: string): Promise<void>;
  /** The section's rows given so far are part of its table. */
  finish(): Promise<void>;
  /** Ends what a failed load left open, before the transaction rolls back. */
  abort(): Promise<void>;
}

/** PGlite: INSERTs of JSON rows; a COPY section's rows become JSON first (copyRowAsJson). */
export function insertSink(tx: Db): RowSink {
  let batch: string[] = [];
  let table = '';
  let asJson = (line: string): string => line;
  const finish = async () => {
    if (batch.length === 0) return;
    const name = sql.raw(quoteIdent(table));
    await tx.execute(sql`INSERT INTO ${name} SELECT * FROM json_populate_recordset(NULL::${name}, ${`[${batch.join(',')}]`}::json)`);
    batch = [];
  };
  return {
    async start(name, columns) {
      table = name;
      asJson = (line) => line;
      if (!columns) return;
      const known = await copyColumns(tx, name);
      const unknown = columns.find((column) => !known.columns.includes(column));
      if (unknown) throw new BackupError(`the backup holds a column this release does not have: ${name}.${unknown}`);
      asJson = (line) => copyRowAsJson(line, columns, known.json);
    },
    async row(line) {
      batch.push(asJson(line));
      if (batch.length >= INSERT_ROWS) await finish();
    },
    finish,
    abort: async () => undefined,
  };
}

/**
 * PostgreSQL: a COPY section's rows go by COPY straight into their table; JSON rows (a PGlite
 * backup's) by COPY into a temporary table, moved to theirs by one statement a chunk.
 */
export async function copySink(tx: Db, copyIn: (statement: string) => Writable): Promise<RowSink> {
  await tx.execute(sql`CREATE TEMPORARY TABLE backup_rows (row text) ON COMMIT DROP`);
  let table = '';
  let columns: string[] | undefined;
  let copy: ReturnType<typeof copyLinesIn> | undefined;
  let rows = 0;
  const open = () =>
    columns
      ? copyLinesIn(copyIn(`COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM STDIN`), 'as copy text')
      : copyLinesIn(copyIn('COPY backup_rows (row) FROM STDIN'), 'as values');
  const finish = async () => {
    if (!copy) return;
    await copy.end();
    copy = undefined;
    if (columns) return;
    rows = 0;
    const name = sql.raw(quoteIdent(table));
    await tx.execute(sql`INSERT INTO ${name} SELECT r.* FROM backup_rows b, json_populate_record(NULL::${name}, b.row::json) r`);
    await tx.execute(sql`TRUNCATE backup_rows`);
  };
  return {
    async start(name, sectionColumns) {
      table = name;
      columns = sectionColumns;
    },
    async row(line) {
      copy ??= open();
      await copy.row(line);
      rows += 1;
      if (!columns && rows >= COPY_ROWS) await finish();
    },
    finish,
    abort: async () => copy?.abort(),
  };
}
