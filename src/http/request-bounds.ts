/**
 * CONTRACT.md §11 third and fourth passes: a JSON body nested deeper than 64 levels, or with more than
 * 10 000 keys and array elements in all, is a 400 before anything walks it (the parser, validation,
 * the Idempotency-Key's canonical form); a NUL character in its text is 400 `invalid_input` (the
 * database would refuse it later, or, after the answer, in a log line); an anonymous POST reads at
 * most 64 KB; and the HTTP parser's own refusals (431, malformed requests, header timeouts) answer
 * `{detail, code}` JSON like every route.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { DomainError } from '../core/errors.js';
import { errorBody } from './errors.js';

export const JSON_MAX_DEPTH = 64;
const JSON_MAX_ITEMS = 10_000;
/** Every request body but a few uploads (those read their own streams, data-io/data-io.routes.ts). */
export const BODY_LIMIT = 1024 * 1024;
const ANONYMOUS_BODY_LIMIT = 64 * 1024;

type JsonExcess = 'too_deep' | 'too_many_items' | 'nul';

const [QUOTE, BACKSLASH, COMMA] = [0x22, 0x5c, 0x2c];
const OPENING = new Set([0x5b, 0x7b]);
const CLOSING = new Set([0x5d, 0x7d]);
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * What a JSON text exceeds, found in one pass without parsing it: its nesting, its keys and array
 * elements counted together (each container that is not empty holds one more than it has commas),
 * a NUL written raw or as `\u0000` in a string. Stops at the first excess.
 */
export function jsonExcess(text: string, limits = { depth: JSON_MAX_DEPTH, items: JSON_MAX_ITEMS }): JsonExcess | undefined {
  let depth = 0;
  let items = 0;
  let inString = false;
  let justOpened = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0) return 'nul';
    if (inString) {
      if (code === BACKSLASH) {
        if (text.startsWith('u0000', i + 1)) return 'nul';
        i += 1; // the escaped character
      } else if (code === QUOTE) inString = false;
      continue;
    }
    if (WHITESPACE.has(code)) continue;
    if (justOpened && !CLOSING.has(code)) items += 1;
    justOpened = false;
    if (code === QUOTE) inString = true;
    else if (OPENING.has(code)) {
      if (++depth > limits.depth) return 'too_deep';
      justOpened = true;
    } else if (CLOSING.has(code)) depth -= 1;
    else if (code === COMMA) items += 1;
    if (items > limits.items) return 'too_many_items';
  }
  return undefined;
}

const JSON_REFUSALS: Record<JsonExcess, () => DomainError> = {
  too_deep: () => new DomainError('invalid_json', `Request body is nested deeper than ${JSON_MAX_DEPTH} levels`),
  too_many_items: () => new DomainError('invalid_json', `Request body has more than ${JSON_MAX_ITEMS} keys and array elements`),
  nul: () => new DomainError('invalid_input', 'Invalid input: text must not contain NUL characters'),
};

/** Replaces Fastify's JSON parser by the same parser behind the bounds above (prototype poisoning still refused). */
export function registerJsonBounds(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const excess = jsonExcess(body as string);
    if (excess) {
      done(JSON_REFUSALS[excess](), undefined);
      return;
    }
    void parseJson(request, body as string, done);
  });
}

/** A POST that needs no token: its documented security is none (src/http/openapi-security.ts `noSecurity`). */
const isAnonymousPost = (route: RouteOptions): boolean => {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const security = (route.schema as { security?: unknown[] } | undefined)?.security;
  return methods.includes('POST') && Array.isArray(security) && security.length === 0;
};

/**
 * CONTRACT.md §11 fourth pass, "anonymous bodies are small": every anonymous POST reads at most 64 KB,
 * read off the security each route documents, so a new public route gets the bound by declaring itself
 * public. A route that sets its own bodyLimit keeps it (the Telegram webhook: its secret is checked in
 * the handler, and Telegram sizes its updates).
 */
export function registerAnonymousBodyLimit(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit === undefined && isAnonymousPost(route)) route.bodyLimit = ANONYMOUS_BODY_LIMIT;
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
