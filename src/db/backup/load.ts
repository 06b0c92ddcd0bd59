/**
 * Loads a backup into an empty database (or, with force, in place of its data),
 * in one transaction: either every row arrives or nothing changes. The target is
 * first brought to the backup's schema, the rows go in, then the migrations
 * since run as on any upgrade, so an older backup restores into a newer release.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../../paths.js';
import type { Db } from '../driver.js';
import { migrationLevel, resetSequences, tablesInLoadOrder, tablesWithRows } from './catalog.js';
import { asBackupError, BackupError, journalUpTo, latestLevel, parseHeader, quoteIdent, type BackupHeader, type Marker } from './format.js';
import type { DirectDatabase } from './open.js';

const INSERT_ROWS = 500;

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
      counts = await loadRows(tx, { next: () => lines.next() }, tables);
      await resetSequences(tx);
    });
  } catch (error) {
    throw asBackupError(error);
  }
  await target.migrate(migrationsFolder);
  return { header, counts };
}

async function loadRows(tx: Db, lines: { next: () => Promise<IteratorResult<string>> }, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let table: string | undefined;
  let batch: string[] = [];
  const flush = async () => {
    if (!table || batch.length === 0) return;
    const name = sql.raw(quoteIdent(table));
    await tx.execute(sql`INSERT INTO ${name} SELECT * FROM json_populate_recordset(NULL::${name}, ${`[${batch.join(',')}]`}::json)`);
    counts[table] = (counts[table] ?? 0) + batch.length;
    batch = [];
  };
  for (let line = await lines.next(); !line.done; line = await lines.next()) {
    const text = line.value;
    if (text.startsWith('{')) {
      if (!table) throw new BackupError('the backup file is damaged: a row before any table');
      batch.push(text);
      if (batch.length >= INSERT_ROWS) await flush();
      continue;
    }
    if (!text.trim()) continue;
    await flush();
    const marker = JSON.parse(text) as Marker;
    if (marker[0] === 'end') {
      const expected = marker[1];
      for (const [name, rows] of Object.entries(expected)) {
        if ((counts[name] ?? 0) !== rows)
          throw new BackupError(`the backup file is damaged: ${name} has ${counts[name] ?? 0} rows of ${rows}`);
      }
      return counts;
    }
    if (!tables.includes(marker[1])) throw new BackupError(`the backup holds a table this release does not have: ${marker[1]}`);
    table = marker[1];
    counts[table] = 0;
  }
  throw new BackupError('the backup file is incomplete (it ends before its last line): nothing was restored');
}
