/**
 * CONTRACT.md §11 third pass: a JSON body nested deeper than 64 levels is a
 * 400 before anything recursive (validation, the Idempotency-Key's canonical
 * form) walks it, and the HTTP parser's own refusals (431, malformed
 * requests, header timeouts) answer `{detail, code}` JSON like every route.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../core/errors.js';
import { errorBody } from './errors.js';

export const JSON_MAX_DEPTH = 64;

/** The deepest nesting of arrays and objects in a JSON text, counted without parsing it (strings skipped). */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i += 1; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}

/** Replaces Fastify's JSON parser by the same parser behind the depth check (prototype poisoning still refused). */
export function registerJsonDepthLimit(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, JSON_MAX_DEPTH)) {
      done(new DomainError('invalid_json', `Request body is nested deeper than ${JSON_MAX_DEPTH} levels`), undefined);
      return;
    }
    void parseJson(request, body as string, done);
  });
}

/** What the HTTP parser refused, as a status and our {detail, code} body. */
function parserRefusal(error: NodeJS.ErrnoException): { status: number; detail: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, detail: 'The request did not arrive in time' };
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, detail: 'Request headers are too large' };
  return { status: 400, detail: 'Malformed HTTP request' };
}

/** Fastify's clientErrorHandler: as its default (nothing to a reset socket), with our body. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = parserRefusal(error);
  const body = JSON.stringify(errorBody(new DomainError('invalid_input', detail)));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
