/**
 * The two file formats of an export, both streamed: rows arrive a page at a
 * time and leave as they are written. CSV is written by csv-stringify, XLSX by
 * exceljs's streaming writer in a worker thread (one sheet, bold header row).
 */
import { PassThrough, pipeline, Readable } from 'node:stream';
import { stringify, type Options as CsvOptions } from 'csv-stringify';
import { startWorker } from './start-worker.js';
import type { XlsxInput, XlsxOutput, XlsxSheet } from './xlsx-worker.js';
import type { Cell, ExportColumn } from './rows.js';
import { yieldToEventLoop } from './import-limits.js';

export type ExportFormat = 'csv' | 'xlsx';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * CSV as a spreadsheet opens it: UTF-8 with a BOM, `;` between cells (what Excel expects in a
 * Russian locale), CRLF line ends. A text cell a spreadsheet would run as a formula (=, +, -, @,
 * tab, CR, and their full-width forms) gets a leading quote (OWASP "CSV injection"); a negative
 * number stays a number.
 */
export const CSV_OPTIONS: CsvOptions = {
  bom: true,
  delimiter: ';',
  record_delimiter: 'windows',
  // Quote a cell holding a lone \n or \r as well (with record_delimiter set, the library only looks for
  // \r\n by default): a spreadsheet starts a new row at either.
  quote_record_delimiter: true,
  escape_formulas: true,
  // A comma is quoted too, so a spreadsheet that guesses `,` as the separator keeps the cell whole.
  quoted_match: ',',
};

/** Rows written between two turns of the event loop: 16 000 clients in one go held it about a second (CONTRACT.md §11 fourth pass). */
const ROWS_PER_TURN = 250;

async function* paced(pages: AsyncIterable<Cell[][]>): AsyncGenerator<Cell[][]> {
  for await (const rows of pages) {
    for (let at = 0; at < rows.length; at += ROWS_PER_TURN) {
      await yieldToEventLoop();
      yield rows.slice(at, at + ROWS_PER_TURN);
    }
  }
}

export function csvStream(columns: ExportColumn[], pages: AsyncIterable<Cell[][]>): Readable {
  const records = Readable.from(
    (async function* () {
      yield columns.map((column) => column.header);
      for await (const rows of paced(pages)) yield* rows;
    })(),
  );
  // pipeline destroys the CSV stream when reading a page fails, so the answer is cut, not left hanging.
  return pipeline(records, stringify(CSV_OPTIONS), () => {});
}

/**
 * The XLSX file, written in a worker thread of its own (xlsx-worker.ts): rows go to it a page at a
 * time, the file's bytes come back as they are made, so compressing never holds this thread.
 */
export function xlsxStream(sheetName: string, columns: ExportColumn[], pages: AsyncIterable<Cell[][]>): Readable {
  const out = new PassThrough();
  const worker = startWorker('xlsx-worker', { workerData: { sheetName, columns } satisfies XlsxSheet, env: {} });
  const fail = (error: unknown) => {
    void worker.terminate();
    out.destroy(error instanceof Error ? error : new Error('export failed'));
  };
  worker.on('message', (output: XlsxOutput) => {
    if ('chunk' in output) out.write(Buffer.from(output.chunk));
    else out.end();
  });
  worker.once('error', fail);
  worker.once('exit', (code) => {
    if (!out.writableEnded) fail(new Error(`the XLSX writer stopped (${code})`));
  });
  void (async () => {
    for await (const rows of paced(pages)) worker.postMessage({ rows } satisfies XlsxInput);
    worker.postMessage({ end: true } satisfies XlsxInput);
  })().catch(fail);
  return out;
}
