/**
 * An uploaded client list as rows of text: XLSX (its first sheet) or CSV
 * with `,`, `;` or tab, UTF-8 (with or without a BOM) or, when the bytes are
 * not UTF-8, Windows-1251 (what Excel in a Russian locale saves as "CSV").
 * CSV is read by csv-parse's streaming parser.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { DomainError, invalidInput } from '../../core/errors.js';
import { detectDelimiter } from '../../core/csv.js';
import { loadExcel } from './excel.js';

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

async function csvRows(bytes: Buffer): Promise<string[][]> {
  const text = decode(bytes).replace(/^\uFEFF/, '');
  const parser = Readable.from([text]).pipe(
    parse({ delimiter: detectDelimiter(text), relax_column_count: true, relax_quotes: true, skip_empty_lines: true }),
  );
  const rows: string[][] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (rows.length > IMPORT_MAX_ROWS) throw tooMany();
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

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  return '';
}

async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new (await loadExcel()).Workbook();
  try {
    // exceljs's own Buffer type predates Node 20's generic one.
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw invalidInput('The file is not a readable XLSX workbook', 'file');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.rowCount > IMPORT_MAX_ROWS + 1) throw tooMany();
  const rows: string[][] = [];
  for (let number = 1; number <= sheet.rowCount; number += 1) {
    const row = sheet.getRow(number);
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) cells.push(cellText(row.getCell(column).value));
    rows.push(cells);
  }
  return rows;
}

/** Rows of text as a spreadsheet numbers them (rows[0] is row 1). */
export const uploadedRows = (bytes: Buffer): Promise<string[][]> => (isZip(bytes) ? xlsxRows(bytes) : csvRows(bytes));
