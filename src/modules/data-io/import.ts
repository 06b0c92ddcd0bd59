/**
 * POST /clients/import (CONTRACT.md §14): the clients read from the file
 * (read-upload.ts, in the upload's own worker) become clients of the
 * business. A phone the business already has is skipped, never changed; so
 * is a phone an earlier row of the file had. New clients go in one
 * transaction, a batch of rows per statement. A dry run answers the same
 * counts and writes nothing.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { ReadRows, RowError } from '../../core/client-import.js';
import { yieldToEventLoop } from './import-limits.js';
import { parseUntrustedFile, type ParseFailure } from './untrusted-file.js';

/**
 * Rows per statement: each column goes as one array parameter, so a batch is three parameters whatever
 * its size. PGlite runs a statement on the event loop's thread, so a batch is small enough to take a few
 * tens of milliseconds there, and the loop gets a turn between batches (CONTRACT.md §11 fourth pass).
 */
const BATCH = 250;
/** Rows per INSERT: each row writes the table and its indexes, so an insert takes a smaller batch than a look-up. */
const INSERT_BATCH = 100;

export interface ImportResult {
  created: number;
  skipped: number;
  errors: RowError[];
}

async function phonesAlreadyThere(db: Db, businessId: number, phones: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < phones.length; i += BATCH) {
    await yieldToEventLoop();
    const rows = await queryRows<{ phone: string }>(
      db,
      sql`SELECT phone FROM clients WHERE business_id = ${businessId} AND phone = ANY(${sql.param(phones.slice(i, i + BATCH))}::text[])`,
    );
    for (const row of rows) found.add(row.phone);
  }
  return found;
}

async function importClients(db: Db, businessId: number, read: ReadRows, dryRun: boolean): Promise<ImportResult> {
  const errors = read.errors;
  const existing = await phonesAlreadyThere(
    db,
    businessId,
    read.clients.map((client) => client.phone),
  );
  const fresh = read.clients.filter((client) => !existing.has(client.phone));
  const skipped = read.duplicates + existing.size;
  if (dryRun) return { created: fresh.length, skipped, errors };
  const created = await db.transaction(async (tx) => {
    let inserted = 0;
    for (let i = 0; i < fresh.length; i += INSERT_BATCH) {
      await yieldToEventLoop();
      const batch = fresh.slice(i, i + INSERT_BATCH);
      const column = (pick: (client: (typeof batch)[number]) => string | null) => sql.param(batch.map(pick));
      // A booking made meanwhile may have brought a phone: that client stays as it is.
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO clients (business_id, phone, first_name, notes)
            SELECT ${businessId}, phone, first_name, notes
            FROM unnest(${column((c) => c.phone)}::text[], ${column((c) => c.firstName)}::text[], ${column((c) => c.notes)}::text[])
              AS t(phone, first_name, notes)
            ON CONFLICT (business_id, phone) DO NOTHING RETURNING id`,
      );
      inserted += rows.length;
    }
    return inserted;
  });
  return { created, skipped: skipped + (fresh.length - created), errors };
}

/** The clients an uploaded file holds, read in a worker of its own, added to the business (none in a dry run). */
export async function importClientsFromFile(
  db: Db,
  businessId: number,
  bytes: Buffer,
  options: { dryRun: boolean; onUnreadable: (why: ParseFailure) => void },
): Promise<ImportResult> {
  const read = await parseUntrustedFile(bytes, options.onUnreadable);
  return importClients(db, businessId, read, options.dryRun);
}
