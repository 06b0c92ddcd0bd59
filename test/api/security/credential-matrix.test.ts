/**
 * CONTRACT.md §11 fourth pass and §16: every remedy × every credential. For each remedy of the table in
 * identity/credential-generations.ts a fresh salon holds one credential of every kind, the remedy runs
 * over HTTP, then each credential is used (HTTP, or the bot's webhook for a link code) and must work or
 * not as the matrix below says. The matrix is written here from the contract, not read from the table.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { masters } from '../../../src/db/schema.js';
import { credentials, remedies, remedyEnds, type Credential, type Remedy } from '../../../src/modules/identity/credential-generations.js';
import { DEFAULT_NOW, SUPERADMIN_ENV, useTestApp, type TestApp } from '../../helpers/app.js';
import { botEnv, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { book, businessRow, postUpdate, providerStart, randomChat, salon, type Salon } from '../../helpers/bot-scenarios.js';
import { linkMaster, masterStart, miniAppLogin } from '../../helpers/master-scenarios.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake, SUPERADMIN_ENV) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

const PASSWORD = 'correct horse battery';
const ownerSide: Credential[] = ['session', 'telegram_session', 'reset_link', 'provider_link_code'];
const masterSide: Credential[] = ['master_token', 'panel_link', 'master_link_code'];

/** What each remedy ends, from CONTRACT.md §11 (third and fourth pass), §14 and §16. */
const ends: Record<Remedy, Credential[]> = {
  password_change: ownerSide,
  password_reset: ownerSide,
  superadmin_reset: [...ownerSide, 'api_key'],
  superadmin_lockdown: [...ownerSide, ...masterSide, 'api_key', 'feed_address'],
  // A rotate keeps the password: password sessions stay, everything Telegram delivered or grants ends.
  telegram_rotate: ['telegram_session', 'reset_link', 'provider_link_code'],
  telegram_unlink: ownerSide,
  master_unlink: masterSide,
  master_rotate: masterSide,
  master_delete: [...masterSide, 'feed_address'],
};

interface Held {
  owner: Salon;
  ownerChat: number;
  telegramSession: string;
  masterChat: number;
  masterToken: string;
  panelCode: string;
  apiKey: string;
  feedPath: string;
  providerStartText: string;
  masterStartText: string;
  resetToken: string;
}

