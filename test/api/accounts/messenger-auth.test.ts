/** POST /auth/messenger (SPEC.md "Mini-app login", CONTRACT.md §3) with initData signed like Telegram signs it. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema.js';
import { signInitData } from '../../../src/modules/identity/init-data.js';
import { createTestApp, useTestApp, type TestApp } from '../../helpers/app.js';
import { botEnv, messageUpdate, TEST_BOT_TOKEN, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { postUpdate, randomChat, salon, userRow, providerStart } from '../../helpers/bot-scenarios.js';
import type { RequestBody } from '../../helpers/typed-call.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });

function initData(user: Record<string, unknown>, options: { authDate?: number; token?: string; startParam?: string } = {}): string {
  const params = new URLSearchParams({
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify(user),
    auth_date: String(options.authDate ?? t.app.ctx.time.unixSeconds()),
  });
  if (options.startParam) params.set('start_param', options.startParam);
  params.set('hash', signInitData(params, options.token ?? TEST_BOT_TOKEN));
  return params.toString();
}

const login = (body: RequestBody<'post', '/api/v1/auth/messenger'>) => t.op('post', '/api/v1/auth/messenger', { body });

describe('POST /auth/messenger', () => {
  it('creates a CUSTOMER with a placeholder email, empty password, the first name and the business of the slug', async () => {
    const owner = await salon(t);
    const telegramId = randomChat();
    const response = await login({
      initData: initData({ id: telegramId, first_name: 'Асель', username: 'asel' }),
      startParam: owner.business.slug,
    });
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({
      token: expect.any(String),
      role: 'customer',
      businessSlug: owner.business.slug,
      user: { id: expect.any(Number), name: 'Асель', messengerId: String(telegramId) },
    });
    const row = await userRow(t, response.data.user.id);
    expect(row).toMatchObject({
      email: `tg${telegramId}@telegram.local`,
      passwordHash: '',
      role: 'CUSTOMER',
      businessId: owner.business.id,
    });

    // The customer token is no provider token.
    const me = await t.op('get', '/api/v1/auth/me', { token: response.data.token });
    expect(me.statusCode).toBe(403);
  });

  it('returns an existing user unchanged', async () => {
    const telegramId = randomChat();
    const first = await login({ initData: initData({ id: telegramId, first_name: 'Первое' }), startParam: 'nobody-here' });
    const again = await login({ initData: initData({ id: telegramId, first_name: 'Другое' }), startParam: 'nobody-here' });
    expect(again.data.user).toEqual(first.data.user);
    expect((await userRow(t, first.data.user.id)).businessId).toBeNull();
  });

  it('a concurrent first login of one Telegram user ends with one user', async () => {
    const telegramId = randomChat();
    const data = initData({ id: telegramId, first_name: 'Гонка' });
    const responses = await Promise.all([login({ initData: data, startParam: '' }), login({ initData: data, startParam: '' })]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(responses[0]!.data.user.id).toBe(responses[1]!.data.user.id);
  });

  it('recognises the provider whose Telegram id /start provider_ stored: role provider, its own business', async () => {
    const owner = await salon(t);
    const other = await salon(t);
    const telegramId = randomChat();
    await postUpdate(t, messageUpdate(telegramId, await providerStart(t, owner)));
    const response = await login({ initData: initData({ id: telegramId, first_name: 'Owner' }), startParam: other.business.slug });
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject({
      role: 'provider',
      businessSlug: owner.business.slug,
      user: { id: owner.user.id, messengerId: String(telegramId) },
    });
    const me = await t.op('get', '/api/v1/auth/me', { token: response.data.token });
    expect(me.statusCode).toBe(200);
    expect(me.data.business.id).toBe(owner.business.id);
  });

  it('a provider who opened the mini app before linking still becomes the provider', async () => {
    const owner = await salon(t);
    const telegramId = randomChat();
    const before = await login({ initData: initData({ id: telegramId, first_name: 'Owner' }), startParam: owner.business.slug });
    expect(before.data.role).toBe('customer');
    await postUpdate(t, messageUpdate(telegramId, await providerStart(t, owner)));
    const after = await login({ initData: initData({ id: telegramId, first_name: 'Owner' }), startParam: owner.business.slug });
    expect(after.data).toMatchObject({ role: 'provider', user: { id: owner.user.id } });
  });

  it('401 Invalid initData for a wrong hash, another bot token, a tampered field or garbage', async () => {
    const good = initData({ id: 1, first_name: 'X' });
    const cases = [
      good.replace(/hash=[0-9a-f]{4}/, 'hash=0000'),
      initData({ id: 1, first_name: 'X' }, { token: '987:another-bot' }),
      good.replace('first_name', 'last_name'),
      'not a query string at all',
      '',
    ];
    for (const data of cases) {
      const response = await login({ initData: data, startParam: 'x' });
      expect(response.statusCode, data).toBe(401);
      expect(response.problem).toEqual({ detail: 'Invalid initData', code: 'invalid_credentials' });
    }
  });

  it('401 initData expired when auth_date is more than 5 minutes old', async () => {
    const now = t.app.ctx.time.unixSeconds();
    const fresh = await login({ initData: initData({ id: randomChat(), first_name: 'X' }, { authDate: now - 300 }) });
    expect(fresh.statusCode).toBe(200);
    const stale = await login({ initData: initData({ id: randomChat(), first_name: 'X' }, { authDate: now - 301 }) });
    expect(stale.statusCode).toBe(401);
    expect(stale.problem).toEqual({ detail: 'initData expired', code: 'invalid_credentials' });
  });

  it('400 without initData', async () => {
    // Broken on purpose (no initData): the raw client.
    expect((await t.call({ method: 'POST', url: '/api/v1/auth/messenger', payload: { startParam: 'x' } })).statusCode).toBe(400);
  });
});

describe('without BOT_TOKEN', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => {
    await plain.app.close();
    await plain.database.close();
  });

  it('answers 503', async () => {
    const response = await plain.op('post', '/api/v1/auth/messenger', { body: { initData: 'a=b', startParam: 'x' } });
    expect(response.statusCode).toBe(503);
  });
});

describe('an owner e-mail never collides with a Telegram user', () => {
  it('registration refuses the placeholder domain', async () => {
    const telegramId = randomChat();
    const taken = await t.op('post', '/api/v1/auth/register', {
      body: {
        email: `tg${telegramId}@telegram.local`,
        password: 'correct horse battery',
        full_name: 'X',
        business_name: 'Y',
        phone: '+77010000001',
        service: { name: 'Стрижка', duration: 30, price: 1000 },
      },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.problem).toMatchObject({ code: 'invalid_input', errors: [{ field: 'email' }] });
  });

  it('a placeholder taken by an older row still lets that Telegram user in, as a customer, with no 500', async () => {
    const owner = await salon(t);
    const telegramId = randomChat();
    await t.database.db
      .update(users)
      .set({ email: `tg${telegramId}@telegram.local` })
      .where(eq(users.id, owner.user.id));
    const response = await login({ initData: initData({ id: telegramId, first_name: 'Ерлан' }) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.role).toBe('customer');
    expect(response.data.user.id).not.toBe(owner.user.id);
    const again = await login({ initData: initData({ id: telegramId, first_name: 'Ерлан' }) });
    expect(again.data.user.id).toBe(response.data.user.id);
  });
});
