/**
 * The pages' API client (web/src/shared/client.ts over openapi-fetch) against a real HTTP server:
 * what goes out (path values, query, body, token) and how answers come back (the 2xx body, an
 * ApiError with the server's detail, code and field errors, the 401 hook).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../web/src/shared/api.js';
import { createClient } from '../../web/src/shared/client.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What the server answers to the next request: status, headers, body. */
let next: { status: number; headers?: Record<string, string>; body?: string } = { status: 200, body: '{}' };
let seen: Seen[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      response.writeHead(next.status, next.headers ?? (next.body ? { 'content-type': 'application/json' } : {}));
      response.end(next.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

const answer = (status: number, body?: unknown, headers?: Record<string, string>) => {
  next = { status, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) };
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the web client', () => {
  it('sends the path values encoded, the query without empty values, the body as JSON and the token', async () => {
    answer(200, { id: 'b1', status: 'confirmed' });
    const client = createClient({ base, getToken: () => 'tok' });
    const booking = await client.patch('/bookings/{id}', { path: { id: 'a b/c' }, body: { status: 'confirmed' } });
    expect(booking).toMatchObject({ id: 'b1', status: 'confirmed' });
    await client.get('/clients', { query: { q: '', limit: 8 } });
    expect(seen.map(({ method, url }) => `${method} ${url}`)).toEqual(['PATCH /api/v1/bookings/a%20b%2Fc', 'GET /api/v1/clients?limit=8']);
    expect(seen[0]!.headers).toMatchObject({ authorization: 'Bearer tok', 'content-type': 'application/json', accept: 'application/json' });
    expect(JSON.parse(seen[0]!.body)).toEqual({ status: 'confirmed' });
    expect(seen[1]!.headers['content-type']).toBeUndefined();
  });

  it('hands a 2xx answer’s headers to onHeaders and answers a 204 with undefined', async () => {
    answer(200, [], { 'content-type': 'application/json', 'x-total-count': '42' });
    let total = '';
    await createClient({ base }).get('/bookings', { onHeaders: (headers) => (total = headers.get('x-total-count') ?? '') });
    expect(total).toBe('42');
    answer(204);
    await expect(createClient({ base }).del('/bookings/{id}', { path: { id: 'b1' } })).resolves.toBeUndefined();
  });

  it('turns an error body into ApiError: status, detail, code and field errors', async () => {
    answer(400, { detail: 'Invalid phone', code: 'invalid_input', errors: [{ field: 'phone', message: 'Invalid phone' }] });
    let headersSeen = false;
    const error = await failure(
      createClient({ base }).post('/auth/login', { body: { email: 'a@b.kz', password: 'x' }, onHeaders: () => (headersSeen = true) }),
    );
    expect({ status: error.status, detail: error.detail, code: error.code, errors: error.errors, message: error.message }).toEqual({
      status: 400,
      detail: 'Invalid phone',
      code: 'invalid_input',
      errors: [{ field: 'phone', message: 'Invalid phone' }],
      message: 'Invalid phone',
    });
    expect(headersSeen).toBe(false);
  });

  it('an answer that is not the API’s (a proxy’s page) keeps the status and its text, without a code', async () => {
    answer(502, '<html>Bad gateway</html>', { 'content-type': 'text/html' });
    const error = await failure(createClient({ base }).get('/business'));
    expect({ status: error.status, detail: error.detail, code: error.code, errors: error.errors }).toEqual({
      status: 502,
      detail: 'Bad Gateway',
      code: undefined,
      errors: [],
    });
  });

  it('a 401 of a request with a token calls onUnauthorized once; one without a token does not', async () => {
    answer(401, { detail: 'Token expired', code: 'unauthorized' });
    let calls = 0;
    let token: string | null = 'old';
    const client = createClient({ base, getToken: () => token, onUnauthorized: () => calls++ });
    const error = await failure(client.get('/auth/me'));
    expect([error.status, error.code, calls]).toEqual([401, 'unauthorized', 1]);
    token = null;
    await failure(client.get('/auth/me'));
    expect(calls).toBe(1);
    expect(seen.map((request) => request.headers.authorization)).toEqual(['Bearer old', undefined]);
  });

  it('no answer at all is a network error (status 0); an abort stays an AbortError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(createClient({ base: `http://127.0.0.1:${port}/api/v1` }).get('/business'));
    expect(error.status).toBe(NETWORK_ERROR);

    answer(200, {});
    const abort = new AbortController();
    abort.abort();
    await expect(createClient({ base }).get('/business', { signal: abort.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
