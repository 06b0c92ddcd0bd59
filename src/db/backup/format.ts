/**
 * The backup file (CONTRACT.md §15): gzip of JSON lines, the same for PGlite and
 * PostgreSQL, so a backup of one restores into the other. The first line is the
 * header; then, for every table in an order that satisfies its foreign keys,
 * `["table", name]` and one line per row (the row as the database writes it with
 * row_to_json, so every type round-trips through the database itself); the last
 * line is `["end", {table: rows}]`, without which a file is incomplete.
 */
export const BACKUP_FORMAT = 'booking-kz-backup';

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: 1;
  /** The newest migration applied to the source (drizzle's folderMillis). */
  schema: number;
  engine: 'pglite' | 'postgres';
  created_at: string;
  /** DATA_DIR/jwt_secret when the service generated its JWT secret there. */
  jwt_secret?: string;
}

export type Marker = ['table', string] | ['end', Record<string, number>];

export class BackupError extends Error {}

/** zlib's words for a cut or corrupted file, said the operator's way. */
export function asBackupError(error: unknown): unknown {
  if (/incorrect header check/i.test(String(error)))
    return new BackupError('this file is not a booking-kz backup (made by npm run backup)');
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (code.startsWith('Z_') || /unexpected end of file/i.test(String(error))) {
    return new BackupError('the backup file is incomplete or damaged (it does not unpack): nothing was restored');
  }
  return error;
}

export function parseHeader(line: string | undefined): BackupHeader {
  let header: Partial<BackupHeader> = {};
  try {
    header = JSON.parse(line ?? '') as Partial<BackupHeader>;
  } catch {
    // reported below
  }
  if (header.format !== BACKUP_FORMAT || header.version !== 1 || typeof header.schema !== 'number') {
    throw new BackupError('this file is not a booking-kz backup (made by npm run backup)');
  }
  return header as BackupHeader;
}

/** Tables ordered so that every table comes after the tables it references (self-references aside). */
export function loadOrder(tables: string[], references: { from: string; to: string }[]): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (placed.has(table)) return;
    if (visiting.has(table)) throw new BackupError(`foreign keys form a cycle through ${table}`);
    visiting.add(table);
    for (const { from, to } of references) if (from === table && to !== table && tables.includes(to)) visit(to);
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return ordered;
}

interface Journal {
  entries: { when: number; tag: string }[];
}

/** The migrations journal cut at a schema level: what a restore applies before it loads the rows. */
export function journalUpTo<T extends Journal>(journal: T, level: number): T {
  return { ...journal, entries: journal.entries.filter((entry) => entry.when <= level) };
}

export const latestLevel = (journal: Journal): number => Math.max(0, ...journal.entries.map((entry) => entry.when));

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
