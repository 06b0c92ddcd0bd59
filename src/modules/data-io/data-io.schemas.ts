/** What the export and import routes (data-io.routes.ts) take and answer, and how OpenAPI describes them. */
import { Type } from '@sinclair/typebox';
import { ROW_PROBLEM_CODES } from '../../core/client-import.js';
import { DateString, errorResponses, TOTAL_HEADER } from '../../http/schemas.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { TELEGRAM_SESSION_REFUSED } from '../identity/guards.js';
import { EXPORT_MAX_DAYS, EXPORT_MAX_ROWS } from './export.service.js';
import { IMPORT_MAX_CELLS } from './import-limits.js';
import { IMPORT_MAX_ERRORS } from './read-upload.js';
import { IMPORT_MAX_ROWS } from './upload.js';
import { CONTENT_TYPES } from './writers.js';

const security = bearerSecurity;

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

export const exportClientsSchema = {
  tags: ['clients'],
  operationId: 'exportClients',
  summary: 'Every client of the business as a CSV or XLSX file',
  description: `Columns Имя, Телефон, Заметки, Записей, Последняя запись; sorted by name. At most ${EXPORT_MAX_ROWS} rows (400 beyond). ${TELEGRAM_SESSION_REFUSED}`,
  security,
  querystring: Type.Object({ format: FormatQuery }),
  response: { 200: fileResponse, ...errorResponses(400, 401, 403) },
} as const;

export const exportBookingsSchema = {
  tags: ['bookings'],
  operationId: 'exportBookings',
  summary: 'Bookings of a date range as a CSV or XLSX file',
  description: `Bookings starting from \`from\` to \`to\` (both days included, at most ${EXPORT_MAX_DAYS} days), every status, earliest first. At most ${EXPORT_MAX_ROWS} rows (400 beyond: narrow the range). ${TELEGRAM_SESSION_REFUSED}`,
  security,
  querystring: Type.Object({ format: FormatQuery, from: DateString, to: DateString }),
  response: { 200: fileResponse, ...errorResponses(400, 401, 403) },
} as const;

export const importClientsSchema = {
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
} as const;

/** The body is multipart (documented here); @fastify/multipart reads it, so Fastify validates no JSON body. */
export const importClientsConfig = {
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
};
