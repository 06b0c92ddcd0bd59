import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type ErrorCode, type FieldError } from '../core/errors.js';
import { WALL_CLOCK_FORMATS, type WallClockFormat } from '../core/wall-clock-input.js';
import { isForeignKeyViolation, isUnstorableText, isUnstorableValue } from '../db/errors.js';
import { OutageLog } from './outage-log.js';

/** The one code → status table: the domain names what went wrong, only this edge knows HTTP. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  invalid_input: 400,
  invalid_json: 400,
  captcha_failed: 400,
  wrong_password: 400,
  reset_link_invalid: 400,
  not_reschedulable: 400,
  no_masters_available: 400,
  outside_booking_window: 400,
  master_not_for_service: 400,
  not_authenticated: 401,
  invalid_credentials: 401,
  forbidden: 403,
  api_key_forbidden: 403,
  password_session_required: 403,
  not_found: 404,
  route_not_found: 404,
  slot_taken: 409,
  price_changed: 409,
  slug_taken: 409,
  email_taken: 409,
  proposal_pending: 409,
  idempotency_key_reused: 409,
  conflict: 409,
  limit_reached: 409,
  body_too_large: 413,
  unreadable_file: 400,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  captcha_unavailable: 502,
  map_unavailable: 502,
  telegram_error: 502,
  unavailable: 503,
  not_configured: 503,
};

export interface ErrorReply {
  detail: string;
  code: ErrorCode;
  errors?: FieldError[];
  [extra: string]: unknown;
}

/** The body of every error answer (CONTRACT.md §2 plus the code). */
export function errorBody(error: DomainError): ErrorReply {
  const body: ErrorReply = { ...error.extra, detail: error.detail, code: error.code };
  if (error.errors) body.errors = error.errors;
  return body;
}

/** A refusal on its way out: the table's status, except a framework 4xx the table has no code for keeps its own. */
interface Refusal {
  status: number;
  error: DomainError;
}

const refusal = (code: ErrorCode, detail: string, errors?: FieldError[]): Refusal => ({
  status: HTTP_STATUS[code],
  error: new DomainError(code, detail, errors),
});

interface AjvError {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function fieldOf(error: AjvError, context: string | undefined): string {
  const path = (error.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = error.params?.missingProperty;
  const name = typeof missing === 'string' ? (path ? `${path}.${missing}` : missing) : path;
  return name || context || 'body';
}

/** A date or time of ours (src/core/wall-clock-input.ts), refused by its format or its shape, says what it expected in one message. */
function wallClockExpected(error: AjvError): string | undefined {
  const { format, pattern } = error.params ?? {};
  if (typeof format === 'string' && Object.hasOwn(WALL_CLOCK_FORMATS, format))
    return WALL_CLOCK_FORMATS[format as WallClockFormat].expected;
  return Object.values(WALL_CLOCK_FORMATS).find((known) => known.pattern === pattern)?.expected;
}

function validationError(error: FastifyError): Refusal {
  const context = error.validationContext;
  const errors = (error.validation ?? []).map((item) => ({
    field: fieldOf(item as AjvError, context),
    message: wallClockExpected(item as AjvError) ?? item.message ?? 'is invalid',
  }));
  const first = errors[0];
  const detail = first ? `Invalid ${first.field}: ${first.message}` : 'Invalid request';
  return refusal('invalid_input', detail, errors);
}

/**
 * The database cannot take the request now, through no fault of the input: unreachable, shutting
 * down, full (53100 disk_full, 53200 out_of_memory), out of connections (53300), read-only (25006
 * read_only_sql_transaction, a standby or a default_transaction_read_only database), or cut by a timeout.
 */
const PG_CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53000',
  '53100',
  '53200',
  '53300',
  '25006',
]);

/** Answers a ping but refuses work (full, out of connections, read-only): /readyz cannot see it by itself. */
const PG_REFUSING_CODES = new Set(['53000', '53100', '53200', '53300', '25006']);

function isDatabaseRefusing(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const e = current as { code?: string; cause?: unknown };
    if (e.code && PG_REFUSING_CODES.has(e.code)) return true;
    current = e.cause;
  }
  return false;
}

/** A database that cannot be reached (or a query cut by statement_timeout) is a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const e = current as { code?: string; message?: string; cause?: unknown };
    if (e.code && (PG_CONNECTION_CODES.has(e.code) || e.code === '57014')) return true;
    if (
      e.message &&
      /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED|Query read timeout|is not queryable/i.test(
        e.message,
      )
    )
      return true;
    current = e.cause;
  }
  return false;
}

/** 1 MB, 64 KB: the limit of the route that refused the body. */
const sizeText = (bytes: number): string => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`);

function toRefusal(error: FastifyError | Error, bodyLimit: number): Refusal | undefined {
  if (error instanceof DomainError) return { status: HTTP_STATUS[error.code], error };
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) return validationError(fastifyError);
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return refusal('body_too_large', `Request body is larger than ${sizeText(bodyLimit)}`);
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return refusal('unsupported_media_type', 'Unsupported content type');
  if (fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return refusal('invalid_json', 'Request body is empty');
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return refusal('invalid_json', 'Request body is not valid JSON');
  }
  if (isUnstorableText(error)) return refusal('invalid_input', 'Invalid input: text must not contain NUL characters');
  if (isUnstorableValue(error)) return refusal('invalid_input', 'Invalid input: a number is out of range');
  // Every reference is checked before a write, so a refused one means a parallel request removed it meanwhile.
  if (isForeignKeyViolation(error)) return refusal('conflict', 'Changed by another request meanwhile, try again');
  if (isDatabaseUnavailable(error)) return refusal('unavailable', 'Database unavailable, try again shortly');
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) return { status, error: new DomainError('invalid_input', error.message || 'Bad request') };
  return undefined;
}

/**
 * Fastify's router refusals (a path parameter over maxParamLength: 414, a malformed URL: 400, a failed
 * constraint), answered as {detail, code} like every other error (CONTRACT.md §11).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  const detail = tooLong ? 'A path parameter is too long' : status === 400 ? 'Malformed URL' : 'Internal server error';
  void reply.status(status).send(errorBody(new DomainError(status === 500 ? 'internal' : 'invalid_input', detail)));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.decorate('databaseRefusedAt', undefined);
  // Closing: requests still arriving on open connections get our 503, with a hint to come back (another instance takes them).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing)
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(errorBody(new DomainError('unavailable', 'Shutting down')));
  });
  // 503s come in floods during an outage: counted per kind and second, not logged one by one.
  const outages = new OutageLog(app.log);
  app.addHook('onClose', async () => outages.close());
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toRefusal(error, request.routeOptions.bodyLimit);
    if (!known) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(errorBody(new DomainError('internal', 'Internal server error')));
    }
    const context = { method: request.method, path: request.routeOptions.url ?? 'unmatched' };
    if (known.status === 503) outages.failed(error instanceof DomainError ? known.error.detail : error, context);
    // The map client logs why it failed (a missing key once per process): a line per anonymous request would be a flood.
    else if (known.status >= 500 && known.error.code !== 'map_unavailable') request.log.error({ err: error }, known.error.detail);
    // An answer to come back to: the database or a dependency should be back shortly.
    if (known.error.code === 'unavailable') {
      void reply.header('retry-after', '5');
      if (isDatabaseRefusing(error)) app.databaseRefusedAt = performance.now();
    }
    return reply.status(known.status).send(errorBody(known.error));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(errorBody(new DomainError('route_not_found', `Route ${request.method} ${request.url.split('?')[0]} not found`))),
  );
}
