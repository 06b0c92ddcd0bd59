/**
 * Rows of an uploaded client list (CONTRACT.md §14) read into clients: the
 * columns are found by their header in any order and case, phones are
 * normalized as bookings do, and each row is either a client, a skip (its
 * phone came earlier in the file) or an error with the row's number as a
 * spreadsheet shows it (the header is row 1). Pure: no I/O.
 */
import { normalizePhone } from './phone.js';

export type ImportColumn = 'name' | 'phone' | 'notes';

/** Header texts per column, compared lower-case with spaces, dashes and underscores dropped. */
const HEADERS: Record<ImportColumn, string[]> = {
  name: ['имя', 'name', 'firstname', 'имяклиента', 'клиент', 'фио'],
  phone: ['телефон', 'phone', 'номертелефона', 'мобильныйтелефон', 'phonenumber', 'тел'],
  notes: ['заметки', 'комментарий', 'notes', 'note', 'comment', 'примечание'],
};

const headerKey = (text: string): string =>
  text
    .trim()
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\s_\-.:]/g, '');

export type ColumnMap = Partial<Record<ImportColumn, number>>;

/** Which cell of a row holds each column; the first matching header wins. */
export function matchColumns(header: string[]): ColumnMap {
  const map: ColumnMap = {};
  header.forEach((text, index) => {
    const key = headerKey(text);
    for (const column of Object.keys(HEADERS) as ImportColumn[]) {
      if (map[column] === undefined && HEADERS[column].includes(key)) map[column] = index;
    }
  });
  return map;
}

export const NAME_MAX = 200;
export const NOTES_MAX = 2000;

export interface ImportedClient {
  row: number;
  phone: string;
  firstName: string;
  notes: string | null;
}

export interface RowError {
  row: number;
  detail: string;
}

export interface ReadRows {
  clients: ImportedClient[];
  /** Rows whose phone an earlier row of the file already had. */
  duplicates: number;
  errors: RowError[];
}

// PostgreSQL cannot store NUL; other control characters but tab and line breaks are noise from old exports.
// eslint-disable-next-line no-control-regex
const clean = (text: string | undefined): string => (text ?? '').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();

/**
 * The data rows (after the header) as clients. `firstRow` is the spreadsheet number of rows[0].
 * Rows with every cell empty are left out without a word.
 */
export function readClientRows(rows: string[][], columns: ColumnMap, firstRow = 2): ReadRows {
  const seen = new Set<string>();
  const result: ReadRows = { clients: [], duplicates: 0, errors: [] };
  rows.forEach((cells, index) => {
    const row = firstRow + index;
    if (cells.every((cell) => clean(cell) === '')) return;
    const name = clean(cells[columns.name ?? -1]);
    const rawPhone = clean(cells[columns.phone ?? -1]);
    const notes = clean(cells[columns.notes ?? -1]);
    const phone = normalizePhone(rawPhone);
    let problem: string | undefined;
    if (!rawPhone) problem = 'Phone is empty';
    else if (!phone) problem = 'Phone is not a valid number';
    else if (!name) problem = 'Name is empty';
    else if (name.length > NAME_MAX) problem = `Name is longer than ${NAME_MAX} characters`;
    else if (notes.length > NOTES_MAX) problem = `Notes are longer than ${NOTES_MAX} characters`;
    if (problem) {
      result.errors.push({ row, detail: problem });
      return;
    }
    if (seen.has(phone!)) {
      result.duplicates += 1;
      return;
    }
    seen.add(phone!);
    result.clients.push({ row, phone: phone!, firstName: name, notes: notes || null });
  });
  return result;
}
