/**
 * An uploaded client list as rows of text: XLSX (its first sheet) or CSV
 * with `,`, `;` or tab, UTF-8 (with or without a BOM) or, when the bytes are
 * not UTF-8, Windows-1251 (what Excel in a Russian locale saves as "CSV").
 * CSV is read by csv-parse's streaming parser, a piece at a time, and both
 * are counted against the cell bound of import-limits.ts.
 */
import { pipeline, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { DomainError, invalidInput } from '../../core/errors.js';
import { detectDelimiter } from '../../core/csv.js';
import { CellBudget, IMPORT_CHUNK_CHARS, IMPORT_MAX_CELLS, tooManyCells, yieldToEventLoop } from './import-limits.js';
import { xlsxRows } from './xlsx-reader.js';

/** An import holds at most this many rows (10 000 import in well under 10 s; a 5 MB file rarely holds more). */
export const IMPORT_MAX_ROWS = 50_000;

const tooMany = () => invalidInput(`The file has more than ${IMPORT_MAX_ROWS} rows: split it`, 'file');

const isZip = (bytes: Buffer): boolean => bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

/**
 * Refuses a line of more than IMPORT_MAX_CELLS cells before csv-parse builds it (a 4 MB line of
 * separators took it seconds); quotes are followed, so a separator inside a quoted cell is text.
 */
class LineWidthGuard {
  private quoted = false;
  private cells = 1;

  constructor(private readonly delimiter: string) {}

  scan(piece: string): void {
    for (let i = 0; i < piece.length; i += 1) {
      const char = piece[i];
      if (char === '"') this.quoted = !this.quoted;
      else if (this.quoted) continue;
      else if (char === '\n') this.cells = 1;
      else if (char === this.delimiter && ++this.cells > IMPORT_MAX_CELLS) throw tooManyCells();
    }
  }
}

/** The text in pieces, each scanned, and handed on after the event loop had a turn (one 5 MB piece held it for seconds). */
async function* pieces(text: string, guard: LineWidthGuard): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += IMPORT_CHUNK_CHARS) {
    await yieldToEventLoop();
    const piece = text.slice(at, at + IMPORT_CHUNK_CHARS);
    guard.scan(piece);
    yield piece;
  }
}

/** Cells up to the last non-empty one: trailing separators do not count. */
function widthOf(record: string[]): number {
  let width = record.length;
  while (width > 0 && record[width - 1] === '') width -= 1;
  return width;
}

async function csvRows(bytes: Buffer): Promise<string[][]> {
  const text = decode(bytes).replace(/^\uFEFF/, '');
  const budget = new CellBudget();
  const delimiter = detectDelimiter(text.slice(0, IMPORT_CHUNK_CHARS));
  const parser = parse({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
  // pipeline, not pipe: the guard's refusal reaches the parser (and so the loop below).
  pipeline(Readable.from(pieces(text, new LineWidthGuard(delimiter))), parser, () => {});
  const rows: string[][] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (rows.length > IMPORT_MAX_ROWS) throw tooMany();
      const width = widthOf(record);
      budget.take(Math.max(1, width));
      // Trailing empty cells are dropped: what is held is what was counted.
      record.length = width;
      rows.push(record);
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof DomainError) throw error;
    // csv-parse's message quotes the file's text (names, phones): only the line number goes out.
    const line = (error as { lines?: number }).lines;
    throw invalidInput(`The file is not a readable CSV${line ? ` (line ${line})` : ''}`, 'file');
  }
  return rows;
}

/** Rows of text as a spreadsheet numbers them (rows[0] is row 1). */
export const uploadedRows = (bytes: Buffer): Promise<string[][]> => (isZip(bytes) ? xlsxRows(bytes) : csvRows(bytes));
