/**
 * CONTRACT.md §11 fourth pass, untrusted files are parsed apart from the service: crafted uploads
 * (depth, width, shared strings, zip ratio, a cut zip, a 5 MB CSV line, binary garbage) each answer
 * 4xx within 10 s while GET /healthz, asked every 20 ms, answers within 100 ms, and the process lives.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dbKind, registerBusiness, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { migratedDataDir, seedBusiness, startServer } from '../../helpers/spawned-server.js';
import { parseUntrustedFile, type ParseFailure } from '../../../src/modules/data-io/untrusted-file.js';
import { HEADER_ROW, inline, multipart, repeated, workbookWith, zipOf } from '../../helpers/crafted-files.js';

const t = useTestApp();

const ANSWER_MS = 10_000;
const HEALTHZ_MS = 100;

/** Runs an upload while /healthz is asked every 20 ms; the worst probe is timed from when it was due to its answer. */
async function uploadWhileProbing(owner: RegisteredBusiness, file: Buffer | string, filename: string) {
  let stop = false;
  let worst = 0;
  const probing = (async () => {
    while (!stop) {
      const due = performance.now() + 20;
      await sleep(20);
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      worst = Math.max(worst, performance.now() - due);
    }
  })();
  await sleep(60);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  const response = await t.call({
    method: 'POST',
    url: '/api/v1/clients/import?dry_run=true',
    token: owner.token,
    ...multipart(file, filename),
  });
  const ms = performance.now() - started;
  loop.disable();
  stop = true;
  await probing;
  console.log(
    `[untrusted-files] ${filename} on ${dbKind()}: ${response.statusCode} ${response.data?.code} in ${Math.round(ms)} ms, worst /healthz ${Math.round(worst)} ms, longest loop hold ${Math.round(loop.max / 1e6)} ms`,
  );
  return { response, ms, worst, hold: loop.max / 1e6 };
}

const MB = 1024 * 1024;
const deep = (bytes: number) => repeated('<a>', bytes);

/** A real workbook of a few rows, for the cut zip. */
async function smallWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Лист1');
  sheet.addRow(['Имя', 'Телефон']);
  for (let i = 0; i < 200; i += 1) sheet.addRow([`Клиент ${i}`, `+7701${String(i).padStart(7, '0')}`]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const sheetOpen = Buffer.from(
  `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`,
);

/** The crafted files: name → bytes. Built once (the deepest in ~0.3 s). */
async function craftedFiles(): Promise<[string, Buffer | string][]> {
  const small = await smallWorkbook();
  const sharedStringsWith = (body: Buffer | string) => ({
    'xl/sharedStrings.xml': Buffer.concat([
      Buffer.from(`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`),
      Buffer.from(body),
    ]),
  });
  const sharedCells = Array.from(
    { length: 2000 },
    (_, i) => `<row r="${i + 2}"><c r="A${i + 2}" t="s"><v>0</v></c><c r="B${i + 2}" t="s"><v>0</v></c></row>`,
  ).join('');
  return [
    // Depth: 16 million open tags (48 MB unpacked, 46 KB packed), in each part the reader parses.
    ['depth-sheet.xlsx', workbookWith('', { parts: { 'xl/worksheets/sheet1.xml': Buffer.concat([sheetOpen, deep(48 * MB)]) } })],
    [
      'depth-cell.xlsx',
      workbookWith('', {
        parts: { 'xl/worksheets/sheet1.xml': Buffer.concat([sheetOpen, Buffer.from('<row r="1"><c r="A1"><v>'), deep(40 * MB)]) },
      }),
    ],
    ['depth-workbook.xlsx', workbookWith(HEADER_ROW, { parts: { 'xl/workbook.xml': deep(48 * MB) } })],
    ['depth-rels.xlsx', workbookWith(HEADER_ROW, { parts: { 'xl/_rels/workbook.xml.rels': deep(48 * MB) } })],
    [
      'depth-shared-strings.xlsx',
      workbookWith(`${HEADER_ROW}<row r="2"><c r="A2" t="s"><v>0</v></c></row>`, { parts: sharedStringsWith(deep(45 * MB)) }),
    ],
    // Width.
    [
      'wide-row.xlsx',
      workbookWith(`<row r="1">${Array.from({ length: 16_384 }, (_, i) => `<c r="${column(i + 1)}1"><v>1</v></c>`).join('')}</row>`),
    ],
    [
      'far-column.xlsx',
      workbookWith(
        `${HEADER_ROW}${Array.from({ length: 2000 }, (_, i) => `<row r="${i + 2}">${inline(`XFD${i + 2}`, 'x')}</row>`).join('')}`,
      ),
    ],
    ['far-row.xlsx', workbookWith(`${HEADER_ROW}<row r="1048576">${inline('A1048576', 'Анна')}</row>`)],
    ['empty-rows.xlsx', workbookWith(`${HEADER_ROW}${'<row/>'.repeat(200_000)}`)],
    // Shared strings: one 45 MB string every cell refers to; 2 million strings.
    [
      'shared-huge-string.xlsx',
      workbookWith(`${HEADER_ROW}${sharedCells}`, {
        parts: sharedStringsWith(Buffer.concat([Buffer.from('<si><t>'), repeated('Ж', 45 * MB), Buffer.from('</t></si></sst>')])),
      }),
    ],
    // (its header row is shared strings too: 'x', so no phone column, after 3 million strings are read)
    [
      'shared-many.xlsx',
      workbookWith(sharedCells.replace('r="2"', 'r="1"'), {
        parts: sharedStringsWith(Buffer.concat([repeated('<si><t>x</t></si>', 45 * MB), Buffer.from('</sst>')])),
      }),
    ],
    [
      'huge-attribute.xlsx',
      workbookWith('', {
        parts: {
          'xl/worksheets/sheet1.xml': Buffer.concat([
            sheetOpen,
            Buffer.from('<row r="'),
            repeated('1', 45 * MB),
            Buffer.from('"/></sheetData></worksheet>'),
          ]),
        },
      }),
    ],
    // Zip ratio: honest and lying directories; thousands of entries.
    ['zip-ratio.xlsx', workbookWith(`${HEADER_ROW}${' '.repeat(60 * MB)}`)],
    ['zip-ratio-lying.xlsx', workbookWith(`${HEADER_ROW}${' '.repeat(60 * MB)}`, { declare: 4096 })],
    ['zip-entries.xlsx', zipOf(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`x/${i}.xml`, '<a/>'])))],
    // A cut zip and a zip with no sheet.
    ['truncated.xlsx', small.subarray(0, Math.floor(small.length / 2))],
    ['no-sheet.xlsx', zipOf({ 'xl/workbook.xml': '<workbook/>' })],
    // CSV: one 5 MB line with no separator; one of separators; an unclosed quote.
    ['one-line.csv', 'x'.repeat(5 * MB - 100)],
    ['separators.csv', `Имя;Телефон\nА;7010000000${';'.repeat(5 * MB - 100)}`],
    ['open-quote.csv', `Имя;Телефон\n"${'x'.repeat(5 * MB - 100)}`],
    // Binary garbage, plain and behind a zip's magic number.
    ['garbage.bin', randomBytes(4 * MB)],
    ['garbage.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(4 * MB)])],
  ];
}

