/** CONTRACT.md §14: clients and bookings out as CSV/XLSX, clients in from CSV/XLSX with a dry run. */
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { dbKind, registerBusiness, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { book, createMaster } from '../../helpers/catalog.js';

const t = useTestApp();

/** A business with a master, so public bookings have someone to go to. */
async function salon(): Promise<RegisteredBusiness> {
  const owner = await registerBusiness(t);
  await createMaster(t, owner, 'Айгуль');
  return owner;
}

function multipart(file: Buffer | string, filename = 'clients.csv', field = 'file') {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const payload = Buffer.concat([head, Buffer.isBuffer(file) ? file : Buffer.from(file), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(owner: RegisteredBusiness, file: Buffer | string, options: { dryRun?: boolean; filename?: string; field?: string } = {}) {
  return t.call({
    method: 'POST',
    url: `/api/v1/clients/import${options.dryRun ? '?dry_run=true' : ''}`,
    token: owner.token,
    ...multipart(file, options.filename, options.field),
  });
}

async function clientsOf(owner: RegisteredBusiness) {
  const response = await t.op('get', '/api/v1/clients', { token: owner.token });
  return response.data as { phone: string; first_name: string; notes: string | null }[];
}

async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Лист1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function readXlsx(body: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

describe('clients export', () => {
  it('CSV: UTF-8 BOM, `;`, Russian header row, formula cells behind a quote, as an attachment', async () => {
    const owner = await salon();
    await book(t, owner, { first_name: '=HYPERLINK("x")', phone: '+7 701 000 00 01', notes: 'Любит; кофе' });
    await book(t, owner, { first_name: 'Берик', phone: '+7 701 000 00 02', time: '12:00' });
    const response = await t.call({ method: 'GET', url: '/api/v1/clients/export?format=csv', token: owner.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="clients-2026-11-23\.csv"$/);
    expect(response.headers['x-total-count']).toBe('2');
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('Имя;Телефон;Заметки;Записей;Последняя запись');
    const rows = parse(text, { delimiter: ';' }) as string[][];
    expect(rows.slice(1)).toEqual([
      ['\'=HYPERLINK("x")', '77010000001', 'Любит; кофе', '1', '2026-11-24 10:00'],
      ['Берик', '77010000002', '', '1', '2026-11-24 12:00'],
    ]);
  });

  it('XLSX reads back with exceljs: header, rows, numbers as numbers', async () => {
    const owner = await salon();
    await book(t, owner, { first_name: 'Анна', phone: '+7 701 000 00 03', notes: 'VIP' });
    const response = await t.call({ method: 'GET', url: '/api/v1/clients/export?format=xlsx', token: owner.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('.xlsx"');
    const rows = await readXlsx(response.rawPayload);
    expect(rows).toEqual([
      ['Имя', 'Телефон', 'Заметки', 'Записей', 'Последняя запись'],
      ['Анна', '77010000003', 'VIP', '1', '2026-11-24 10:00'],
    ]);
  });

  it('only the caller’s clients; 400 for an unknown format; 401 without a token', async () => {
    const owner = await salon();
    const other = await salon();
    await book(t, other, { first_name: 'Чужой' });
    const mine = await t.call({ method: 'GET', url: '/api/v1/clients/export?format=csv', token: owner.token });
    expect(mine.rawPayload.toString('utf8')).not.toContain('Чужой');
    expect((await t.call({ method: 'GET', url: '/api/v1/clients/export?format=pdf', token: owner.token })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/v1/clients/export?format=csv' })).statusCode).toBe(401);
  });
});

describe('bookings export', () => {
  it('the range, both days included, every status, earliest first, wall-clock times unchanged', async () => {
    const owner = await salon();
    const master = await createMaster(t, owner, 'Айгуль');
    const early = await book(t, owner, { master_id: master.id, date: '2026-11-24', time: '09:00', notes: '+7 701 = formula?' });
    const late = await book(t, owner, { master_id: master.id, date: '2026-11-30', time: '23:30' });
    await book(t, owner, { master_id: master.id, date: '2026-12-01', time: '10:00' });
    await t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id: early.id }, body: { status: 'cancelled' } });
    const csv = await t.call({
      method: 'GET',
      url: '/api/v1/bookings/export?format=csv&from=2026-11-24&to=2026-11-30',
      token: owner.token,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="bookings-2026-11-24_2026-11-30.csv"');
    const rows = parse(csv.rawPayload.subarray(3).toString('utf8'), { delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual([
      'Дата',
      'Начало',
      'Конец',
      'Статус',
      'Услуга',
      'Мастер',
      'Клиент',
      'Телефон',
      'Цена',
      'Комментарий',
      'ID записи',
      'ID визита',
    ]);
    expect(rows.slice(1).map((row) => row[11])).toEqual(['', '']);
    expect(rows.slice(1).map((row) => row[10])).toEqual([early.id, late.id]);
    expect(rows[1]!.slice(0, 9)).toEqual([
      '2026-11-24',
      '09:00',
      '10:00',
      'Отменена',
      'Стрижка',
      'Айгуль',
      'Алия',
      expect.stringMatching(/^7\d{10}$/),
      '5000',
    ]);
    expect(rows[1]![9]).toBe("'+7 701 = formula?");
    expect(rows[2]!.slice(0, 4)).toEqual(['2026-11-30', '23:30', '2026-12-01 00:30', 'Ожидает']);
    const xlsx = await t.call({
      method: 'GET',
      url: '/api/v1/bookings/export?format=xlsx&from=2026-11-24&to=2026-11-30',
      token: owner.token,
    });
    const sheet = await readXlsx(xlsx.rawPayload);
    expect(sheet.map((row) => row[10])).toEqual(['ID записи', early.id, late.id]);
  });

  it('refuses a missing or reversed range and one longer than 366 days', async () => {
    const owner = await salon();
    for (const query of [
      'format=csv',
      'format=csv&from=2026-11-30&to=2026-11-01',
      'format=csv&from=2026-01-01&to=2027-01-02',
      'format=csv&from=2026-02-30&to=2026-03-01',
    ]) {
      const response = await t.call({ method: 'GET', url: `/api/v1/bookings/export?${query}`, token: owner.token });
      expect(response.statusCode, query).toBe(400);
      expect(response.data.code).toBe('invalid_input');
    }
    const year = await t.call({
      method: 'GET',
      url: '/api/v1/bookings/export?format=csv&from=2026-01-01&to=2027-01-01',
      token: owner.token,
    });
    expect(year.statusCode).toBe(200);
  });
});

describe('clients import', () => {
  it('CSV with `;`, Russian headers in another order: creates, skips known phones unchanged, reports bad rows by number', async () => {
    const owner = await salon();
    await book(t, owner, { first_name: 'Старая', phone: '+7 701 111 11 11' });
    const file = [
      'Телефон;Комментарий;Имя',
      '8 (701) 111-11-11;новое;Переименованная',
      '+7 701 222 22 22;"любит; кофе";Дана',
      '7012222222;;Дана ещё раз',
      '12345;;Ошибка',
      ';;',
      '7013333333;;',
    ].join('\r\n');
    const response = await upload(owner, `\uFEFF${file}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data).toEqual({
      created: 1,
      skipped: 2,
      errors: [
        { row: 5, code: 'phone_invalid', detail: 'Phone is not a valid number' },
        { row: 7, code: 'name_empty', detail: 'Name is empty' },
      ],
    });
    const list = await clientsOf(owner);
    expect(list.map((c) => [c.first_name, c.phone, c.notes]).sort()).toEqual([
      ['Дана', '77012222222', 'любит; кофе'],
      ['Старая', '77011111111', null],
    ]);
  });

  it('CSV with `,` and English headers; Windows-1251 bytes read too', async () => {
    const owner = await salon();
    const english = await upload(owner, 'first_name,PHONE,Notes\nAlice,+7 701 444 44 41,"a, b"\n');
    expect(english.data).toEqual({ created: 1, skipped: 0, errors: [] });
    const bytes = Buffer.from([...'Имя;Телефон\r\nЖанна;7014444442\r\n'].map((char) => win1251(char)));
    const russian = await upload(owner, bytes);
    expect(russian.data).toEqual({ created: 1, skipped: 0, errors: [] });
    expect((await clientsOf(owner)).map((c) => [c.first_name, c.notes])).toEqual([
      ['Alice', 'a, b'],
      ['Жанна', null],
    ]);
  });

  it('XLSX with numbers for phones and headers Name / Phone / Заметки', async () => {
    const owner = await salon();
    const file = await xlsxOf([
      ['Заметки', 'Name', 'Phone'],
      ['из YCLIENTS', 'Гульнар', 77015555551],
      ['', 'Сауле', '8 701 555 55 52'],
      ['', '', 'abc'],
    ]);
    const response = await upload(owner, file, { filename: 'clients.xlsx' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data).toEqual({
      created: 2,
      skipped: 0,
      errors: [{ row: 4, code: 'phone_invalid', detail: 'Phone is not a valid number' }],
    });
    expect((await clientsOf(owner)).map((c) => [c.first_name, c.phone, c.notes])).toEqual([
      ['Гульнар', '77015555551', 'из YCLIENTS'],
      ['Сауле', '77015555552', null],
    ]);
  });

  it('a dry run answers the same counts and saves nothing', async () => {
    const owner = await salon();
    const file = 'Имя;Телефон\nА;7016666661\nБ;7016666662\nБ;7016666662\n';
    const dry = await upload(owner, file, { dryRun: true });
    expect(dry.data).toEqual({ created: 2, skipped: 1, errors: [] });
    expect(await clientsOf(owner)).toEqual([]);
    const real = await upload(owner, file);
    expect(real.data).toEqual(dry.data);
    expect(await clientsOf(owner)).toHaveLength(2);
    expect((await upload(owner, file)).data).toEqual({ created: 0, skipped: 3, errors: [] });
  });

  it('refusals: over 5 MB 413, not multipart 415, no file field or no phone column 400, no token 401 — all {detail, code}', async () => {
    const owner = await salon();
    const big = `Имя;Телефон\n${'Имя;7010000000\n'.repeat(Math.ceil((5 * 1024 * 1024) / 15) + 10)}`;
    const tooBig = await upload(owner, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.data).toMatchObject({ code: 'body_too_large' });
    const json = await t.call({ method: 'POST', url: '/api/v1/clients/import', token: owner.token, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.data.code).toBe('unsupported_media_type');
    const wrongField = await upload(owner, 'Имя;Телефон\n', { field: 'other' });
    expect(wrongField.statusCode).toBe(400);
    const noPhone = await upload(owner, 'Имя;Email\nА;a@b.kz\n');
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.data).toMatchObject({ code: 'invalid_input', errors: [{ field: 'file' }] });
    const brokenXlsx = await upload(owner, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]));
    expect(brokenXlsx.statusCode).toBe(400);
    const anonymous = await t.call({ method: 'POST', url: '/api/v1/clients/import', ...multipart('Имя;Телефон\n') });
    expect(anonymous.statusCode).toBe(401);
  });

  it('10 000 rows import in under 10 s (timing printed)', async () => {
    const owner = await salon();
    const lines = ['Имя;Телефон;Заметки'];
    for (let i = 0; i < 10_000; i += 1) lines.push(`Клиент ${i};+7 702 ${String(i).padStart(7, '0')};импорт`);
    const file = lines.join('\n');
    const started = performance.now();
    const response = await upload(owner, file);
    const ms = performance.now() - started;
    console.log(`[import-export] 10 000-row CSV import on ${dbKind()}: ${Math.round(ms)} ms (${(file.length / 1024).toFixed(0)} KiB)`);
    expect(response.data).toEqual({ created: 10_000, skipped: 0, errors: [] });
    expect(ms).toBeLessThan(10_000);
    const started2 = performance.now();
    const exported = await t.call({ method: 'GET', url: '/api/v1/clients/export?format=xlsx', token: owner.token });
    console.log(`[import-export] 10 000-client XLSX export on ${dbKind()}: ${Math.round(performance.now() - started2)} ms`);
    expect((await readXlsx(exported.rawPayload)).length).toBe(10_001);
  });
});

/** The Windows-1251 byte of a character (Cyrillic letters, ASCII). */
function win1251(char: string): number {
  const code = char.codePointAt(0)!;
  if (code < 0x80) return code;
  if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
  throw new Error(`no 1251 byte for ${char}`);
}
