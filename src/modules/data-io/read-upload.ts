/**
 * An uploaded client list read into clients (CONTRACT.md §14): its rows
 * (upload.ts), the header found, each row a client, a repeat or an error.
 * No database and no shared state: this runs inside the upload's own worker
 * (parse-worker.ts), and only its answer leaves.
 */
import { invalidInput } from '../../core/errors.js';
import { matchColumns, readClientRows, type ReadRows } from '../../core/client-import.js';
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
