/**
 * The worker thread an XLSX export is written in (writers.ts xlsxStream starts it): exceljs compresses
 * as it commits a row, and one commit held the event loop for up to 160 ms (CONTRACT.md §11 fourth
 * pass: at most 100 ms). It takes the sheet's rows as messages and answers the file's bytes as they are made.
 */
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { loadExcel } from './excel.js';
import type { Cell, ExportColumn } from './rows.js';

export interface XlsxSheet {
  sheetName: string;
  columns: ExportColumn[];
}

/** To the worker: rows to add, then the end. */
export type XlsxInput = { rows: Cell[][] } | { end: true };
/** From the worker: the file's bytes, a piece at a time, then done. */
export type XlsxOutput = { chunk: Uint8Array } | { done: true };

const port = parentPort!;
const { sheetName, columns } = workerData as XlsxSheet;
const post = (output: XlsxOutput) => port.postMessage(output);

const out = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    post({ chunk: new Uint8Array(chunk) });
    callback();
  },
});

const workbook = new (await loadExcel()).stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
sheet.columns = columns.map((column) => ({ header: column.header, width: column.width }));
sheet.getRow(1).font = { bold: true };
sheet.getRow(1).commit();

port.on('message', (input: XlsxInput) => {
  if ('rows' in input) {
    for (const cells of input.rows) sheet.addRow(cells).commit();
    return;
  }
  sheet.commit();
  void workbook.commit().then(() => {
    post({ done: true });
    port.close();
  });
});
