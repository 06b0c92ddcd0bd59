/**
 * CONTRACT.md §11 third pass: a JSON body nested deeper than 64 levels is 400,
 * an Idempotency-Key is scoped to its caller, and the HTTP parser's refusals
 * answer {detail, code} JSON (over a real socket: app.inject has no parser).
 * Fourth pass: an anonymous POST reads at most 64 KB, a body of more than
 * 10 000 keys and array elements is 400, a NUL in text is 400 invalid_input.
 */
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '../../helpers/refusal.js';
import { registerBusiness, uniquePhone, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { bookingRequest, createMaster } from '../../helpers/catalog.js';

const t = useTestApp();

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON depth', () => {
  it('a body nested 20 000 deep with an Idempotency-Key is 400 invalid_json, on public and provider routes alike', async () => {
    const owner = await registerBusiness(t);
    const deep = `{"service_id": ${owner.service.id}, "first_name": "А", "phone": "+77010000000", "date": "2026-11-24", "time": "10:00", "notes": ${nested(20_000)}}`;
    const routes = [
      { method: 'POST' as const, url: `/api/v1/public/${owner.business.slug}/booking`, token: undefined },
      { method: 'POST' as const, url: '/api/v1/bookings', token: owner.token },
      { method: 'PUT' as const, url: '/api/v1/business', token: owner.token },
      { method: 'POST' as const, url: '/api/v1/auth/login', token: undefined },
    ];
    for (const route of routes) {
      const response = await t.call({
        ...route,
        payload: deep,
        headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-1' },
      });
      expect(response.statusCode, `${route.url}: ${response.body}`).toBe(400);
      expect(response.data).toEqual({ detail: 'Request body is nested deeper than 64 levels', code: 'invalid_json' });
    }
    const business = await t.call({ method: 'GET', url: '/api/v1/business', token: owner.token });
    expect(business.data.name).toBe(owner.business.name);
  });

  it('64 levels pass the parser (then the schema decides); brackets inside strings are text, not depth', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const at64 = await t.call({
      method: 'PUT',
      url: '/api/v1/business',
      token: owner.token,
      payload: `{"name": ${nested(63)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(at64.statusCode).toBe(400);
    expect(at64.data.code).toBe('invalid_input');
    const at65 = await t.call({
      method: 'PUT',
      url: '/api/v1/business',
      token: owner.token,
      payload: `{"name": ${nested(64)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(at65.data.code).toBe('invalid_json');
    const booked = await bookingRequest(t, owner, { notes: `${'[{'.repeat(100)} "\\"[" ${'}]'.repeat(100)}` });
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it('prototype poisoning is still refused', async () => {
    const owner = await registerBusiness(t);
    const response = await t.call({
      method: 'PUT',
      url: '/api/v1/business',
      token: owner.token,
      payload: '{"name": "x", "__proto__": {"admin": true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.data.code).toBe('invalid_json');
  });
});

describe('anonymous bodies are small (CONTRACT.md §11 fourth pass)', () => {
  type Operation = { security?: unknown[] };
  async function postOperations(): Promise<{ path: string; anonymous: boolean }[]> {
    const document = (await t.call({ method: 'GET', url: '/api/docs/json' })).data as { paths: Record<string, { post?: Operation }> };
    return Object.entries(document.paths)
      .filter(([, item]) => item.post)
      .map(([path, item]) => ({ path, anonymous: item.post!.security?.length === 0 }));
  }

  /** A well-formed JSON body of exactly `bytes` (one long string field). */
  const bodyOf = (bytes: number) => {
    const empty = JSON.stringify({ email: 'a@b.kz', password: 'x', name: '' });
    return JSON.stringify({ email: 'a@b.kz', password: 'x', name: 'x'.repeat(bytes - empty.length) });
  };

  it('the POSTs that need no token are exactly those the contract names, and the webhook', async () => {
    const anonymous = (await postOperations()).filter((operation) => operation.anonymous).map((operation) => operation.path);
    expect(anonymous.sort()).toEqual(
      [
        '/api/v1/auth/login',
        '/api/v1/auth/register',
        '/api/v1/auth/password-reset',
        '/api/v1/auth/password-reset/confirm',
        '/api/v1/auth/messenger',
        '/api/v1/auth/master-link',
        '/api/v1/public/{slug}/booking',
        '/api/v1/public/{slug}/visits',
        '/api/v1/superadmin/login',
        '/api/v1/messenger/webhook',
      ].sort(),
    );
  });

  it('every one of them but the webhook answers 413 over 64 KB; 64 KB itself is read', async () => {
    const owner = await registerBusiness(t);
    const routes = (await postOperations()).filter((operation) => operation.anonymous && operation.path !== '/api/v1/messenger/webhook');
    for (const { path } of routes) {
      const url = path.replace('{slug}', owner.business.slug);
      const over = await t.call({ method: 'POST', url, payload: bodyOf(64 * 1024 + 1), headers: { 'content-type': 'application/json' } });
      expect(over.statusCode, `${path}: ${over.body}`).toBe(413);
      expect(over.data).toEqual({ detail: 'Request body is larger than 64 KB', code: 'body_too_large' });
      const at = await t.call({ method: 'POST', url, payload: bodyOf(64 * 1024), headers: { 'content-type': 'application/json' } });
      expect(at.statusCode, `${path}: ${at.body}`).not.toBe(413);
    }
  });

  it('a POST with a token, and the webhook (its secret vouches), still read up to 1 MB', async () => {
    const owner = await registerBusiness(t);
    const big = bodyOf(200 * 1024);
    const byOwner = await t.call({
      method: 'POST',
      url: '/api/v1/services',
      token: owner.token,
      payload: big,
      headers: { 'content-type': 'application/json' },
    });
    expectRefusal(byOwner, 'invalid_input'); // read, then refused by its schema
    const webhook = await t.call({
      method: 'POST',
      url: '/api/v1/messenger/webhook',
      payload: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(webhook.statusCode).not.toBe(413);
  });
});

describe('JSON keys and array elements (CONTRACT.md §11 fourth pass)', () => {
  // The same key again and again: 6 bytes each, so 10 001 fit an anonymous body's 64 KB.
  const keys = (count: number) => `{${Array.from({ length: count }, () => '"k":0').join(',')}}`;
  const elements = (count: number) => `[${Array.from({ length: count }, () => '0').join(',')}]`;

  it('more than 10 000 in all is 400 invalid_json, on public and provider routes; 10 000 pass the parser, and brackets and commas in strings count nothing', async () => {
    const owner = await registerBusiness(t);
    const over = [
      keys(10_001),
      elements(10_001),
      `{"a": ${elements(5_000)}, "b": ${keys(5_000)}}`, // 2 keys + 5 000 elements + 5 000 keys
      `[${Array.from({ length: 3_400 }, () => '{"a":1,"b":2}').join(',')}]`,
    ];
    for (const payload of over) {
      for (const route of [
        { method: 'POST' as const, url: '/api/v1/auth/login', token: undefined },
        { method: 'PUT' as const, url: '/api/v1/business', token: owner.token },
      ]) {
        const response = await t.call({ ...route, payload, headers: { 'content-type': 'application/json' } });
        expect(response.statusCode, `${route.url}: ${response.body}`).toBe(400);
        expect(response.data).toEqual({ detail: 'Request body has more than 10000 keys and array elements', code: 'invalid_json' });
      }
    }
    for (const payload of [keys(10_000), `{"a": ${elements(9_999)}}`, `{"a": "${'[1,'.repeat(20_000)}"}`]) {
      const response = await t.call({
        method: 'PUT',
        url: '/api/v1/business',
        token: owner.token,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.data.code, payload.slice(0, 40)).not.toBe('invalid_json');
    }
  });
});

describe('Idempotency-Key per caller', () => {
  const ownerBooking = (bearer: string, owner: RegisteredBusiness, key: string, time: string, phone = uniquePhone()) =>
    t.call({
      method: 'POST',
      url: '/api/v1/bookings',
      token: bearer,
      headers: { 'idempotency-key': key },
      payload: { service_id: owner.service.id, date: '2026-11-24', time, first_name: 'Берик', phone },
    });

  async function apiKey(owner: RegisteredBusiness, name: string): Promise<string> {
    const response = await t.call({ method: 'POST', url: '/api/v1/api-keys', token: owner.token, payload: { name } });
    expect(response.statusCode).toBe(201);
    return response.data.key;
  }

  it('an anonymous booking, the owner and each API key use the same key apart; each replays only its own', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const [crm, script] = [await apiKey(owner, 'CRM'), await apiKey(owner, 'script')];
    const key = 'order-42';

    const anonymous = await bookingRequest(t, owner, { time: '10:00', phone: '+77015550001' }, { 'idempotency-key': key });
    expect(anonymous.statusCode).toBe(201);
    const byOwner = await ownerBooking(owner.token, owner, key, '11:00');
    expect(byOwner.statusCode, byOwner.body).toBe(201);
    expect(byOwner.headers['idempotent-replayed']).toBeUndefined();
    const byCrm = await ownerBooking(crm, owner, key, '12:00', '+77015550002');
    expect(byCrm.statusCode, byCrm.body).toBe(201);
    expect(byCrm.headers['idempotent-replayed']).toBeUndefined();
    const byScript = await ownerBooking(script, owner, key, '13:00');
    expect(byScript.statusCode, byScript.body).toBe(201);
    const ids = [anonymous.data.id, byOwner.data.id, byCrm.data.id, byScript.data.id];
    expect(new Set(ids).size).toBe(4);

    // Each caller's retry is its own booking again; another body under its key is its own 409.
    const crmAgain = await ownerBooking(crm, owner, key, '12:00', '+77015550002');
    expect(crmAgain.headers['idempotent-replayed']).toBe('true');
    expect(crmAgain.data.id).toBe(byCrm.data.id);
    expect((await ownerBooking(crm, owner, key, '15:00')).statusCode).toBe(409);
    const anonymousAgain = await bookingRequest(t, owner, { time: '10:00', phone: '+77015550001' }, { 'idempotency-key': key });
    expect(anonymousAgain.headers['idempotent-replayed']).toBe('true');
    expect(anonymousAgain.data.id).toBe(anonymous.data.id);
    const list = await t.call({ method: 'GET', url: '/api/v1/bookings', token: owner.token });
    expect(list.data).toHaveLength(4);
  });
});

describe('HTTP parser refusals over a socket', () => {
  let port = 0;
  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  });

  /** Sends raw bytes, answers the status and the parsed JSON body of what comes back before the socket closes. */
  function raw(request: string): Promise<{ status: number; type: string; body: unknown }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', body = ''] = text.split('\r\n\r\n');
        try {
          resolve({
            status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
            type: /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '',
            body: JSON.parse(body),
          });
        } catch (error) {
          reject(new Error(`not JSON: ${text.slice(0, 300)}`, { cause: error }));
        }
      });
      socket.write(request);
    });
  }

  it('431 for headers over the limit, as {detail, code} JSON', async () => {
    const answer = await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.type).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ detail: 'Request headers are too large', code: 'invalid_input' });
  });

  it('400 for a malformed request line or header, as {detail, code} JSON', async () => {
    for (const request of ['NOT HTTP AT ALL\r\n\r\n', 'GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n']) {
      const answer = await raw(request);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ detail: 'Malformed HTTP request', code: 'invalid_input' });
    }
  });
});
