import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, detectDelimiter } from '../../src/core/csv.js';
import { matchColumns, readClientRows } from '../../src/core/client-import.js';
import { BOOKING_COLUMNS, bookingCells, CLIENT_COLUMNS, clientCells } from '../../src/modules/data-io/rows.js';

describe('CSV cells', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+7 701', "'+7 701"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['a;b', '"a;b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['Анна', 'Анна'],
  ])('%j → %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('numbers and empty values stay as they are', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, null])).toBe('a;1;\r\n');
  });

  it('property: a line reads back as its cells (formula starts behind a quote)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 20 }), { minLength: 1, maxLength: 6 }), (cells) => {
        const [row] = parse(csvLine(cells), { delimiter: ';', relax_quotes: true }) as string[][];
        expect(row).toEqual(cells.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)));
      }),
    );
  });

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
      { row: 4, detail: 'Phone is not a valid number' },
      { row: 6, detail: 'Name is empty' },
      { row: 7, detail: 'Phone is empty' },
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
    expect(read.errors.map((e) => e.row)).toEqual([2, 3]);
    expect(read.clients[0]?.firstName).toBe('Ab');
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
