/**
 * The backup file (CONTRACT.md §15, decision 0086): gzip of lines, read the same on PGlite and
 * PostgreSQL, so a backup of one restores into the other. The first line is the header; then, for
 * every table in an order that satisfies its foreign keys, a section: `["table", name]` and one JSON
 * line per row (the row as the database writes it with row_to_json: PGlite's, version 1), or
 * `["copy", name, columns]` and the rows in PostgreSQL's COPY text format up to a line `\.`
 * (PostgreSQL's, version 2: no JSON made or parsed per row). The last line is `["end", {table: rows}]`,
 * without which a file is incomplete.
 */
export const BACKUP_FORMAT = 'booking-kz-backup';

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  /** 1: JSON sections only (PGlite, and releases before decision 0086); 2: COPY sections as well. */
  version: BackupVersion;
  /** The newest migration applied to the source (drizzle's folderMillis). */
  schema: number;
  engine: 'pglite' | 'postgres';
  created_at: string;
  /** DATA_DIR/jwt_secret when the service generated its JWT secret there. */
  jwt_secret?: string;
}

export type BackupVersion = 1 | 2;
const VERSIONS: readonly number[] = [1, 2];

export type Marker = ['table', string] | ['copy', string, string[]] | ['end', Record<string, number>];

/** The line that ends a COPY section, as it ends COPY's own data: a row never reads so (a lone backslash is escaped). */
export const COPY_END = '\\.';

export class BackupError extends Error {}

/** zlib's words for a cut or corrupted file, and the database's for rows it refuses, said the operator's way. */
export function asBackupError(error: unknown): unknown {
  // Drizzle's "Failed query: <statement>" hides why; the database's own words say which row or key.
  if (error instanceof Error && error.message.startsWith('Failed query') && error.cause instanceof Error) {
    return new BackupError(`the database refused the backup's rows: ${error.cause.message}`);
  }
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
  if (header.format !== BACKUP_FORMAT || !VERSIONS.includes(header.version as number) || typeof header.schema !== 'number') {
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
