import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { signInitData } from '../../../src/modules/identity/init-data.js';
import { webDist } from '../../../src/paths.js';
import { existsSync } from 'node:fs';
import { createTestApp, registerBusiness, uniquePhone, useTestApp, type TestApp, type TestAppOptions } from '../../helpers/app.js';

const MINI_APP = 'https://mini.booking.kz';
const t = useTestApp({ env: { CORS_ORIGINS: `${MINI_APP}, https://other-allowed.kz` } });

async function withApp<T>(options: TestAppOptions, run: (app: TestApp) => Promise<T>): Promise<T> {
  const app = await createTestApp(options);
  try {
    return await run(app);
  } finally {
    await app.app.close();
    await app.database.close();
  }
}

function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers (helmet)', () => {
  it('sends a CSP that allows our pages, Telegram and Turnstile, and the usual hardening headers', async () => {
    const response = await t.call({ method: 'GET', url: '/healthz' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(expect.arrayContaining(["'self'", 'https://telegram.org', 'https://challenges.cloudflare.com']));
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('frame-src')).toContain('https://challenges.cloudflare.com');
    expect(csp.get('frame-ancestors')).toEqual(expect.arrayContaining(["'self'", 'https://web.telegram.org']));
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    // X-Frame-Options cannot allow Telegram Web to frame the mini app; frame-ancestors does it.
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('API errors carry the headers too', async () => {
    const response = await t.call({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-security-policy']).toBeDefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the Swagger UI at /api/docs loads under the CSP: only same-origin scripts, no inline ones', async () => {
    const page = await t.call({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      const src = /src="([^"]+)"/.exec(attributes!)?.[1];
      expect(src, 'inline script in /api/docs').toBeDefined();
      expect(src!.startsWith('http')).toBe(false); // same origin
      expect(body!.trim()).toBe('');
      const asset = await t.call({ method: 'GET', url: new URL(src!, 'http://x/api/docs/').pathname });
      expect(asset.statusCode, src).toBe(200);
    }
    const spec = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.data.paths).toHaveProperty('/api/v1/location/cities');
  });

  it.skipIf(!existsSync(webDist))('the built web pages load only scripts the CSP allows, with no inline executable script', async () => {
    const owner = await registerBusiness(t);
    const allowed = ['https://telegram.org/', 'https://challenges.cloudflare.com/'];
    for (const url of ['/admin', '/superadmin', '/app', `/${owner.business.slug}`]) {
      const page = await t.call({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-security-policy'], url).toBeDefined();
      for (const [, attributes, body] of page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
        const src = /src="([^"]+)"/.exec(attributes!)?.[1];
        if (src) {
          expect(src.startsWith('/') || allowed.some((origin) => src.startsWith(origin)), `${url}: ${src}`).toBe(true);
        } else {
          // Data blocks (type="application/json") are not executed, so the CSP allows them.
          expect(attributes, `${url}: inline script ${body!.slice(0, 60)}`).toMatch(/type="application\/(ld\+)?json"/);
        }
      }
      expect(page.body, url).not.toMatch(/\son[a-z]+="/); // inline event handlers are blocked (script-src-attr 'none')
    }
  });
});

describe('CORS (CORS_ORIGINS)', () => {
  it('answers a preflight from the mini app origin', async () => {
    const response = await t.call({
      method: 'OPTIONS',
      url: '/api/v1/public/x/booking',
      headers: {
        origin: MINI_APP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-telegram-init-data,idempotency-key',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(MINI_APP);
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('x-telegram-init-data');
  });

  it('allows every listed origin on simple requests and exposes x-request-id', async () => {
    for (const origin of [MINI_APP, 'https://other-allowed.kz']) {
      const response = await t.call({ method: 'GET', url: '/healthz', headers: { origin } });
      expect(response.headers['access-control-allow-origin']).toBe(origin);
      expect(String(response.headers['access-control-expose-headers'])).toContain('x-request-id');
    }
  });

  it('gives any other origin no CORS headers at all', async () => {
    for (const origin of ['https://evil.example', 'https://mini.booking.kz.evil.example', 'null']) {
      const simple = await t.call({ method: 'GET', url: '/healthz', headers: { origin } });
      const preflight = await t.call({
        method: 'OPTIONS',
        url: '/api/v1/auth/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      for (const response of [simple, preflight]) {
        const cors = Object.keys(response.headers).filter((name) => name.startsWith('access-control-'));
        expect(cors, origin).toEqual([]);
      }
    }
  });

  it('defaults to PUBLIC_URL when CORS_ORIGINS is unset', async () => {
    await withApp({}, async (plain) => {
      const own = await plain.call({ method: 'GET', url: '/healthz', headers: { origin: 'http://booking.test' } });
      expect(own.headers['access-control-allow-origin']).toBe('http://booking.test');
      const other = await plain.call({ method: 'GET', url: '/healthz', headers: { origin: MINI_APP } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});

describe('rate limits (RATE_LIMIT_*, per client address)', () => {
  const limits = { RATE_LIMIT_LOGIN: '2', RATE_LIMIT_REGISTER: '2', RATE_LIMIT_BOOKING: '2' };

  async function exhaust(
    app: TestApp,
    request: () => Promise<{ statusCode: number; data: unknown; headers: Record<string, unknown> }>,
    max: number,
  ) {
    for (let i = 0; i < max; i += 1) expect((await request()).statusCode).not.toBe(429);
    const blocked = await request();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.data).toEqual({ detail: expect.stringMatching(/^Too many requests, try again in \d+ s$/), code: 'rate_limited' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    void app;
  }

  it('login, register and booking creation answer 429 with detail past their limit', async () => {
    await withApp({ env: limits }, async (app) => {
      const owner = await registerBusiness(app, {});
      await exhaust(
        app,
        () => app.op('post', '/api/v1/auth/login', { remoteAddress: '10.9.0.1', body: { email: 'a@b.kz', password: 'wrong-password' } }),
        2,
      );
      await exhaust(
        app,
        () => app.call({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: '10.9.0.2', payload: { email: 'not-an-email' } }),
        2,
      );
      await exhaust(
        app,
        () =>
          app.op('post', '/api/v1/public/{slug}/booking', {
            path: { slug: owner.business.slug },
            remoteAddress: '10.9.0.3',
            body: { service_id: owner.service.id, date: '2026-11-24', time: '10:00', first_name: 'Алия', phone: uniquePhone() },
          }),
        2,
      );
      // Another client address still gets through.
      const fresh = await app.op('post', '/api/v1/auth/login', {
        remoteAddress: '10.9.0.9',
        body: { email: 'a@b.kz', password: 'wrong-password' },
      });
      expect(fresh.statusCode).toBe(401);
    });
  });

  it('0 turns a limit off', async () => {
    // The shared test app runs with every limit at 0.
    for (let i = 0; i < 15; i += 1) {
      const response = await t.op('post', '/api/v1/auth/login', { body: { email: 'a@b.kz', password: 'wrong-password' } });
      expect(response.statusCode).toBe(401);
    }
  });

  it('a forged X-Forwarded-For does not reset the limit unless TRUST_PROXY says so', async () => {
    const attempt = (app: TestApp, forwardedFor: string) =>
      app.op('post', '/api/v1/auth/login', {
        remoteAddress: '10.8.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
        body: { email: 'a@b.kz', password: 'x' },
      });
    await withApp({ env: { RATE_LIMIT_LOGIN: '1' } }, async (app) => {
      expect((await attempt(app, '1.1.1.1')).statusCode).toBe(401);
      expect((await attempt(app, '2.2.2.2')).statusCode).toBe(429);
    });
    await withApp({ env: { RATE_LIMIT_LOGIN: '1', TRUST_PROXY: '1' } }, async (app) => {
      // Behind one load balancer the client address is the last X-Forwarded-For entry.
      expect((await attempt(app, '1.1.1.1')).statusCode).toBe(401);
      expect((await attempt(app, '1.1.1.1')).statusCode).toBe(429);
      expect((await attempt(app, '9.9.9.9, 2.2.2.2')).statusCode).toBe(401);
    });
  });
});

describe('request ids and logs', () => {
  async function withLogs(
    run: (app: TestApp, lines: () => Record<string, unknown>[], raw: () => string) => Promise<void>,
    env: Record<string, string> = {},
  ) {
    let output = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        output += chunk.toString();
        done();
      },
    });
    await withApp({ env, build: { logger: { level: 'info', stream } } }, (app) =>
      run(
        app,
        () =>
          output
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as Record<string, unknown>),
        () => output,
      ),
    );
  }

  it('echoes x-request-id and logs it; generates one when absent', async () => {
    await withLogs(async (app, lines) => {
      const given = await app.call({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-abc-123' } });
      expect(given.headers['x-request-id']).toBe('trace-abc-123');
      expect(lines().some((line) => line.reqId === 'trace-abc-123')).toBe(true);
      const generated = await app.call({ method: 'GET', url: '/healthz' });
      expect(String(generated.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines().some((line) => line.reqId === generated.headers['x-request-id'])).toBe(true);
    });
  });

  it('replaces an x-request-id that does not look like an id', async () => {
    for (const bad of ['x'.repeat(500), 'a b', 'id\u0000', '{"json":1}']) {
      const response = await t.call({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
      expect(String(response.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('keeps phones, names, initData, tokens and passwords out of info logs', async () => {
    const botToken = '123456:TEST-token';
    await withLogs(
      async (app, _lines, raw) => {
        const phone = '+7 (701) 987-65-43';
        const owner = await registerBusiness(app, { phone, password: 'Sup3r-secret-pass', email: 'private.owner@example.kz' });
        await app.op('post', '/api/v1/masters', { token: owner.token, body: { name: 'Мастер' } });
        const params = new URLSearchParams({
          auth_date: String(Math.floor(Date.parse('2026-11-23T05:00:00Z') / 1000)),
          user: JSON.stringify({ id: 42, first_name: 'Гульнара' }),
        });
        params.set('hash', signInitData(params, botToken));
        const initData = params.toString();
        const booked = await app.call({
          method: 'POST',
          url: `/api/v1/public/${owner.business.slug}/booking?phone=77015550000`,
          headers: { 'x-telegram-init-data': initData },
          payload: { service_id: owner.service.id, date: '2026-11-24', time: '10:00', first_name: 'Гульнара', phone: '8 777 123 45 67' },
        });
        expect(booked.statusCode).toBe(201);
        await app.op('get', '/api/v1/clients', { query: { q: '7771234567' }, token: owner.token });
        await app.op('post', '/api/v1/auth/login', { body: { email: 'private.owner@example.kz', password: 'Sup3r-secret-pass' } });

        const log = raw();
        expect(log).toContain('"level":30');
        for (const secret of [
          '7019876543',
          '9876543',
          '7771234567',
          '1234567',
          '77015550000',
          'Гульнара',
          'Sup3r-secret-pass',
          'private.owner@example.kz',
          owner.token,
          owner.token.split('.')[1]!,
          params.get('hash')!,
          'auth_date',
        ]) {
          expect(log, secret).not.toContain(secret);
        }
      },
      { BOT_TOKEN: botToken },
    );
  });
});
