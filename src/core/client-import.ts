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

/** Why a row was not imported: the pages translate the code, `detail` is for people reading the API. */
export type RowProblemCode = 'phone_empty' | 'phone_invalid' | 'name_empty' | 'name_too_long' | 'notes_too_long';

export const ROW_PROBLEM_CODES: readonly RowProblemCode[] = [
  'phone_empty',
  'phone_invalid',
  'name_empty',
  'name_too_long',
  'notes_too_long',
];

const ROW_PROBLEM_DETAILS: Record<RowProblemCode, string> = {
  phone_empty: 'Phone is empty',
  phone_invalid: 'Phone is not a valid number',
  name_empty: 'Name is empty',
  name_too_long: `Name is longer than ${NAME_MAX} characters`,
  notes_too_long: `Notes are longer than ${NOTES_MAX} characters`,
};

export interface RowError {
  row: number;
  code: RowProblemCode;
  detail: string;
}

interface RowCells {
  name: string;
  rawPhone: string;
  phone: string | null;
  notes: string;
}

/** The first thing wrong with a row, or undefined when it can be imported. */
export function rowProblem({ name, rawPhone, phone, notes }: RowCells): RowProblemCode | undefined {
  if (!rawPhone) return 'phone_empty';
  if (!phone) return 'phone_invalid';
  if (!name) return 'name_empty';
  if (name.length > NAME_MAX) return 'name_too_long';
  if (notes.length > NOTES_MAX) return 'notes_too_long';
  return undefined;
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
    const problem = rowProblem({ name, rawPhone, phone, notes });
    if (problem) {
      result.errors.push({ row, code: problem, detail: ROW_PROBLEM_DETAILS[problem] });
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
