/**
 * Loads a backup into an empty database (or, with force, in place of its data),
 * in one transaction: either every row arrives or nothing changes. The target is
 * first brought to the backup's schema, the rows go in, then the migrations
 * since run as on any upgrade, so an older backup restores into a newer release.
 * On PostgreSQL the rows stream in by COPY (sinks.ts) with the foreign keys,
 * secondary indexes and triggers set aside until all are in (catalog.ts); on
 * PGlite, by INSERTs.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../../paths.js';
import { migrationLevel, resetSequences, setAsideForLoad, tablesInLoadOrder, tablesWithRows, useCopyTextStyle } from './catalog.js';
import { copySink, insertSink, type RowSink } from './sinks.js';
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
