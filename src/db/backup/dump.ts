/**
 * Writes a consistent backup of a live database: one read-only snapshot transaction (REPEATABLE READ),
 * rows read through a cursor as JSON lines on PGlite and streamed by COPY in its text format on
 * PostgreSQL (copy.ts), table by table in the order of their foreign keys.
 */
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../driver.js';
import { copyColumns, migrationLevel, tablesInLoadOrder, useCopyTextStyle } from './catalog.js';
import { copyRowsOut } from './copy.js';
import { BACKUP_FORMAT, COPY_END, quoteIdent, type BackupHeader, type Marker } from './format.js';

const FETCH_ROWS = 1000;

export interface BackupSource {
  db: Db;
  engine: BackupHeader['engine'];
  jwtSecret?: string;
  /** PostgreSQL: COPY ... TO STDOUT on the connection `db` uses (open.ts), so inside the backup's transaction. */
  copyOut?: (statement: string) => Readable;
}

/** Streams the backup into `out` (which it ends); resolves with the rows per table once all is written. */
export async function writeBackup(source: BackupSource, out: Writable): Promise<Record<string, number>> {
  const gzip = createGzip();
  const written = pipeline(gzip, out);
  const write = async (text: string | Buffer) => {
    if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), written]);
  };
  const put = (line: string) => write(`${line}\n`);
  const counts: Record<string, number> = {};
  try {
    // On PGlite the transaction has the one connection to itself: the service's queries wait for it (a second or two).
    await source.db.transaction(async (tx) => {
      await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
      if (source.copyOut) await useCopyTextStyle(tx);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: source.copyOut ? 2 : 1,
        schema: await migrationLevel(tx),
        engine: source.engine,
        created_at: new Date().toISOString(),
        ...(source.jwtSecret ? { jwt_secret: source.jwtSecret } : {}),
      };
      await put(JSON.stringify(header));
      for (const table of await tablesInLoadOrder(tx)) {
        if (source.copyOut) {
          const { columns } = await copyColumns(tx, table);
          await put(JSON.stringify(['copy', table, columns] satisfies Marker));
          const copy = source.copyOut(`COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) TO STDOUT`);
          counts[table] = await copyRowsOut(copy, write);
          await put(COPY_END);
          continue;
        }
        await put(JSON.stringify(['table', table] satisfies Marker));
        counts[table] = 0;
        await tx.execute(
          sql.raw(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${quoteIdent(table)} t`),
        );
        for (;;) {
          const rows = await queryRows<{ row: string }>(tx, sql.raw(`FETCH ${FETCH_ROWS} FROM backup_rows`));
          for (const { row } of rows) await put(row);
          counts[table] += rows.length;
          if (rows.length < FETCH_ROWS) break;
        }
        await tx.execute(sql`CLOSE backup_rows`);
      }
      await put(JSON.stringify(['end', counts] satisfies Marker));
    });
    gzip.end();
    await written;
    return counts;
  } catch (error) {
    gzip.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  }
}
