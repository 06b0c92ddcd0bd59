/**
 * CONTRACT.md §11 fourth pass: each way a credential outlived what should end it, one by one (the whole matrix of what ends what:
 * credential-matrix.test.ts), the operator's lockdown, and who may raise a generation.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { masters } from '../../../src/db/schema.js';
import { DEFAULT_NOW, SUPERADMIN_ENV, useTestApp } from '../../helpers/app.js';
import { botEnv, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { book, businessRow, postUpdate, providerStart, randomChat, salon, type Salon } from '../../helpers/bot-scenarios.js';
import { linkMaster, masterStart, miniAppLogin } from '../../helpers/master-scenarios.js';
import { expectRefusal } from '../../helpers/refusal.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake, SUPERADMIN_ENV) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

async function linkedOwner(): Promise<Salon & { chat: number }> {
  const owner = await salon(t);
  const chat = randomChat();
  await postUpdate(t, messageUpdate(chat, await providerStart(t, owner)));
  return { ...owner, chat };
}

async function resetTokenSentTo(chat: number): Promise<string> {
  const sent = () => /#reset=([0-9a-f]+)/.exec(fake.textsTo(chat).join('\n'))?.[1];
  await expect.poll(sent, { timeout: 5000 }).toBeDefined();
  return sent()!;
}

async function resetLinkOf(owner: Salon & { chat: number }): Promise<string> {
  expect((await t.op('post', '/api/v1/auth/password-reset', { body: { email: owner.user.email } })).statusCode).toBe(202);
  return resetTokenSentTo(owner.chat);
}

const confirm = (token: string) =>
  t.op('post', '/api/v1/auth/password-reset/confirm', { body: { token, new_password: 'a brand new password' } });

async function superToken(): Promise<string> {
  const login = await t.op('post', '/api/v1/superadmin/login', {
    body: { username: SUPERADMIN_ENV.SUPERADMIN_USERNAME, password: SUPERADMIN_ENV.SUPERADMIN_PASSWORD },
  });
  return login.data.access_token;
}

const panelCodeIn = (chat: number) => /#master=([0-9a-f]+)/.exec(fake.textsTo(chat).join('\n'))?.[1];

describe('a reset link ends with every remedy of the account (finding 2)', () => {
  const remedies: [string, (owner: Salon) => Promise<unknown>][] = [
    [
      'POST /auth/password',
      (owner) =>
        t.op('post', '/api/v1/auth/password', {
          token: owner.token,
          body: { current_password: 'correct horse battery', new_password: 'another long password' },
        }),
    ],
    ['DELETE /business/telegram', (owner) => t.op('delete', '/api/v1/business/telegram', { token: owner.token })],
    ['POST /business/telegram/rotate', (owner) => t.op('post', '/api/v1/business/telegram/rotate', { token: owner.token })],
    [
      'a super-admin reset',
      async (owner) =>
        t.op('post', '/api/v1/superadmin/businesses/{id}/reset-password', {
          token: await superToken(),
          path: { id: owner.business.id },
          body: {},
        }),
    ],
  ];

  it.each(remedies)('an unused link delivered before %s answers 400 and sets no password', async (_name, remedy) => {
    const owner = await linkedOwner();
    const token = await resetLinkOf(owner);
    await remedy(owner);
    expectRefusal(await confirm(token), 'reset_link_invalid');
    const login = await t.op('post', '/api/v1/auth/login', { body: { email: owner.user.email, password: 'a brand new password' } });
    expect(login.statusCode).toBe(401);
  });
});

describe("an ex-master's /panel link (finding 3)", () => {
  it('issued before DELETE /masters/{id}/telegram stays dead when the master is linked again within 15 minutes', async () => {
    const owner = await salon(t);
    const before = await linkMaster(t, owner);
    await postUpdate(t, messageUpdate(before.chat, '/panel'));
    const code = panelCodeIn(before.chat)!;
    expect((await t.op('delete', '/api/v1/masters/{id}/telegram', { token: owner.token, path: { id: owner.masterId } })).statusCode).toBe(
      204,
    );
    // Someone else now holds the master: the old link must not log in as them nor read their clients.
    await linkMaster(t, owner);
    t.clock.advanceMinutes(5);
    const redeemed = await t.op('post', '/api/v1/auth/master-link', { body: { code } });
    expect([400, 401]).toContain(redeemed.statusCode);
    expect(redeemed.problem.code).toBe('invalid_credentials');
  });

  it('a link issued after the new link works', async () => {
    const owner = await salon(t);
    await linkMaster(t, owner);
    await t.op('delete', '/api/v1/masters/{id}/telegram', { token: owner.token, path: { id: owner.masterId } });
    const now = await linkMaster(t, owner);
    await postUpdate(t, messageUpdate(now.chat, '/panel'));
    expect((await t.op('post', '/api/v1/auth/master-link', { body: { code: panelCodeIn(now.chat)! } })).statusCode).toBe(200);
  });
});

describe("the operator's lockdown (finding 7)", () => {
  it('ends every credential of the business, unlinks and tells the chats, says so, and sends the password to no chat', async () => {
    const owner = await linkedOwner();
    const telegramSession = (await miniAppLogin(t, owner.chat)).token;
    const master = await linkMaster(t, owner);
    const key = (await t.op('post', '/api/v1/api-keys', { token: owner.token, body: { name: 'CRM' } })).data.key;
    const feed = (await t.op('get', '/api/v1/masters/{id}/calendar', { token: owner.token, path: { id: owner.masterId } })).data.url;
    await book(t, owner);
    fake.reset();

    const answer = await t.op('post', '/api/v1/superadmin/businesses/{id}/reset-password', {
      token: await superToken(),
      path: { id: owner.business.id },
      body: { lockdown: true },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.data.lockdown).toBe(true);
    expect([...answer.data.ended].sort()).toEqual(
      [
        'api_key',
        'feed_address',
        'master_link_code',
        'master_token',
        'panel_link',
        'provider_link_code',
        'reset_link',
        'session',
        'telegram_session',
      ].sort(),
    );
    const password = answer.data.new_password;
    // No Telegram message carries the password; both chats are told they are unlinked.
    const sent = fake.callsOf('sendMessage').map((call) => String(call.params.text));
    expect(sent.some((text) => text.includes(password))).toBe(false);
    expect(fake.textsTo(owner.chat).length).toBeGreaterThan(0);
    expect(fake.textsTo(master.chat).length).toBeGreaterThan(0);

    for (const token of [owner.token, telegramSession, master.token, key]) {
      expect((await t.call({ method: 'GET', url: '/api/v1/bookings', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
        401,
      );
    }
    expect((await t.call({ method: 'GET', url: new URL(feed).pathname })).statusCode).toBe(404);
    expect((await businessRow(t, owner.business.id)).messengerChatId).toBeNull();
    const [row] = await t.database.db.select().from(masters).where(eq(masters.id, owner.masterId));
    expect([row!.telegramChatId, row!.telegramUserId]).toEqual([null, null]);
    // The owner gets back in with the password from the answer alone.
    const login = await t.op('post', '/api/v1/auth/login', { body: { email: owner.user.email, password } });
    expect(login.statusCode).toBe(200);
  });

  it('without lockdown the reset keeps SPEC.md: the password goes to the linked chat, masters keep their access', async () => {
    const owner = await linkedOwner();
    const master = await linkMaster(t, owner);
    const answer = await t.op('post', '/api/v1/superadmin/businesses/{id}/reset-password', {
      token: await superToken(),
      path: { id: owner.business.id },
      body: {},
    });
    expect(answer.data.lockdown).toBe(false);
    expect(fake.textsTo(owner.chat).join('\n')).toContain(answer.data.new_password);
    expect(
      (await t.call({ method: 'GET', url: '/api/v1/bookings', headers: { authorization: `Bearer ${master.token}` } })).statusCode,
    ).toBe(200);
  });
});

describe('who may raise a generation', () => {
  // DELETE /masters/{id} is a catalog write of §4: an API key (§14) and a Telegram session (§11 third pass) may run it.
  it("a master's token, an API key and a Telegram session cannot run an account's remedy (403), and the credentials stay", async () => {
    const owner = await linkedOwner();
    const telegramSession = (await miniAppLogin(t, owner.chat)).token;
    const master = await linkMaster(t, owner);
    const key = (await t.op('post', '/api/v1/api-keys', { token: owner.token, body: { name: 'CRM' } })).data.key;
    const resetToken = await resetLinkOf(owner);
    const attempts = [
      ['POST', '/api/v1/auth/password'],
      ['POST', '/api/v1/business/telegram/rotate'],
      ['DELETE', '/api/v1/business/telegram'],
      ['DELETE', `/api/v1/masters/${owner.masterId}/telegram`],
      ['POST', `/api/v1/masters/${owner.masterId}/telegram/rotate`],
      ['POST', `/api/v1/superadmin/businesses/${owner.business.id}/reset-password`],
    ] as const;
    for (const bearer of [master.token, key, telegramSession]) {
      for (const [method, url] of attempts) {
        const answer = await t.call({
          method,
          url,
          headers: { authorization: `Bearer ${bearer}` },
          payload: method === 'POST' ? { current_password: 'correct horse battery', new_password: 'another long password' } : undefined,
        });
        expect(answer.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect(
      (await t.call({ method: 'GET', url: '/api/v1/bookings', headers: { authorization: `Bearer ${master.token}` } })).statusCode,
    ).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: '/api/v1/bookings', headers: { authorization: `Bearer ${telegramSession}` } })).statusCode,
    ).toBe(200);
    expect((await confirm(resetToken)).statusCode).toBe(200);
  });

  it("another business's owner cannot end this business's master or owner credentials", async () => {
    const owner = await linkedOwner();
    const master = await linkMaster(t, owner);
    await postUpdate(t, messageUpdate(master.chat, '/panel'));
    const panelCode = panelCodeIn(master.chat)!;
    const masterLink = await masterStart(t, owner, owner.masterId);
    const resetToken = await resetLinkOf(owner);
    const stranger = await salon(t);
    const path = { id: owner.masterId };
    expect((await t.op('delete', '/api/v1/masters/{id}/telegram', { token: stranger.token, path })).statusCode).toBe(404);
    expect((await t.op('post', '/api/v1/masters/{id}/telegram/rotate', { token: stranger.token, path })).statusCode).toBe(404);
    expect((await t.op('delete', '/api/v1/masters/{id}', { token: stranger.token, path })).statusCode).toBe(404);
    // The stranger's own remedies end only the stranger's credentials.
    await t.op('post', '/api/v1/business/telegram/rotate', { token: stranger.token });
    await t.op('delete', '/api/v1/business/telegram', { token: stranger.token });

    expect(
      (await t.call({ method: 'GET', url: '/api/v1/bookings', headers: { authorization: `Bearer ${master.token}` } })).statusCode,
    ).toBe(200);
    expect((await t.op('post', '/api/v1/auth/master-link', { body: { code: panelCode } })).statusCode).toBe(200);
    expect(await masterStart(t, owner, owner.masterId)).toBe(masterLink);
    expect((await t.op('get', '/api/v1/auth/me', { token: owner.token })).statusCode).toBe(200);
    expect((await confirm(resetToken)).statusCode).toBe(200);
  });
});
