/**
 * CONTRACT.md §14 export and import: clients and bookings leave as CSV or
 * XLSX downloads, clients come in from CSV or XLSX (with a dry run first).
 */
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { DomainError, invalidInput } from '../../core/errors.js';
import { addDays, combine } from '../../core/wallclock.js';
import { ROW_PROBLEM_CODES } from '../../core/client-import.js';
import { DateString, errorResponses, TOTAL_HEADER } from '../../http/schemas.js';
import { scopeAction, TELEGRAM_SESSION_REFUSED } from '../identity/guards.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import {
  bookingPage,
  clientPage,
  countBookingsIn,
  countClientsOf,
  EXPORT_PAGE,
  type BookingCursor,
  type ClientCursor,
} from './export.queries.js';
import { importClients } from './import.js';
import { IMPORT_MAX_ERRORS } from './read-upload.js';
import { parseUntrustedFile } from './untrusted-file.js';
import { BOOKING_COLUMNS, bookingCells, CLIENT_COLUMNS, clientCells, type Cell, type ExportColumn } from './rows.js';
import { IMPORT_MAX_ROWS } from './upload.js';
import { IMPORT_MAX_CELLS } from './import-limits.js';
import { CONTENT_TYPES, csvStream, xlsxStream, type ExportFormat } from './writers.js';

/** One file holds at most this many rows; a longer export is refused with a hint to narrow it. */
export const EXPORT_MAX_ROWS = 100_000;
/** A bookings export covers at most this many days. */
export const EXPORT_MAX_DAYS = 366;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

const FormatQuery = Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { description: 'csv (UTF-8 with BOM, `;`) or xlsx' });

const fileResponse = {
  description: 'The file, as an attachment; X-Total-Count holds its number of rows',
  headers: {
    'content-disposition': Type.String({ description: 'attachment; filename="…"' }),
    [TOTAL_HEADER]: Type.Integer(),
  },
  content: {
    [CONTENT_TYPES.csv]: { schema: Type.String() },
    [CONTENT_TYPES.xlsx]: { schema: Type.String({ format: 'binary' }) },
  },
};

const ImportResult = Type.Object({
  created: Type.Integer({ description: 'New clients (in a dry run: that would be created)' }),
  skipped: Type.Integer({ description: 'Rows whose phone the business already has, or an earlier row of the file had' }),
  errors: Type.Array(
    Type.Object({
      row: Type.Integer({ description: 'Row number as the spreadsheet shows it; the header is row 1' }),
      code: Type.Union(
        ROW_PROBLEM_CODES.map((code) => Type.Literal(code)),
        { description: 'What is wrong with the row; pages translate it' },
      ),
      detail: Type.String({ description: 'The same in English, for people reading the API' }),
    }),
    {
      maxItems: IMPORT_MAX_ERRORS,
    },
  ),
});

