/**
 * CONTRACT.md §11 third pass, bounded work per request: an uploaded client
 * list is refused before it expands past IMPORT_MAX_CELLS cells or
 * IMPORT_MAX_EXPANDED_BYTES of unpacked XML, and its reading gives the event
 * loop back between small chunks (GET /healthz keeps answering).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DomainError, invalidInput } from '../../core/errors.js';

/**
 * Cells of the grid a file spans: each row counts up to its last non-empty cell (what a spreadsheet
 * shows and a naive reader walks), an empty row counts one. 10 000 rows of the three columns read fit.
 */
export const IMPORT_MAX_CELLS = 50_000;
/** Bytes of XML an XLSX may unpack to, as its zip directory declares and as actually inflated. */
export const IMPORT_MAX_EXPANDED_BYTES = 50 * 1024 * 1024;
/** Text handed to a parser at once: small enough that one piece takes a few milliseconds. */
export const IMPORT_CHUNK_CHARS = 16 * 1024;

export const tooManyCells = (): DomainError =>
  invalidInput(`The file spans more than ${IMPORT_MAX_CELLS} cells: keep only the name, phone and notes columns, or split it`, 'file');

export const expandsTooFar = (): DomainError =>
  new DomainError('body_too_large', `The workbook unpacks to more than ${IMPORT_MAX_EXPANDED_BYTES / 1024 / 1024} MB`);

/** Elements open at once in an XML part: a sheet needs about six; millions were an attack on the parser's memory. */
export const IMPORT_MAX_XML_DEPTH = 64;

/** A file the parser cannot or must not finish: too deep, out of the worker's memory or time, or crashing it. */
export const unreadableFile = (): DomainError =>
  new DomainError(
    'unreadable_file',
    'The file could not be read (too large or too deeply nested to parse, or broken): save it again as XLSX or CSV',
  );

/** Counts the grid cells read so far and refuses the file the moment it passes the bound. */
export class CellBudget {
  private used = 0;

  /** Counted before the cells are held: a cell far to the right is refused, never allocated. */
  take(cells: number): void {
    this.used += cells;
    if (this.used > IMPORT_MAX_CELLS) throw tooManyCells();
  }
}

/** Lets timers and sockets run before the next piece of parsing. */
export const yieldToEventLoop = (): Promise<void> => nextTurn();
