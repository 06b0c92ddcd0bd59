/** Errors of CONTRACT.md §2: {"detail"} everywhere, 400 naming the field, 413, malformed JSON, no stack traces, no 500 from input. */
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { openTestDatabase, registerBusiness, testConfig, useTestApp } from '../../helpers/app.js';
import { createMaster } from '../../helpers/catalog.js';
import { expectRefusal } from '../../helpers/refusal.js';

const t = useTestApp();

const onlyDetail = (body: unknown) => {
  expect(Object.keys(body as object).every((key) => key === 'detail' || key === 'code' || key === 'errors')).toBe(true);
  expect(JSON.stringify(body)).not.toMatch(/\bat .+\.(ts|js):\d+/);
};

describe('error bodies', () => {
  it.each([
    ['a path parameter over 100 characters', `/api/v1/public/${'a'.repeat(101)}`, 414],
    ['a malformed percent escape', '/api/v1/public/%E0%A4%A', 400],
  ])('%s answers {detail, code} like every error, not the framework’s body', async (_name, url, status) => {
    const response = await t.call({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(Object.keys(response.data).sort()).toEqual(['code', 'detail']);
    expect(response.data.code).toBe('invalid_input');
    expect(response.body).not.toContain('FST_ERR');
  });

  it('an unknown route is 404 {detail} naming the path without its query', async () => {
    const response = await t.call({ method: 'GET', url: '/api/v1/nothing-here?phone=77011112233' });
    expect(response.statusCode).toBe(404);
    expect(response.data).toEqual({ detail: 'Route GET /api/v1/nothing-here not found', code: 'route_not_found' });
  });

  it('a body that is not valid JSON is 400', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.kz", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.data).toEqual({ detail: 'Request body is not valid JSON', code: 'invalid_json' });
  });

  it('an empty JSON body is 400', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectRefusal(response, 'invalid_json');
    onlyDetail(response.data);
  });

  it('a JSON body that is not an object is 400', async () => {
    for (const payload of ['null', '[]', '"text"', '42']) {
      const response = await t.call({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      onlyDetail(response.data);
    }
  });

  it('a body over 1 MB is 413; just under it is read (an anonymous POST reads 64 KB: security/request-bounds)', async () => {
    const owner = await registerBusiness(t);
    const put = (payload: string) =>
      t.call({ method: 'PUT', url: '/api/v1/business', token: owner.token, headers: { 'content-type': 'application/json' }, payload });
    const response = await put(JSON.stringify({ name: 'x'.repeat(1024 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.data).toEqual({ detail: 'Request body is larger than 1 MB', code: 'body_too_large' });
    const read = await put(JSON.stringify({ name: 'x'.repeat(1000 * 1000) }));
    expect(read.statusCode).toBe(400); // read and validated: a name that long is refused by the schema
    expect(read.data.errors[0].field).toBe('name');
  });

  it('an unsupported content type is 415 {detail}', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expectRefusal(response, 'unsupported_media_type');
    onlyDetail(response.data);
  });

  it('invalid input is 400 with detail and errors naming the field', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const response = await t.call({
      method: 'POST',
      url: `/api/v1/public/${owner.business.slug}/booking`,
      payload: { service_id: owner.service.id, date: '2026-11-24', time: '10:00', first_name: 'A' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.data).toEqual({
      detail: expect.stringContaining('phone'),
      code: 'invalid_input',
      errors: [{ field: 'phone', message: expect.any(String) }],
    });
  });

  it('a JSON body keeps its types: a number or boolean sent as text is 400, while query strings and paths still read numbers', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    const wrongTypes: [string, string, Record<string, unknown>, string][] = [
      [
        'POST',
        `/api/v1/public/${owner.business.slug}/booking`,
        { service_id: String(owner.service.id), date: '2026-11-24', time: '10:00', first_name: 'A', phone: '+77011112233' },
        'service_id',
      ],
      ['POST', '/api/v1/services', { name: 'Стрижка', duration: '30', price: 1500 }, 'duration'],
      ['PUT', '/api/v1/business', { strict_slots: 'true' }, 'strict_slots'],
      ['POST', '/api/v1/masters', { name: 'Дана', service_ids: owner.service.id }, 'service_ids'],
    ];
    for (const [method, url, payload, field] of wrongTypes) {
      const response = await t.call({ method: method as 'POST', url, payload, token: owner.token });
      expect(response.statusCode, url).toBe(400);
      expect(response.data.errors?.[0]?.field, url).toBe(field);
    }
    const bookings = await t.call({ method: 'GET', url: '/api/v1/bookings', token: owner.token });
    expect(bookings.data).toEqual([]);
    const slots = await t.call({
      method: 'GET',
      url: `/api/v1/public/${owner.business.slug}/slots?date=2026-11-24&master_id=${master.id}`,
    });
    expect(slots.statusCode).toBe(200);
  });

  it('a nested field is named with its path', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        email: 'nested@example.kz',
        password: 'long enough',
        full_name: 'A',
        business_name: 'B',
        phone: '87011112233',
        service: { duration: 'long' },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.data.errors[0].field).toBe('service.duration');
  });

  it('ids out of the integer range are 400, not a database error', async () => {
    const owner = await registerBusiness(t);
    for (const [method, url] of [
      ['GET', '/api/v1/services/2147483648'],
      ['GET', '/api/v1/masters/99999999999999999999'],
      ['PUT', '/api/v1/schedule/-1'],
      ['PUT', '/api/v1/categories/1.5'],
    ] as const) {
      const response = await t.call({ method, url, token: owner.token, payload: method === 'PUT' ? { name: 'x' } : undefined });
      expectRefusal(response, 'invalid_input');
      expect(response.data.errors, url).toEqual([expect.objectContaining({ field: 'id' })]);
      onlyDetail(response.data);
    }
  });

  it('a NUL character in any text is 400, not a database error', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const text = 'a\u0000b';
    const requests = [
      t.call({ method: 'GET', url: `/api/v1/clients?q=${encodeURIComponent(text)}`, token: owner.token }),
      t.call({ method: 'GET', url: `/api/v1/public/${encodeURIComponent(text)}` }),
      t.call({ method: 'POST', url: '/api/v1/auth/login', payload: { email: text, password: text } }),
      t.call({ method: 'POST', url: '/api/v1/categories', token: owner.token, payload: { name: text } }),
      t.call({ method: 'PUT', url: '/api/v1/business', token: owner.token, payload: { address: text } }),
      t.call({
        method: 'POST',
        url: `/api/v1/public/${owner.business.slug}/booking`,
        payload: { service_id: owner.service.id, date: '2026-11-24', time: '10:00', first_name: text, phone: '87011112233' },
      }),
    ];
    for (const response of await Promise.all(requests)) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.data).toEqual({ detail: 'Invalid input: text must not contain NUL characters', code: 'invalid_input' });
    }
  });

  it('a query number that ajv reads as Infinity (1e309) is 400, not a database error', async () => {
    const owner = await registerBusiness(t);
    const urls = [
      `/api/v1/public/${owner.business.slug}/slots?date=2026-11-24&master_id=1e309`,
      `/api/v1/public/${owner.business.slug}/slots?date=2026-11-24&master_id=-1e309`,
      '/api/v1/bookings?master_id=1e309',
      '/api/v1/services/1e309',
      '/api/v1/masters/Infinity',
      '/api/v1/schedule/master/1e999',
    ];
    for (const url of urls) {
      const response = await t.call({ method: 'GET', url, token: owner.token });
      expect(response.statusCode, url).toBe(400);
      onlyDetail(response.data);
    }
  });

  it('hostile strings are just data: no 500', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const hostile = ["'; DROP TABLE bookings; --", '\u0000', '%_\\', '😀'.repeat(50), '<script>alert(1)</script>'];
    for (const value of hostile) {
      const clients = await t.call({ method: 'GET', url: `/api/v1/clients?q=${encodeURIComponent(value)}`, token: owner.token });
      expect(clients.statusCode, `clients ${JSON.stringify(value)}`).toBeLessThan(500);
      const slug = await t.call({ method: 'GET', url: `/api/v1/public/${encodeURIComponent(value)}` });
      expect(slug.statusCode, `slug ${JSON.stringify(value)}`).toBeLessThan(500);
      const booking = await t.call({
        method: 'POST',
        url: `/api/v1/public/${owner.business.slug}/booking`,
        payload: { service_id: owner.service.id, date: '2026-11-24', time: '10:00', first_name: value, phone: '87011112233', notes: value },
      });
      expect(booking.statusCode, JSON.stringify(value)).toBeLessThan(500);
    }
  });
});

