import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { bookings, users } from '../../../src/db/schema.js';
import { signInitData } from '../../../src/modules/identity/init-data.js';
import { registerBusiness, uniquePhone, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { json, startFakeServer, type FakeServer } from '../../helpers/fake-http.js';

const SECRET = 'captcha-secret-0x';
const BOT_TOKEN = '777000:captcha-test-bot';
let verifier: FakeServer;
beforeAll(async () => {
  verifier = await startFakeServer(json(200, { success: true }));
});
afterAll(() => verifier.close());

const withCaptcha = useTestApp({ env: () => ({ CAPTCHA_SECRET: SECRET, CAPTCHA_VERIFY_URL: `${verifier.url}/siteverify`, BOT_TOKEN }) });
const withoutCaptcha = useTestApp({ env: () => ({ CAPTCHA_VERIFY_URL: `${verifier.url}/siteverify` }) });

const registration = (extra: { captcha_token?: string } = {}) => ({
  email: `captcha${Math.random().toString(36).slice(2)}@example.kz`,
  password: 'long enough password',
  full_name: 'Айдана',
  business_name: 'Барбершоп',
  phone: uniquePhone(),
  ...extra,
});

const register = (body: ReturnType<typeof registration>, remoteAddress?: string) =>
  withCaptcha.op('post', '/api/v1/auth/register', { body, remoteAddress });

/** startParam: the slug the mini app was opened for (CONTRACT.md §11: it must name the booked business). */
function initData(authDate: number, token = BOT_TOKEN, startParam: string | undefined = slugOfOwner()): string {
  const params = new URLSearchParams({
    auth_date: String(authDate),
    user: JSON.stringify({ id: 5150, first_name: 'Ержан' }),
    query_id: 'AAE',
  });
  if (startParam !== undefined) params.set('start_param', startParam);
  params.set('hash', signInitData(params, token));
  return params.toString();
}

async function verifierCalls(run: () => Promise<void>) {
  const before = verifier.requests.length;
  await run();
  return verifier.requests.slice(before);
}

describe('captcha off (CAPTCHA_SECRET unset)', () => {
  it('registers and books without a token and without calling the verifier', async () => {
    const calls = await verifierCalls(async () => {
      const owner = await registerBusiness(withoutCaptcha);
      await withoutCaptcha.op('post', '/api/v1/masters', { token: owner.token, body: { name: 'Мастер' } });
      const booked = await withoutCaptcha.op('post', '/api/v1/public/{slug}/booking', {
        path: { slug: owner.business.slug },
        body: { service_id: owner.service.id, date: '2026-11-24', time: '10:00', first_name: 'Алия', phone: uniquePhone() },
      });
      expect(booked.statusCode).toBe(201);
    });
    expect(calls).toEqual([]);
  });
});

describe('captcha on: POST /auth/register', () => {
  it('sends secret, response and remoteip to the siteverify endpoint as a form, and registers on success', async () => {
    verifier.handle(json(200, { success: true }));
    const calls = await verifierCalls(async () => {
      const response = await register(registration({ captcha_token: 'tok-ok' }), '203.0.113.7');
      expect(response.statusCode).toBe(201);
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.path).toBe('/siteverify');
    expect(calls[0]!.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual({
      secret: SECRET,
      response: 'tok-ok',
      remoteip: '203.0.113.7',
    });
  });

  it('400 Captcha verification failed without a token, without calling the verifier, creating nothing', async () => {
    const body = registration();
    const calls = await verifierCalls(async () => {
      const response = await register(body);
      expect(response.statusCode).toBe(400);
      expect(response.problem.detail).toBe('Captcha verification failed');
    });
    expect(calls).toEqual([]);
    const [row] = await withCaptcha.database.db.select({ n: count() }).from(users).where(eq(users.email, body.email));
    expect(Number(row!.n)).toBe(0);
  });

  it('400 when the verifier says no', async () => {
    verifier.handle(json(200, { success: false, 'error-codes': ['invalid-input-response'] }));
    const response = await register(registration({ captcha_token: 'tok-bad' }));
    expect(response.statusCode).toBe(400);
    expect(response.problem.detail).toBe('Captcha verification failed');
    verifier.handle(json(200, { success: true }));
  });

  it.each([
    ['answers 500', json(500, { success: true })],
    ['answers something that is not JSON', json(200, 'oops')],
    ['drops the connection', (_req: unknown, res: { destroy(): void }) => res.destroy()],
  ])('502 when the verifier %s', async (_what, handler) => {
    verifier.handle(handler as Parameters<FakeServer['handle']>[0]);
    const response = await register(registration({ captcha_token: 'tok' }));
    expect(response.statusCode).toBe(502);
    expect(response.problem).toEqual({ detail: 'Captcha verifier unavailable', code: 'captcha_unavailable' });
    verifier.handle(json(200, { success: true }));
  });
});

let slugOfOwner = (): string | undefined => undefined;

describe('captcha on: POST /public/{slug}/booking', () => {
  let owner: RegisteredBusiness;
  beforeAll(async () => {
    verifier.handle(json(200, { success: true }));
    owner = await registerBusiness(withCaptcha, { captcha_token: 'tok-ok' });
    slugOfOwner = () => owner.business.slug;
    await withCaptcha.op('post', '/api/v1/masters', { token: owner.token, body: { name: 'Мастер' } });
  });
  const bookingsOf = async () =>
    Number((await withCaptcha.database.db.select({ n: count() }).from(bookings).where(eq(bookings.businessId, owner.business.id)))[0]!.n);
  const book = (extra: { captcha_token?: string } = {}, headers: Record<string, string> = {}) =>
    withCaptcha.op('post', '/api/v1/public/{slug}/booking', {
      path: { slug: owner.business.slug },
      headers,
      remoteAddress: '198.51.100.4',
      body: { service_id: owner.service.id, date: '2026-11-25', time: '12:00', first_name: 'Алия', phone: uniquePhone(), ...extra },
    });

  it('400 without a token and no booking is made', async () => {
    const before = await bookingsOf();
    const response = await book();
    expect(response.statusCode).toBe(400);
    expect(response.problem.detail).toBe('Captcha verification failed');
    expect(await bookingsOf()).toBe(before);
  });

  it('201 with a token the verifier accepts; it received the client address', async () => {
    verifier.handle(json(200, { success: true }));
    const calls = await verifierCalls(async () => {
      expect((await book({ captcha_token: 'tok-book' })).statusCode).toBe(201);
    });
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual({
      secret: SECRET,
      response: 'tok-book',
      remoteip: '198.51.100.4',
    });
  });

  it('400 when the verifier rejects the token', async () => {
    verifier.handle(json(200, { success: false }));
    const before = await bookingsOf();
    expect((await book({ captcha_token: 'tok-rejected' })).statusCode).toBe(400);
    expect(await bookingsOf()).toBe(before);
    verifier.handle(json(200, { success: true }));
  });

  it('a valid mini-app X-Telegram-Init-Data header skips the captcha', async () => {
    const now = Math.floor(withCaptcha.clock.now().getTime() / 1000);
    const calls = await verifierCalls(async () => {
      const response = await book({}, { 'x-telegram-init-data': initData(now - 60) });
      expect(response.statusCode).toBe(201);
    });
    expect(calls).toEqual([]);
  });

  it.each([
    ['signed with another bot token', () => initData(Math.floor(withCaptcha.clock.now().getTime() / 1000), '1:other')],
    ['older than 5 minutes', () => initData(Math.floor(withCaptcha.clock.now().getTime() / 1000) - 301)],
    ['malformed', () => 'hash=zz&user=%7B'],
    ['opened for another business', () => initData(Math.floor(withCaptcha.clock.now().getTime() / 1000), BOT_TOKEN, 'another-salon')],
    ['opened without a start parameter', () => initData(Math.floor(withCaptcha.clock.now().getTime() / 1000), BOT_TOKEN, '')],
  ])('initData %s does not skip it (400 without a token)', async (_what, make) => {
    const response = await book({}, { 'x-telegram-init-data': make() });
    expect(response.statusCode).toBe(400);
    expect(response.problem.detail).toBe('Captcha verification failed');
  });
});

describe('captcha on: POST /public/{slug}/visits (CONTRACT.md §20 as §3)', () => {
  let owner: RegisteredBusiness;
  let beard: number;
  beforeAll(async () => {
    verifier.handle(json(200, { success: true }));
    owner = await registerBusiness(withCaptcha, { captcha_token: 'tok-ok' });
    slugOfOwner = () => owner.business.slug;
    const made = await withCaptcha.op('post', '/api/v1/services', {
      token: owner.token,
      body: { name: 'Борода', duration: 30, price: 3000 },
    });
    beard = made.data!.id;
    await withCaptcha.op('post', '/api/v1/masters', {
      token: owner.token,
      body: { name: 'Мастер', service_ids: [owner.service.id, beard] },
    });
  });
  const visit = (time: string, extra: { captcha_token?: string } = {}, headers: Record<string, string> = {}) =>
    withCaptcha.op('post', '/api/v1/public/{slug}/visits', {
      path: { slug: owner.business.slug },
      headers,
      remoteAddress: '198.51.100.4',
      body: {
        items: [{ service_id: owner.service.id }, { service_id: beard }],
        date: '2026-11-25',
        time,
        first_name: 'Алия',
        phone: uniquePhone(),
        ...extra,
      },
    });

  it('400 without a token; 201 with one the verifier accepts', async () => {
    const refused = await visit('10:00');
    expect(refused.statusCode).toBe(400);
    expect(refused.problem.detail).toBe('Captcha verification failed');
    expect((await visit('10:00', { captcha_token: 'tok-visit' })).statusCode).toBe(201);
  });

  it('a valid mini-app X-Telegram-Init-Data header of this business skips the captcha, as for one booking', async () => {
    const now = Math.floor(withCaptcha.clock.now().getTime() / 1000);
    const calls = await verifierCalls(async () => {
      const response = await visit('14:00', {}, { 'x-telegram-init-data': initData(now - 60) });
      expect(response.statusCode, response.body).toBe(201);
    });
    expect(calls).toEqual([]);
  });

  it.each([
    ['older than 5 minutes', () => initData(Math.floor(withCaptcha.clock.now().getTime() / 1000) - 301)],
    ['opened for another business', () => initData(Math.floor(withCaptcha.clock.now().getTime() / 1000), BOT_TOKEN, 'another-salon')],
  ])('initData %s does not skip it (400 without a token)', async (_what, make) => {
    const response = await visit('15:00', {}, { 'x-telegram-init-data': make() });
    expect(response.statusCode).toBe(400);
    expect(response.problem.detail).toBe('Captcha verification failed');
  });
});
