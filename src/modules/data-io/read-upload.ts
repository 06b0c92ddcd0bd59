/**
 * An uploaded client list read into clients (CONTRACT.md §14): its rows
 * (upload.ts), the header found, each row a client, a repeat or an error.
 * No database and no shared state: this runs inside the upload's own worker
 * (parse-worker.ts), and only its answer leaves.
 */
import { invalidInput } from '../../core/errors.js';
import { matchColumns, readClientRows, type ImportedClient, type ReadRows } from '../../core/client-import.js';
import { uploadedRows } from './upload.js';

/** The answer lists the first this many row errors. */
export const IMPORT_MAX_ERRORS = 1000;

export async function readUpload(bytes: Buffer): Promise<ReadRows> {
  const table = await uploadedRows(bytes);
  const headerIndex = table.findIndex((cells) => cells.some((cell) => cell.trim() !== ''));
  if (headerIndex < 0) throw invalidInput('The file is empty', 'file');
  const columns = matchColumns(table[headerIndex]!);
  if (columns.phone === undefined) throw invalidInput('No phone column: name one Телефон or Phone in the first row', 'file');
  if (columns.name === undefined) throw invalidInput('No name column: name one Имя or Name in the first row', 'file');
  const read = readClientRows(table.slice(headerIndex + 1), columns, headerIndex + 2);
  return { ...read, errors: read.errors.slice(0, IMPORT_MAX_ERRORS) };
}

/**
 * The clients of a read file as the worker hands them over: each column one string, cells apart by NUL
 * (which no cleaned cell holds). 16 000 clients as objects took the service's thread 30-90 ms to
 * receive; three strings take under a millisecond.
 */
export interface PackedRows {
  rows: Int32Array;
  phones: string;
  names: string;
  notes: string;
  duplicates: number;
  errors: ReadRows['errors'];
}

const SEPARATOR = '\u0000';

export function packRows(read: ReadRows): PackedRows {
  const column = (pick: (client: ImportedClient) => string) => read.clients.map(pick).join(SEPARATOR);
  return {
    rows: Int32Array.from(read.clients, (client) => client.row),
    phones: column((client) => client.phone),
    names: column((client) => client.firstName),
    notes: column((client) => client.notes ?? ''),
    duplicates: read.duplicates,
    errors: read.errors,
  };
}

export function unpackRows(packed: PackedRows): ReadRows {
  const phones = packed.rows.length > 0 ? packed.phones.split(SEPARATOR) : [];
  const names = packed.names.split(SEPARATOR);
  const notes = packed.notes.split(SEPARATOR);
  const clients = Array.from(packed.rows, (row, i): ImportedClient => ({
    row,
    phone: phones[i]!,
    firstName: names[i]!,
    notes: notes[i] || null,
  }));
  return { clients, duplicates: packed.duplicates, errors: packed.errors };
}
