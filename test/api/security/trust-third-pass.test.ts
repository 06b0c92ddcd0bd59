/**
 * CONTRACT.md §11, third pass: what a red team found by combining features. A link code links once
 * also when raced; the operator's kill switch ends super-admin tokens.
 * (Telegram sessions: security/telegram-session.test.ts; booking ids: security/booking-id-capability.test.ts;
 * event streams: events-revocation.test.ts.)
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_LINK_INVALID } from '../../../src/modules/bot/messages.js';
import { createTestApp, DEFAULT_NOW, SUPERADMIN_ENV, useTestApp } from '../../helpers/app.js';
import { botEnv, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { businessRow, postUpdate, providerStart, randomChat, salon } from '../../helpers/bot-scenarios.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake, SUPERADMIN_ENV) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

describe('a provider link code raced from 4 chats', () => {
  it('links exactly one; the other three get the not-valid reply and change nothing', async () => {
    const owner = await salon(t);
    const start = await providerStart(t, owner);
    const chats = [randomChat(), randomChat(), randomChat(), randomChat()];
    await Promise.all(chats.map((chat) => postUpdate(t, messageUpdate(chat, start))));

    const linkedChat = (await businessRow(t, owner.business.id)).messengerChatId;
    const refused = chats.filter((chat) => fake.lastTo(chat)?.text === PROVIDER_LINK_INVALID);
    expect(refused).toHaveLength(3);
    const winner = chats.find((chat) => !refused.includes(chat));
    expect(linkedChat).toBe(String(winner));
    // The panel shows a new code: the raced one is spent.
    expect(await providerStart(t, owner)).not.toBe(start);
  });
});

describe("the operator's kill switch", () => {
  const superadminLogin = async (app: typeof t) => {
    const login = await app.op('post', '/api/v1/superadmin/login', {
      body: { username: SUPERADMIN_ENV.SUPERADMIN_USERNAME, password: SUPERADMIN_ENV.SUPERADMIN_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    return login.data.access_token;
  };

  it('a super-admin token ends (401) when SUPERADMIN_USERNAME or SUPERADMIN_PASSWORD changes or is unset', async () => {
    const token = await superadminLogin(t);
    const list = (app: typeof t) => app.op('get', '/api/v1/superadmin/businesses', { token });
    expect((await list(t)).statusCode).toBe(200);

    const variants = [
      { ...SUPERADMIN_ENV, SUPERADMIN_PASSWORD: 'another secret pass' },
      { ...SUPERADMIN_ENV, SUPERADMIN_USERNAME: 'admin' },
      { SUPERADMIN_USERNAME: SUPERADMIN_ENV.SUPERADMIN_USERNAME, SUPERADMIN_PASSWORD: '' },
    ];
    for (const env of variants) {
      const restarted = await createTestApp({ env });
      try {
        const answer = await list(restarted);
        expect(answer.statusCode, JSON.stringify(env)).toBe(401);
        expect(answer.problem.code).toBe('not_authenticated');
        const reset = await restarted.op('post', '/api/v1/superadmin/businesses/{id}/reset-password', { path: { id: 1 }, token, body: {} });
        expect(reset.statusCode).toBe(401);
      } finally {
        await restarted.app.close();
        await restarted.database.close();
      }
    }
  }, 90_000);

  it('the same credentials after a restart keep the token', async () => {
    const token = await superadminLogin(t);
    const restarted = await createTestApp({ env: SUPERADMIN_ENV });
    try {
      expect((await restarted.op('get', '/api/v1/superadmin/businesses', { token })).statusCode).toBe(200);
    } finally {
      await restarted.app.close();
      await restarted.database.close();
    }
  });

  it('a token signed before fingerprints existed (no claim) is 401', async () => {
    const { SignJWT } = await import('jose');
    const now = t.app.ctx.time.unixSeconds();
    const old = await new SignJWT({ isSuperAdmin: true })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('superadmin')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect((await t.op('get', '/api/v1/superadmin/businesses', { token: old })).statusCode).toBe(401);
  });
});

// A subscriber holds a whole /64, so a per-address (/128) limit could be stepped past: @fastify/rate-limit 11 counts
// per /64 already (ipv6Subnet); this holds it.
describe('rate limits count an IPv6 client per /64 (issue 32)', () => {
  it('three addresses of one /64 share RATE_LIMIT_LOGIN=2; another /64 has its own', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_LOGIN: '2' } });
    try {
      const login = (remoteAddress: string) =>
        limited.op('post', '/api/v1/auth/login', { remoteAddress, body: { email: 'nobody@example.kz', password: 'x' } });
      const statuses = [];
      for (const address of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:aaaa::3'])
        statuses.push((await login(address)).statusCode);
      expect(statuses).toEqual([401, 401, 429]);
      expect((await login('2001:db8:1:3::1')).statusCode).toBe(401);
    } finally {
      await limited.app.close();
      await limited.database.close();
    }
  });
});