describe('health and docs', () => {
  it('GET /healthz is 200 {status: ok}', async () => {
    const response = await t.call({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({ status: 'ok' });
  });

  it('GET /readyz is 200 while the database answers', async () => {
    const response = await t.call({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({ status: 'ok' });
  });

  it('the OpenAPI document lists the core routes, generated from their schemas', async () => {
    const response = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.data.openapi).toMatch(/^3\./);
    const paths = Object.keys(response.data.paths);
    for (const path of [
      '/api/v1/auth/register',
      '/api/v1/auth/login',
      '/api/v1/auth/me',
      '/api/v1/business',
      '/api/v1/categories/{id}',
      '/api/v1/services/{id}',
      '/api/v1/masters/{id}',
      '/api/v1/clients/{id}',
      '/api/v1/schedule',
      '/api/v1/schedule/{id}',
      '/api/v1/schedule/master/{master_id}',
      '/api/v1/public/{slug}',
      '/api/v1/public/{slug}/services',
      '/api/v1/public/{slug}/masters',
      '/api/v1/public/{slug}/slots',
      '/api/v1/public/{slug}/booking',
      '/api/v1/bookings',
      '/api/v1/bookings/{id}',
      '/healthz',
      '/readyz',
    ]) {
      expect(paths).toContain(path);
    }
    const booking = response.data.paths['/api/v1/public/{slug}/booking'].post;
    expect(Object.keys(booking.responses)).toEqual(expect.arrayContaining(['201', '400', '404', '409']));
  });

  it('the interactive reference is served at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('a database that went away', () => {
  const handle: { app?: Awaited<ReturnType<typeof buildApp>>; close?: () => Promise<void> } = {};
  afterAll(async () => {
    await handle.app?.close();
  });

  it('/readyz is 503 and a request gets a generic 5xx {detail} with no stack trace', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database });
    handle.app = app;
    await app.ready();
    await database.close();
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ detail: 'Database unavailable', code: 'unavailable' });
    const response = await app.inject({ method: 'GET', url: '/api/v1/public/some-slug' });
    expect([500, 503]).toContain(response.statusCode);
    expect(response.json()).toEqual({
      detail: expect.stringMatching(/^(Internal server error|Database unavailable, try again shortly)$/),
      code: expect.stringMatching(/^(internal|unavailable)$/),
    });
    expect(response.body).not.toMatch(/\.ts:\d+|\.js:\d+|PGlite|pool/i);
  });
});