function sendFile(reply: FastifyReply, format: ExportFormat, name: string, total: number, body: Readable) {
  return reply
    .type(CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .header('cache-control', 'no-store')
    .header(TOTAL_HEADER, total)
    .send(body);
}

function fileBody(format: ExportFormat, sheet: string, columns: ExportColumn[], pages: AsyncIterable<Cell[][]>): Readable {
  return format === 'csv' ? csvStream(columns, pages) : xlsxStream(sheet, columns, pages);
}

const checkedTotal = (total: number, hint: string): number => {
  if (total > EXPORT_MAX_ROWS) throw invalidInput(`${total} rows are more than the ${EXPORT_MAX_ROWS} one file holds: ${hint}`);
  return total;
};

export const dataIoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const security = bearerSecurity;
  // Every route here copies the business's data in or out: a Telegram session does neither (CONTRACT.md §11, third pass).
  scopeAction(app, 'business.configure');
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.get(
    '/clients/export',
    {
      schema: {
        tags: ['clients'],
        operationId: 'exportClients',
        summary: 'Every client of the business as a CSV or XLSX file',
        description: `Columns Имя, Телефон, Заметки, Записей, Последняя запись; sorted by name. At most ${EXPORT_MAX_ROWS} rows (400 beyond). ${TELEGRAM_SESSION_REFUSED}`,
        security,
        querystring: Type.Object({ format: FormatQuery }),
        response: { 200: fileResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { businessId } = request.provider;
      const total = checkedTotal(await countClientsOf(app.ctx.db, businessId), 'ask support');
      const db = app.ctx.db;
      async function* pages() {
        let after: ClientCursor | undefined;
        for (;;) {
          const rows = await clientPage(db, businessId, after);
          if (rows.length > 0) yield rows.map(clientCells);
          const last = rows.at(-1);
          if (!last || rows.length < EXPORT_PAGE) return;
          after = { firstName: last.firstName, id: last.id };
        }
      }
      const name = `clients-${app.ctx.time.today()}`;
      return sendFile(reply, request.query.format, name, total, fileBody(request.query.format, 'Клиенты', CLIENT_COLUMNS, pages()));
    },
  );

  app.get(
    '/bookings/export',
    {
      schema: {
        tags: ['bookings'],
        operationId: 'exportBookings',
        summary: 'Bookings of a date range as a CSV or XLSX file',
        description: `Bookings starting from \`from\` to \`to\` (both days included, at most ${EXPORT_MAX_DAYS} days), every status, earliest first. At most ${EXPORT_MAX_ROWS} rows (400 beyond: narrow the range). ${TELEGRAM_SESSION_REFUSED}`,
        security,
        querystring: Type.Object({ format: FormatQuery, from: DateString, to: DateString }),
        response: { 200: fileResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { format, from, to } = request.query;
      if (to < from) throw invalidInput('to is before from', 'to');
      if (addDays(from, EXPORT_MAX_DAYS) <= to) throw invalidInput(`The range is longer than ${EXPORT_MAX_DAYS} days`, 'to');
      const { businessId } = request.provider;
      const start = combine(from, '00:00');
      const end = combine(addDays(to, 1), '00:00');
      const total = checkedTotal(await countBookingsIn(app.ctx.db, businessId, start, end), 'narrow the dates');
      const db = app.ctx.db;
      async function* pages() {
        let after: BookingCursor | undefined;
        for (;;) {
          const rows = await bookingPage(db, businessId, start, end, after);
          if (rows.length > 0) yield rows.map(bookingCells);
          const last = rows.at(-1);
          if (!last || rows.length < EXPORT_PAGE) return;
          after = { startAt: last.startAt, id: last.id };
        }
      }
      return sendFile(reply, format, `bookings-${from}_${to}`, total, fileBody(format, 'Записи', BOOKING_COLUMNS, pages()));
    },
  );

  app.post(
    '/clients/import',
    {
      config: {
        // The body is multipart (documented here); @fastify/multipart reads it, so Fastify validates no JSON body.
        swaggerTransform: ({ schema, url }: { schema: object; url: string }) => ({
          url,
          schema: {
            ...schema,
            consumes: ['multipart/form-data'],
            body: Type.Object({
              file: Type.String({
                format: 'binary',
                description: `CSV (\`,\` or \`;\`, UTF-8 or Windows-1251) or XLSX, at most 5 MB, ${IMPORT_MAX_ROWS} rows and ${IMPORT_MAX_CELLS} cells (an XLSX unpacking to at most 50 MB)`,
              }),
            }),
          },
        }),
      },
      schema: {
        tags: ['clients'],
        operationId: 'importClients',
        summary: 'Add clients from a CSV or XLSX file',
        description:
          `A file spanning more than ${IMPORT_MAX_CELLS} cells (each row counted up to its last non-empty cell) is 400; an XLSX that unpacks to more than 50 MB is 413. ` +
          'The file is read in a worker thread of its own (256 MB of memory, a deadline): one that exceeds either, or breaks the parser, is 400 `unreadable_file`; 429 while too many files are being read at once. ' +
          'Columns are found by their header (Имя / Name / first_name, Телефон / Phone / phone, Заметки / Комментарий / Notes / notes), in any case and order. Phones are normalized as in bookings; a phone the business already has, or an earlier row had, is skipped (never changed). `dry_run=true` answers the same counts and saves nothing. ' +
          TELEGRAM_SESSION_REFUSED,
        security,
        querystring: Type.Object({ dry_run: Type.Optional(Type.Boolean({ default: false })) }),
        response: { 200: ImportResult, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new DomainError('unsupported_media_type', 'Send the file as multipart/form-data, field "file"');
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > IMPORT_MAX_BYTES + 64 * 1024) throw new DomainError('body_too_large', 'The file is larger than 5 MB');
      let bytes: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file' && part.fieldname === 'file' && !bytes) bytes = await part.toBuffer();
          else if (part.type === 'file') part.file.resume();
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new DomainError('body_too_large', 'The file is larger than 5 MB');
        throw invalidInput('The upload could not be read', 'file');
      }
      if (!bytes) throw invalidInput('Missing file: send it in the multipart field "file"', 'file');
      const read = await parseUntrustedFile(bytes, (why) => request.log.warn({ why }, 'an uploaded file could not be parsed'));
      return importClients(app.ctx.db, request.provider.businessId, read, request.query.dry_run ?? false);
    },
  );
};
