/**
 * The two file formats of an export, both streamed: rows arrive a page at a
 * time and leave as they are written. CSV is UTF-8 with a BOM and `;`; XLSX
 * is written by exceljs's streaming writer (one sheet, bold header row).
 */
import { PassThrough, Readable } from 'node:stream';
import { CSV_BOM, csvLine } from '../../core/csv.js';
import { loadExcel } from './excel.js';
import type { Cell, ExportColumn } from './rows.js';

export type ExportFormat = 'csv' | 'xlsx';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function csvStream(columns: ExportColumn[], pages: AsyncIterable<Cell[][]>): Readable {
  return Readable.from(
    (async function* () {
      yield CSV_BOM + csvLine(columns.map((column) => column.header));
      for await (const rows of pages) yield rows.map(csvLine).join('');
    })(),
  );
}

export function xlsxStream(sheetName: string, columns: ExportColumn[], pages: AsyncIterable<Cell[][]>): Readable {
  const out = new PassThrough();
  void (async () => {
    const workbook = new (await loadExcel()).stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((column) => ({ header: column.header, width: column.width }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const rows of pages) for (const cells of rows) sheet.addRow(cells).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error('export failed')));
  return out;
}
