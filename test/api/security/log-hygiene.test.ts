/**
 * CONTRACT.md §11 third pass and §15: no log line at info or above holds a
 * calendar feed token or a booking id, and an anonymous caller cannot make a
 * log line per request (the missing map key is said once). Fourth pass: a NUL character in any text
 * of a JSON body is 400 invalid_input, never a log line above info.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp, registerBusiness, type TestApp } from '../../helpers/app.js';
import { book, createMaster } from '../../helpers/catalog.js';

const INFO = 30;

async function withLogs(run: (app: TestApp) => Promise<void>): Promise<Record<string, unknown>[]> {
  let output = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  const app = await createTestApp({ env: { MAP_API_KEY: '' }, build: { logger: { level: 'info', stream } } });
  try {
    await run(app);
  } finally {
    await app.app.close();
    await app.database.close();
  }
  return output
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('log hygiene', () => {
  it('a NUL in a JSON body is 400 invalid_input on every route, the password reset included, and no line above info', async () => {
    const answers: unknown[] = [];
    const lines = await withLogs(async (t) => {
      const owner = await registerBusiness(t);
      const requests = [
        { method: 'POST' as const, url: '/api/v1/auth/password-reset', payload: `{"email": "${owner.user.email}\\u0000"}` },
        { method: 'POST' as const, url: '/api/v1/auth/password-reset', payload: '{"email": "a\u0000@b.kz"}' }, // written raw
        { method: 'POST' as const, url: '/api/v1/auth/login', payload: '{"email": "a@b.kz\\u0000", "password": "x"}' },
        { method: 'PUT' as const, url: '/api/v1/business', payload: '{"name": "Salon\\u0000"}', token: owner.token },
      ];
      for (const request of requests) {
        const response = await t.call({ ...request, headers: { 'content-type': 'application/json' } });
        answers.push([response.statusCode, response.data]);
      }
      // A backslash written as \\ before u0000 is text, not a NUL.
      const text = await t.call({
        method: 'POST',
        url: '/api/v1/auth/password-reset',
        payload: '{"email": "a\\\\u0000@b.kz"}',
        headers: { 'content-type': 'application/json' },
      });
      answers.push(text.statusCode);
      await new Promise((resolve) => setTimeout(resolve, 300)); // a reset's work runs after its answer
    });
    const refused = [400, { detail: 'Invalid input: text must not contain NUL characters', code: 'invalid_input' }];
    expect(answers).toEqual([refused, refused, refused, refused, 202]);
    expect(lines.filter((line) => (line.level as number) > INFO)).toEqual([]);
  });

  it('the feed token and booking ids stay out of every line at info or above (request lines included)', async () => {
    const secrets: string[] = [];
    const lines = await withLogs(async (t) => {
      const owner = await registerBusiness(t);
      const master = await createMaster(t, owner);
      const booking = await book(t, owner, { master_id: master.id });
      secrets.push(booking.id);
      const feed = await t.op('get', '/api/v1/masters/{id}/calendar', { token: owner.token, path: { id: master.id } });
      const token = /\/ics\/([^/]+)\.ics$/.exec(feed.data.url)![1]!;
      secrets.push(token);
      expect((await t.call({ method: 'GET', url: `/ics/${token}.ics` })).statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: `/ics/${token}x.ics` })).statusCode).toBe(404);
      expect((await t.op('get', '/api/v1/bookings/{id}', { token: owner.token, path: { id: booking.id } })).statusCode).toBe(200);
      const moved = await t.op('patch', '/api/v1/bookings/{id}', {
        token: owner.token,
        path: { id: booking.id },
        body: { status: 'confirmed' },
      });
      expect(moved.statusCode).toBe(200);
    });
    const loud = lines.filter((line) => Number(line.level) >= INFO);
    const text = JSON.stringify(loud);
    expect(text).toContain('/ics/***.ics');
    expect(text).toContain('/api/v1/bookings/***');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('requests to /location without MAP_API_KEY: 502 each, one line saying why, no error line per request', async () => {
    const lines = await withLogs(async (t) => {
      for (let i = 0; i < 5; i += 1) {
        const response = await t.op('get', '/api/v1/location/cities', { query: { q: 'Алм' } });
        expect(response.statusCode).toBe(502);
        expect(response.problem.code).toBe('map_unavailable');
      }
    });
    const loud = lines.filter((line) => Number(line.level) > INFO);
    expect(loud.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(loud.filter((line) => /map/i.test(String(line.msg))).map((line) => line.msg)).toEqual([
      'map provider: MAP_API_KEY is not set (address suggestions answer 502)',
    ]);
  });
});
