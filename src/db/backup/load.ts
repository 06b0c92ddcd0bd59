/**
 * Loads a backup into an empty database (or, with force, in place of its data),
 * in one transaction: either every row arrives or nothing changes. The target is
 * first brought to the backup's schema, the rows go in, then the migrations
 * since run as on any upgrade, so an older backup restores into a newer release.
 * On PostgreSQL the rows stream in by COPY, a COPY section's straight into its
 * table, JSON lines (a PGlite backup's) into a temporary table moved into theirs
 * by one INSERT ... SELECT a chunk, with the foreign keys,
 * secondary indexes and triggers set aside until all are in (catalog.ts); on
 * PGlite, INSERTs of 500 rows.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../../paths.js';
import type { Db } from '../driver.js';
import {
  copyColumns,
  migrationLevel,
  resetSequences,
  setAsideForLoad,
  tablesInLoadOrder,
  tablesWithRows,
  useCopyTextStyle,
} from './catalog.js';
import { copyLinesIn, copyRowAsJson } from './copy.js';
import {
  asBackupError,
  BackupError,
  COPY_END,
  journalUpTo,
  latestLevel,
  parseHeader,
  quoteIdent,
  type BackupHeader,
  type Marker,
} from './format.js';
import type { DirectDatabase } from './open.js';

const INSERT_ROWS = 500;
/** Rows COPYed into the temporary table before they move to theirs: its pages stay in temp_buffers. */
const COPY_ROWS = 20_000;

type Journal = { entries: { when: number; tag: string }[] };
const readJournal = (): Journal => JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;

/** A migrations folder holding only the migrations up to `level`. */
export function migrationsUpTo(level: number): { folder: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'booking-kz-migrations-'));
  const journal = journalUpTo(readJournal(), level);
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) symlinkSync(join(migrationsFolder, `${tag}.sql`), join(folder, `${tag}.sql`));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

async function bringToSchema(target: DirectDatabase, level: number): Promise<void> {
  const latest = latestLevel(readJournal());
  if (level > latest) {
    throw new BackupError(
      `the backup was made by a newer release (schema ${level}; this one knows up to ${latest}): restore it with that release`,
    );
  }
  const current = await migrationLevel(target.db);
  if (current > level) {
    throw new BackupError(
      `the target is already on a newer schema (${current}) than the backup (${level}): restore into an empty DATA_DIR or a new database`,
    );
  }
  if (current === level) return;
  const cut = migrationsUpTo(level);
  try {
    await target.migrate(cut.folder);
  } finally {
    cut.remove();
  }
}

export interface RestoreResult {
  header: BackupHeader;
  counts: Record<string, number>;
}

export async function restoreBackup(target: DirectDatabase, input: Readable, options: { force: boolean }): Promise<RestoreResult> {
  const gunzip = createGunzip();
  input.once('error', (error) => gunzip.destroy(error));
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity })[Symbol.asyncIterator]();
  let header: BackupHeader;
  try {
    header = parseHeader((await lines.next()).value as string | undefined);
  } catch (error) {
    throw error instanceof BackupError ? error : new BackupError('this file is not a booking-kz backup (it is not gzip)');
  }
  await bringToSchema(target, header.schema);
  const tables = await tablesInLoadOrder(target.db);
  const holding = await tablesWithRows(target.db, tables);
  if (holding.length > 0 && !options.force) {
    throw new BackupError(
      `the target already holds data (${holding.join(', ')}): restore into an empty DATA_DIR or database, or add --force to replace it`,
    );
  }
  let counts: Record<string, number> = {};
  try {
    await target.db.transaction(async (tx) => {
      // booking_counts arrives with the rows as backed up: the bookings' triggers must not count them again (migration 0019).
      await tx.execute(sql`SET LOCAL app.restoring = 'on'`);
      if (holding.length > 0) await tx.execute(sql.raw(`TRUNCATE ${tables.map(quoteIdent).join(', ')} CASCADE`));
      if (target.copy) await useCopyTextStyle(tx);
      const putBack = target.copy ? await setAsideForLoad(tx) : undefined;
      const sink = target.copy ? await copySink(tx, target.copy.in) : insertSink(tx);
      counts = await loadRows(sink, { next: () => lines.next() }, tables).catch(async (error: unknown) => {
        await sink.abort();
        throw error;
      });
      await putBack?.();
      await resetSequences(tx);
    });
  } catch (error) {
    throw asBackupError(error);
  }
  await target.migrate(migrationsFolder);
  return { header, counts };
}

/** Where a section's rows go. */
interface RowSink {
  /** A section begins: JSON lines when `columns` is undefined, rows in COPY text for these columns otherwise. */
  start(table: string, columns?: string[]): Promise<void>;
  row(line: string): Promise<void>;
  /** The section's rows given so far are part of its table. */
  finish(): Promise<void>;
  /** Ends what a failed load left open, before the transaction rolls back. */
  abort(): Promise<void>;
}

/** PGlite: INSERTs of JSON rows; a COPY section's rows become JSON first (copyRowAsJson). */
function insertSink(tx: Db): RowSink {
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
async function copySink(tx: Db, copyIn: (statement: string) => Writable): Promise<RowSink> {
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

/** A section's or the end's marker line, or why the file is damaged. */
function parseMarker(text: string): Marker {
  let marker: unknown;
  try {
    marker = JSON.parse(text);
  } catch {
    throw new BackupError('the backup file is damaged: a line that is neither a row nor a marker');
  }
  const [kind, name, columns] = Array.isArray(marker) ? (marker as unknown[]) : [];
  if (kind === 'end' && typeof name === 'object' && name !== null) return marker as Marker;
  if (kind === 'table' && typeof name === 'string') return marker as Marker;
  if (kind === 'copy' && typeof name === 'string' && Array.isArray(columns) && columns.every((column) => typeof column === 'string'))
    return marker as Marker;
  throw new BackupError('the backup file is damaged: a line that is neither a row nor a marker');
}

async function loadRows(
  sink: RowSink,
  lines: { next: () => Promise<IteratorResult<string>> },
  tables: string[],
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let section: { table: string; copy: boolean } | undefined;
  for (let line = await lines.next(); !line.done; line = await lines.next()) {
    const text = line.value;
    // In a COPY section every line up to COPY_END is a row, an empty one too (one empty text value).
    if (section?.copy && text !== COPY_END) {
      await sink.row(text);
      counts[section.table]! += 1;
      continue;
    }
    if (text.startsWith('{') && !section?.copy) {
      if (!section) throw new BackupError('the backup file is damaged: a row before any table');
      await sink.row(text);
      counts[section.table]! += 1;
      continue;
    }
    if (!section?.copy && !text.trim()) continue;
    if (section) await sink.finish();
    const wasCopy = section?.copy;
    section = undefined;
    if (wasCopy) continue;
    const marker = parseMarker(text);
    if (marker[0] === 'end') {
      const expected = marker[1];
      for (const [name, rows] of Object.entries(expected)) {
        if ((counts[name] ?? 0) !== rows)
          throw new BackupError(`the backup file is damaged: ${name} has ${counts[name] ?? 0} rows of ${rows}`);
      }
      return counts;
    }
    if (!tables.includes(marker[1])) throw new BackupError(`the backup holds a table this release does not have: ${marker[1]}`);
    section = { table: marker[1], copy: marker[0] === 'copy' };
    counts[section.table] = 0;
    await sink.start(section.table, marker[0] === 'copy' ? marker[2] : undefined);
  }
  throw new BackupError('the backup file is incomplete (it ends before its last line): nothing was restored');
}
