/** The webhook secret, set-webhook, the debug endpoints, /messenger/info, the password-reset notice, and the bot switched off. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { subscriptions } from '../../../src/db/schema.js';
import { createTestApp, SUPERADMIN_ENV, type TestApp } from '../../helpers/app.js';
import { botEnv, FakeTelegram, messageUpdate, TEST_BOT_TOKEN, TEST_BOT_USERNAME } from '../../helpers/fake-telegram.js';
import { book, randomChat, salon, webhook, providerStart } from '../../helpers/bot-scenarios.js';
import { expectRefusal } from '../../helpers/refusal.js';

const SECRET = 'webhook-Secret_123';
let fake: FakeTelegram;
let t: TestApp;

beforeAll(async () => {
  fake = await FakeTelegram.start();
  t = await createTestApp({ env: botEnv(fake, { TELEGRAM_WEBHOOK_SECRET: SECRET, ...SUPERADMIN_ENV }) });
});
afterAll(async () => {
  await t.app.close();
  await t.database.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const superToken = () => t.app.ctx.tokens.signSuperAdmin();
const setWebhook = (url: string, token?: string) => t.op('post', '/api/v1/messenger/set-webhook', { token, query: { url } });

describe('webhook secret', () => {
  it('401 without or with a wrong X-Telegram-Bot-Api-Secret-Token; handled with the right one', async () => {
    const chat = randomChat();
    const update = messageUpdate(chat, '/help');
    expect((await t.call({ method: 'POST', url: '/api/v1/messenger/webhook', payload: update })).statusCode).toBe(401);
    expect((await webhook(t, update, { 'x-telegram-bot-api-secret-token': 'wrong' })).statusCode).toBe(401);
    expect(fake.callsOf('sendMessage')).toHaveLength(0);
    const ok = await webhook(t, update, { 'x-telegram-bot-api-secret-token': SECRET });
    expect(ok.statusCode).toBe(200);
    expect(ok.data).toEqual({ ok: true });
    expect(fake.callsOf('sendMessage', chat)).toHaveLength(1);
  });
});

describe('POST /messenger/set-webhook', () => {
  it('calls setWebhook with the URL and the secret for the super admin', async () => {
    const url = 'https://booking.example.kz/api/v1/messenger/webhook';
    const response = await setWebhook(url, await superToken());
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({ ok: true, url });
    const call = fake.callsOf('setWebhook')[0]!;
    expect(call.token).toBe(TEST_BOT_TOKEN);
    expect(call.params).toMatchObject({ url, secret_token: SECRET });

    const info = await t.op('get', '/api/v1/messenger/debug/webhook', { token: await superToken() });
    expect(info.statusCode).toBe(200);
    expect(info.data).toMatchObject({ url, pending_update_count: 0, has_custom_certificate: false });
  });

  it('400 for a URL that is not HTTPS, without calling Telegram', async () => {
    for (const url of ['http://booking.example.kz/hook', 'ftp://x', 'not a url']) {
      const response = await setWebhook(url, await superToken());
      expect(response.statusCode, url).toBe(400);
    }
    expect(fake.callsOf('setWebhook')).toHaveLength(0);
  });

  it('401 without a token, 403 for a provider token', async () => {
    const owner = await salon(t);
    expect((await setWebhook('https://x.kz/h')).statusCode).toBe(401);
    expect((await setWebhook('https://x.kz/h', owner.token)).statusCode).toBe(403);
    expect((await t.op('get', '/api/v1/messenger/debug/webhook', { token: owner.token })).statusCode).toBe(403);
  });

  it('502 when Telegram fails', async () => {
    fake.mode = 'fail';
    const response = await t.op('get', '/api/v1/messenger/debug/webhook', { token: await superToken() });
    expectRefusal(response, 'telegram_error');
  });
});

describe('GET /messenger/debug/subscription/{business_id}', () => {
  it('for the super admin and the own provider; another business is 404', async () => {
    const owner = await salon(t);
    const stranger = await salon(t);
    const subscription = (token?: string) =>
      t.op('get', '/api/v1/messenger/debug/subscription/{business_id}', { token, path: { business_id: owner.business.id } });
    const before = await subscription(owner.token);
    expect(before.data).toEqual({
      business_id: owner.business.id,
      messenger_chat_id: null,
      subscribed: false,
      bot_enabled: true,
      subscriptions: [],
    });

    const chat = randomChat();
    await webhook(t, messageUpdate(chat, await providerStart(t, owner)), { 'x-telegram-bot-api-secret-token': SECRET });
    const after = await subscription(await superToken());
    expect(after.data).toMatchObject({
      messenger_chat_id: String(chat),
      subscribed: true,
      subscriptions: [{ messenger_chat_id: String(chat), is_active: true }],
    });

    expect((await subscription(stranger.token)).statusCode).toBe(404);
    expect((await subscription()).statusCode).toBe(401);
    expect(
      (
        await t.op('get', '/api/v1/messenger/debug/subscription/{business_id}', {
          token: await superToken(),
          path: { business_id: 2147483000 },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('password reset notice', () => {
  it("the super admin's reset sends the new password to the provider's chat", async () => {
    const owner = await salon(t, { business_name: 'Nails_&_Co' });
    const chat = randomChat();
    await webhook(t, messageUpdate(chat, await providerStart(t, owner)), { 'x-telegram-bot-api-secret-token': SECRET });
    fake.reset();
    const reset = await t.op('post', '/api/v1/superadmin/businesses/{id}/reset-password', {
      body: {},
      token: await superToken(),
      path: { id: owner.business.id },
    });
    expect(reset.statusCode).toBe(200);
    const sent = fake.lastTo(chat)!;
    expect(sent.status).toBe(200);
    expect(sent.text).toContain(reset.data.new_password);
    expect(sent.text).toContain('Nails\\_&\\_Co');
  });
});

describe('GET /messenger/info', () => {
  it('tells the web pages the bot username', async () => {
    const response = await t.op('get', '/api/v1/messenger/info');
    expect(response.data).toEqual({ bot_username: TEST_BOT_USERNAME, enabled: true });
  });
});

describe('bot disabled (no BOT_TOKEN)', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ env: { TELEGRAM_API_URL: fake.url, ...SUPERADMIN_ENV } });
  });
  afterAll(async () => {
    await plain.app.close();
    await plain.database.close();
  });

  it('bookings work and nothing is sent; the webhook and set-webhook answer 503; info says disabled', async () => {
    const owner = await salon(plain);
    await plain.database.db
      .insert(subscriptions)
      .values({ contextType: 'PROVIDER_BUSINESS', contextRef: String(owner.business.id), messengerChatId: '1' });
    const booking = await book(plain, owner);
    expect(booking.status).toBe('pending');
    expect(fake.calls).toHaveLength(0);
    expect((await webhook(plain, messageUpdate(1, '/help'))).statusCode).toBe(503);
    const token = await plain.app.ctx.tokens.signSuperAdmin();
    expect((await plain.op('post', '/api/v1/messenger/set-webhook', { token, query: { url: 'https://x.kz/h' } })).statusCode).toBe(503);
    expect((await plain.op('get', '/api/v1/messenger/info')).data).toEqual({ bot_username: null, enabled: false });
  });
});
