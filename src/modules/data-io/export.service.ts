/**
 * CONTRACT.md §14 exports: a business's clients, or its bookings of a date range, as a CSV or XLSX
 * file streamed a page at a time. The rows are counted first, so a file that would be too long is
 * refused before anything is sent.
 */
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { invalidInput } from '../../core/errors.js';
import { addDays, combine } from '../../core/wallclock.js';
import {
  bookingPage,
  clientPage,
  countBookingsIn,
  countClientsOf,
  EXPORT_PAGE,
  type BookingCursor,
  type ClientCursor,
} from './export.queries.js';
import { BOOKING_COLUMNS, bookingCells, CLIENT_COLUMNS, clientCells, type Cell, type ExportColumn } from './rows.js';
import { csvStream, xlsxStream, type ExportFormat } from './writers.js';

/** One file holds at most this many rows; a longer export is refused with a hint to narrow it. */
export const EXPORT_MAX_ROWS = 100_000;
/** A bookings export covers at most this many days. */
export const EXPORT_MAX_DAYS = 366;

/** A file to download: its name without the extension, its number of rows and its bytes as they are made. */
export interface ExportFile {
  format: ExportFormat;
  name: string;
  total: number;
  body: Readable;
}

const checkedTotal = (total: number, hint: string): number => {
  if (total > EXPORT_MAX_ROWS) throw invalidInput(`${total} rows are more than the ${EXPORT_MAX_ROWS} one file holds: ${hint}`);
  return total;
};

/** Pages read one after another, each after the last row of the one before, until a page comes back short. */
async function* pagesAfter<Row>(read: (after: Row | undefined) => Promise<Row[]>, cells: (row: Row) => Cell[]) {
  let after: Row | undefined;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows.map(cells);
    after = rows.at(-1);
    if (!after || rows.length < EXPORT_PAGE) return;
  }
}

function fileBody(format: ExportFormat, sheet: string, columns: ExportColumn[], pages: AsyncIterable<Cell[][]>): Readable {
  return format === 'csv' ? csvStream(columns, pages) : xlsxStream(sheet, columns, pages);
}

/** Every client of the business, sorted by name. */
export async function exportClients(ctx: Pick<AppContext, 'db' | 'time'>, businessId: number, format: ExportFormat): Promise<ExportFile> {
  const total = checkedTotal(await countClientsOf(ctx.db, businessId), 'ask support');
  const pages = pagesAfter((after: ClientCursor | undefined) => clientPage(ctx.db, businessId, after), clientCells);
  return { format, name: `clients-${ctx.time.today()}`, total, body: fileBody(format, 'Клиенты', CLIENT_COLUMNS, pages) };
}

/** The bookings starting from `from` to `to` (both days included), every status, earliest first. */
export async function exportBookings(db: Db, businessId: number, format: ExportFormat, from: string, to: string): Promise<ExportFile> {
  if (to < from) throw invalidInput('to is before from', 'to');
  if (addDays(from, EXPORT_MAX_DAYS) <= to) throw invalidInput(`The range is longer than ${EXPORT_MAX_DAYS} days`, 'to');
  const start = combine(from, '00:00');
  const end = combine(addDays(to, 1), '00:00');
  const total = checkedTotal(await countBookingsIn(db, businessId, start, end), 'narrow the dates');
  const pages = pagesAfter((after: BookingCursor | undefined) => bookingPage(db, businessId, start, end, after), bookingCells);
  return { format, name: `bookings-${from}_${to}`, total, body: fileBody(format, 'Записи', BOOKING_COLUMNS, pages) };
}
