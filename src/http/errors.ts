import type { FastifyError, FastifyInstance } from 'fastify';
import { isForeignKeyViolation, isUnstorableText, isUnstorableValue } from '../db/errors.js';
import { OutageLog } from './outage-log.js';

export interface FieldError {
  field: string;
  message: string;
}

/** The one error type of the service: a status code and a `detail` for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: FieldError[],
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string, field?: string): HttpError =>
  new HttpError(400, detail, field ? [{ field, message: detail }] : undefined);
export const unauthorized = (detail = 'Not authenticated'): HttpError => new HttpError(401, detail);
export const forbidden = (detail = 'Forbidden'): HttpError => new HttpError(403, detail);
export const notFound = (what = 'Resource'): HttpError => new HttpError(404, `${what} not found`);
export const conflict = (detail: string): HttpError => new HttpError(409, detail);
export const serviceUnavailable = (detail: string): HttpError => new HttpError(503, detail);
export const badGateway = (detail: string): HttpError => new HttpError(502, detail);

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

function validationError(error: FastifyError): HttpError {
  const context = error.validationContext;
  const errors = (error.validation ?? []).map((item) => ({
    field: fieldOf(item as AjvError, context),
    message: item.message ?? 'is invalid',
  }));
  const first = errors[0];
  const detail = first ? `Invalid ${first.field}: ${first.message}` : 'Invalid request';
  return new HttpError(400, detail, errors);
}

const PG_CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08006', '08001', '08003']);

/** A database that cannot be reached (or a query cut by statement_timeout) is a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const e = current as { code?: string; message?: string; cause?: unknown };
    if (e.code && (PG_CONNECTION_CODES.has(e.code) || e.code === '57014')) return true;
    if (e.message && /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED|Query read timeout|is not queryable/i.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

function toHttpError(error: FastifyError | HttpError | Error): HttpError | undefined {
  if (error instanceof HttpError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) return validationError(fastifyError);
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new HttpError(413, 'Request body is larger than 1 MB');
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new HttpError(415, 'Unsupported content type');
  if (fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return new HttpError(400, 'Request body is empty');
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return new HttpError(400, 'Request body is not valid JSON');
  }
  if (isUnstorableText(error)) return new HttpError(400, 'Invalid input: text must not contain NUL characters');
  if (isUnstorableValue(error)) return new HttpError(400, 'Invalid input: a number is out of range');
  // Every reference is checked before a write, so a refused one means a parallel request removed it meanwhile.
  if (isForeignKeyViolation(error)) return new HttpError(409, 'Changed by another request meanwhile, try again');
  if (isDatabaseUnavailable(error)) return new HttpError(503, 'Database unavailable, try again shortly');
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) return new HttpError(status, error.message || 'Bad request');
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance): void {
  // 503s come in floods during an outage: counted per kind and second, not logged one by one.
  const outages = new OutageLog(app.log);
  app.addHook('onClose', async () => outages.close());
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toHttpError(error);
    if (!known) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ detail: 'Internal server error' });
    }
    const context = { method: request.method, path: request.routeOptions.url ?? 'unmatched' };
    if (known.statusCode === 503) outages.failed(error instanceof HttpError ? known.detail : error, context);
    else if (known.statusCode >= 500) request.log.error({ err: error }, known.detail);
    const body: { detail: string; errors?: FieldError[] } = { detail: known.detail };
    if (known.errors) body.errors = known.errors;
    return reply.status(known.statusCode).send(body);
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ detail: `Route ${request.method} ${request.url.split('?')[0]} not found` }));
}