function column(n: number): string {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

beforeAll(async () => {
  const owner = await registerBusiness(t);
  await t.call({
    method: 'POST',
    url: '/api/v1/clients/import?dry_run=true',
    token: owner.token,
    ...multipart('Имя;Телефон\nА;7010000000\n', 'warm-up.csv'),
  });
});

describe('crafted uploads are parsed apart from the service', () => {
  it(
    'each answers 4xx within 10 s, /healthz answers within 100 ms throughout, and the service lives on',
    { timeout: 300_000 },
    async () => {
      const owner = await registerBusiness(t);
      const files = await craftedFiles();
      expect(files.length).toBeGreaterThanOrEqual(20);
      const outcomes: string[] = [];
      let worstHealthz = 0;
      for (const [name, file] of files) {
        expect(file.length, name).toBeLessThanOrEqual(5 * MB);
        const { response, ms, worst } = await uploadWhileProbing(owner, file, name);
        outcomes.push(`${name}: ${response.statusCode} ${response.data?.code}`);
        expect([400, 413], `${name}: ${response.body.slice(0, 200)}`).toContain(response.statusCode);
        expect(response.data.code, name).toMatch(/^(invalid_input|unreadable_file|body_too_large)$/);
        expect(ms, name).toBeLessThan(ANSWER_MS);
        worstHealthz = Math.max(worstHealthz, worst);
      }
      console.log(outcomes.join('\n'));
      expect(worstHealthz).toBeLessThan(HEALTHZ_MS);
      // Still serving: a good file imports.
      const good = await t.call({
        method: 'POST',
        url: '/api/v1/clients/import',
        token: owner.token,
        ...multipart('Имя;Телефон\nАнна;+77010000001\n', 'good.csv'),
      });
      expect(good.statusCode).toBe(200);
      expect(good.data).toEqual({ created: 1, skipped: 0, errors: [] });
    },
  );
});

describe('the worker is the limit', () => {
  const hugeString = () =>
    workbookWith(`<row r="1"><c r="A1" t="s"><v>0</v></c></row>`, {
      parts: {
        'xl/sharedStrings.xml': Buffer.concat([Buffer.from('<sst><si><t>'), repeated('Ж', 45 * MB), Buffer.from('</t></si></sst>')]),
      },
    });

  it('a worker out of memory is unreadable_file, logged as such', async () => {
    const failures: ParseFailure[] = [];
    await expect(parseUntrustedFile(hugeString(), (why) => failures.push(why), { heapMb: 48, deadlineMs: 30_000 })).rejects.toMatchObject({
      code: 'unreadable_file',
    });
    expect(failures).toEqual(['out_of_memory']);
  });

  it('a worker past its deadline is ended: unreadable_file', async () => {
    const failures: ParseFailure[] = [];
    const file = hugeString();
    const started = performance.now();
    await expect(parseUntrustedFile(file, (why) => failures.push(why), { heapMb: 256, deadlineMs: 300 })).rejects.toMatchObject({
      code: 'unreadable_file',
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(failures).toEqual(['deadline']);
  });
});

describe('one upload, one worker: nothing crosses between uploads', () => {
  const clientsFile = (prefix: string, count: number) =>
    ['Имя;Телефон', ...Array.from({ length: count }, (_, i) => `Клиент ${prefix}${i};+7${prefix}${String(i).padStart(7, '0')}`)].join('\n');

  async function phonesOf(owner: RegisteredBusiness): Promise<string[]> {
    const response = await t.op('get', '/api/v1/clients', { token: owner.token, query: { limit: 1000 } });
    return (response.data ?? []).map((client) => client.phone).sort();
  }

  it('two businesses importing at once each get their own rows, and only them', async () => {
    const [first, second] = await Promise.all([registerBusiness(t), registerBusiness(t)]);
    const answers = await Promise.all(
      [0, 1, 2].flatMap(() => [
        t.call({ method: 'POST', url: '/api/v1/clients/import', token: first.token, ...multipart(clientsFile('701', 300), 'a.csv') }),
        t.call({ method: 'POST', url: '/api/v1/clients/import', token: second.token, ...multipart(clientsFile('702', 200), 'b.csv') }),
      ]),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const created = (from: number) => answers.filter((_, i) => i % 2 === from).reduce((sum, a) => sum + a.data.created, 0);
    expect(created(0)).toBe(300);
    expect(created(1)).toBe(200);
    const firstPhones = await phonesOf(first);
    const secondPhones = await phonesOf(second);
    expect(firstPhones).toHaveLength(300);
    expect(secondPhones).toHaveLength(200);
    expect(firstPhones.every((phone) => phone.startsWith('7701'))).toBe(true);
    expect(secondPhones.every((phone) => phone.startsWith('7702'))).toBe(true);
  });

  it('a workbook pointing its sheet at a file of the server reads nothing from it, and changes nothing', async () => {
    const owner = await registerBusiness(t);
    for (const target of ['/etc/passwd', '../../../../../../etc/passwd', 'file:///etc/passwd', '/proc/self/environ']) {
      const rels = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="${target}"/></Relationships>`;
      const file = workbookWith(HEADER_ROW, { parts: { 'xl/_rels/workbook.xml.rels': rels, 'xl/worksheets/sheet1.xml': 'x' } });
      const response = await t.call({
        method: 'POST',
        url: '/api/v1/clients/import',
        token: owner.token,
        ...multipart(file, 'pointer.xlsx'),
      });
      expect([400, 413], target).toContain(response.statusCode);
      expect(response.body).not.toMatch(/root:|PATH=/);
    }
    expect(await phonesOf(owner)).toEqual([]);
  });
});

describe('the service as it runs (compiled, its own process)', () => {
  it(
    'a 16-million-deep sheet is 400 unreadable_file, /healthz answers, and the process lives and imports',
    { timeout: 180_000 },
    async () => {
      const server = await startServer({
        env: {
          DATA_DIR: dbKind() === 'pglite' ? migratedDataDir() : mkdtempSync(join(tmpdir(), 'booking-untrusted-')),
          JWT_SECRET: 'untrusted-files-secret-long-enough-0000',
          RATE_LIMIT_REGISTER: '0',
          ...(dbKind() === 'postgres' ? { DATABASE_URL: inject('postgresUrl') } : {}),
        },
      });
      try {
        const seeded = await seedBusiness(server.base);
        const send = async (file: Buffer | string, name: string) => {
          const { payload, headers } = multipart(file, name);
          const response = await fetch(`${server.base}/api/v1/clients/import`, {
            method: 'POST',
            headers: { ...headers, authorization: `Bearer ${seeded.token}` },
            body: payload,
          });
          return { status: response.status, data: (await response.json()) as { code?: string; created?: number } };
        };
        const bomb = workbookWith('', { parts: { 'xl/worksheets/sheet1.xml': Buffer.concat([sheetOpen, deep(48 * MB)]) } });
        expect(bomb.length).toBeLessThan(64 * 1024);
        // A first import warms the route (its first statements, a first worker) before anything is timed.
        expect((await send('Имя;Телефон\nБерик;+77010000002\n', 'warm.csv')).status).toBe(200);
        let worst = 0;
        let stop = false;
        const probing = (async () => {
          while (!stop) {
            const started = performance.now();
            expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
            worst = Math.max(worst, performance.now() - started);
            await sleep(20);
          }
        })();
        const refused = await send(bomb, 'depth.xlsx');
        stop = true;
        await probing;
        const good = await send('Имя;Телефон\nАнна;+77010000001\n', 'good.csv');
        console.log(`[untrusted-files] spawned server on ${dbKind()}: worst /healthz ${Math.round(worst)} ms`);
        expect(refused).toEqual({ status: 400, data: expect.objectContaining({ code: 'unreadable_file' }) });
        expect(good).toEqual({ status: 200, data: { created: 1, skipped: 0, errors: [] } });
        expect(server.child.exitCode).toBeNull();
        expect(worst).toBeLessThan(HEALTHZ_MS);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    },
  );
});