const resetTokensTo = (chat: number): string[] =>
  fake.textsTo(chat).flatMap((text) => [...text.matchAll(/#reset=([0-9a-f]+)/g)].map((match) => match[1]!));

async function newResetToken(owner: Salon, chat: number): Promise<string> {
  const before = new Set(resetTokensTo(chat));
  expect((await t.op('post', '/api/v1/auth/password-reset', { body: { email: owner.user.email } })).statusCode).toBe(202);
  await expect.poll(() => resetTokensTo(chat).filter((token) => !before.has(token)), { timeout: 5000 }).toHaveLength(1);
  return resetTokensTo(chat).find((token) => !before.has(token))!;
}

async function superToken(app: TestApp): Promise<string> {
  const login = await app.op('post', '/api/v1/superadmin/login', {
    body: { username: SUPERADMIN_ENV.SUPERADMIN_USERNAME, password: SUPERADMIN_ENV.SUPERADMIN_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  return login.data.access_token;
}

/** A salon with one live credential of every kind (codes read last: linking replaces them). */
async function holdEveryCredential(): Promise<Held> {
  const owner = await salon(t);
  const ownerChat = randomChat();
  await postUpdate(t, messageUpdate(ownerChat, await providerStart(t, owner)));
  const telegramSession = (await miniAppLogin(t, ownerChat)).token;
  const master = await linkMaster(t, owner);
  await postUpdate(t, messageUpdate(master.chat, '/panel'));
  const panelCode = /#master=([0-9a-f]+)/.exec(fake.textsTo(master.chat).join('\n'))![1]!;
  const key = await t.op('post', '/api/v1/api-keys', { token: owner.token, body: { name: 'CRM' } });
  expect(key.statusCode, key.body).toBe(201);
  const feed = await t.op('get', '/api/v1/masters/{id}/calendar', { token: owner.token, path: { id: owner.masterId } });
  expect(feed.statusCode, feed.body).toBe(200);
  return {
    owner,
    ownerChat,
    telegramSession,
    masterChat: master.chat,
    masterToken: master.token,
    panelCode,
    apiKey: key.data.key,
    feedPath: new URL(feed.data.url).pathname,
    providerStartText: await providerStart(t, owner),
    masterStartText: await masterStart(t, owner, owner.masterId),
    resetToken: await newResetToken(owner, ownerChat),
  };
}

const apply: Record<Remedy, (held: Held) => Promise<number>> = {
  password_change: async ({ owner }) =>
    (
      await t.op('post', '/api/v1/auth/password', {
        token: owner.token,
        body: { current_password: PASSWORD, new_password: 'another long password' },
      })
    ).statusCode,
  password_reset: async ({ owner, ownerChat }) => {
    const token = await newResetToken(owner, ownerChat);
    return (await t.op('post', '/api/v1/auth/password-reset/confirm', { body: { token, new_password: 'another long password' } }))
      .statusCode;
  },
  superadmin_reset: async ({ owner }) =>
    (
      await t.op('post', '/api/v1/superadmin/businesses/{id}/reset-password', {
        token: await superToken(t),
        path: { id: owner.business.id },
        body: {},
      })
    ).statusCode,
  superadmin_lockdown: async ({ owner }) =>
    (
      await t.op('post', '/api/v1/superadmin/businesses/{id}/reset-password', {
        token: await superToken(t),
        path: { id: owner.business.id },
        body: { lockdown: true },
      })
    ).statusCode,
  telegram_rotate: async ({ owner }) => (await t.op('post', '/api/v1/business/telegram/rotate', { token: owner.token })).statusCode,
  telegram_unlink: async ({ owner }) => (await t.op('delete', '/api/v1/business/telegram', { token: owner.token })).statusCode,
  master_unlink: async ({ owner }) =>
    (await t.op('delete', '/api/v1/masters/{id}/telegram', { token: owner.token, path: { id: owner.masterId } })).statusCode,
  master_rotate: async ({ owner }) =>
    (await t.op('post', '/api/v1/masters/{id}/telegram/rotate', { token: owner.token, path: { id: owner.masterId } })).statusCode,
  // With a booking the master is archived, not removed: its row (and what it granted) stays to be refused.
  master_delete: async ({ owner }) => {
    await book(t, owner);
    return (await t.op('delete', '/api/v1/masters/{id}', { token: owner.token, path: { id: owner.masterId } })).statusCode;
  },
};

const bearerGet = (url: string, token: string) => t.call({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/**
 * Whether the credential still works. Read-only uses first; the ones that spend themselves (a /panel
 * link, a link code, a reset link) in an order where no use changes the next one's answer.
 */
const works: [Credential, (held: Held) => Promise<boolean>][] = [
  ['session', async ({ owner }) => expectWorks(await bearerGet('/api/v1/auth/me', owner.token))],
  ['telegram_session', async ({ telegramSession }) => expectWorks(await bearerGet('/api/v1/bookings', telegramSession))],
  ['master_token', async ({ masterToken }) => expectWorks(await bearerGet('/api/v1/bookings', masterToken))],
  ['api_key', async ({ apiKey }) => expectWorks(await bearerGet('/api/v1/bookings', apiKey))],
  [
    'feed_address',
    async ({ feedPath }) => {
      const answer = await t.call({ method: 'GET', url: feedPath });
      expect([200, 404]).toContain(answer.statusCode);
      return answer.statusCode === 200;
    },
  ],
  [
    'panel_link',
    async ({ panelCode }) => expectWorks(await t.op('post', '/api/v1/auth/master-link', { body: { code: panelCode } }), [400, 401]),
  ],
  [
    'master_link_code',
    async ({ owner, masterStartText }) => {
      const chat = randomChat();
      await postUpdate(t, messageUpdate(chat, masterStartText));
      const [row] = await t.database.db.select().from(masters).where(eq(masters.id, owner.masterId));
      return row!.telegramChatId === String(chat);
    },
  ],
  [
    'provider_link_code',
    // Opened by the owner's own Telegram user (in a group chat): a new holder would end the reset link, checked next.
    async ({ owner, ownerChat, providerStartText }) => {
      const chat = randomChat();
      await postUpdate(t, messageUpdate(chat, providerStartText, ownerChat));
      return (await businessRow(t, owner.business.id)).messengerChatId === String(chat);
    },
  ],
  [
    'reset_link',
    async ({ resetToken }) =>
      expectWorks(
        await t.op('post', '/api/v1/auth/password-reset/confirm', { body: { token: resetToken, new_password: 'a third long password' } }),
        [400],
      ),
  ],
];

function expectWorks(answer: { statusCode: number; body: string }, refusals = [401]): boolean {
  expect([200, ...refusals], answer.body).toContain(answer.statusCode);
  return answer.statusCode === 200;
}

describe('what ends what: every remedy × every credential (CONTRACT.md §11 fourth pass, §16)', () => {
  it('the table names exactly the remedies and credentials walked here, and ends what the contract says', () => {
    expect([...remedies].sort()).toEqual(Object.keys(ends).sort());
    expect([...credentials].sort()).toEqual(works.map(([credential]) => credential).sort());
    for (const remedy of remedies) {
      expect(credentials.filter((credential) => remedyEnds(remedy, credential)).sort(), remedy).toEqual([...ends[remedy]].sort());
    }
  });

  it.each(Object.keys(ends) as Remedy[])(
    '%s ends exactly its credentials; the others keep working',
    async (remedy) => {
      const held = await holdEveryCredential();
      expect(await apply[remedy](held)).toBeLessThan(300);
      const outcome: Record<string, 'works' | 'ended'> = {};
      for (const [credential, use] of works) outcome[credential] = (await use(held)) ? 'works' : 'ended';
      const expected = Object.fromEntries(works.map(([credential]) => [credential, ends[remedy].includes(credential) ? 'ended' : 'works']));
      expect(outcome).toEqual(expected);
    },
    60_000,
  );
});
