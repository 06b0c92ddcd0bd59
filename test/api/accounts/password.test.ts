/** CONTRACT.md §11 sessions: change the password, recover it through the linked chat, and every earlier token ends. */
import { beforeEach, describe, expect, it } from 'vitest';
import { RESET_REQUESTED } from '../../../src/modules/accounts/password.service.js';
import { DEFAULT_NOW, SUPERADMIN_ENV, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { botEnv, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { postUpdate, providerStart, randomChat, salon } from '../../helpers/bot-scenarios.js';
import { expectRefusal } from '../../helpers/refusal.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake, SUPERADMIN_ENV) });
const PASSWORD = 'correct horse battery';

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

const me = (token: string) => t.op('get', '/api/v1/auth/me', { token });
const login = (email: string, password: string) => t.op('post', '/api/v1/auth/login', { body: { email, password } });
const requestReset = (email: string) => t.op('post', '/api/v1/auth/password-reset', { body: { email } });
const confirmReset = (token: string, new_password: string) =>
  t.op('post', '/api/v1/auth/password-reset/confirm', { body: { token, new_password } });

async function linkedOwner(): Promise<RegisteredBusiness & { chat: number }> {
  const owner = await salon(t);
  const chat = randomChat();
  await postUpdate(t, messageUpdate(chat, await providerStart(t, owner)));
  return { ...owner, chat };
}

/** The reset link the bot sent to the chat (the notice goes out after the answer). */
async function resetTokenSentTo(chat: number): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const text = fake.textsTo(chat).find((message) => message.includes('#reset='));
    if (text) return /#reset=([A-Za-z0-9_-]+)/.exec(text)![1]!;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no reset link was sent');
}

describe('POST /auth/password', () => {
  it('a wrong current password is 400 and changes nothing', async () => {
    const owner = await salon(t);
    const response = await t.op('post', '/api/v1/auth/password', {
      token: owner.token,
      body: { current_password: 'not it at all', new_password: 'new password 1' },
    });
    expectRefusal(response, 'wrong_password');
    expect((await login(owner.user.email, PASSWORD)).statusCode).toBe(200);
    expectRefusal(await login(owner.user.email, 'new password 1'), 'invalid_credentials');
    expect((await me(owner.token)).statusCode).toBe(200);
  });

  it('a new password under 8 characters is 400', async () => {
    const owner = await salon(t);
    // Under the document's minLength on purpose: untyped.
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/auth/password',
      token: owner.token,
      payload: { current_password: PASSWORD, new_password: 'short' },
    });
    expectRefusal(response, 'invalid_input');
    expect(response.data.errors).toEqual([expect.objectContaining({ field: 'new_password' })]);
    expect((await login(owner.user.email, PASSWORD)).statusCode).toBe(200);
    expect((await me(owner.token)).statusCode).toBe(200);
  });

  it('changes it: a new token comes back, every earlier token answers 401, the new password logs in', async () => {
    const owner = await salon(t);
    const second = (await login(owner.user.email, PASSWORD)).data.access_token;
    const response = await t.op('post', '/api/v1/auth/password', {
      token: owner.token,
      body: { current_password: PASSWORD, new_password: 'brand new password' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
    expect(response.headers['cache-control']).toBe('no-store');
    for (const old of [owner.token, second]) {
      const refused = await me(old);
      expect(refused.statusCode).toBe(401);
      expect(refused.problem.detail).toBe('Session ended, log in again');
    }
    expect((await me(response.data.access_token)).statusCode).toBe(200);
    expect((await login(owner.user.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(owner.user.email, 'brand new password')).statusCode).toBe(200);
  });
});

describe('forgotten password through the linked chat', () => {
  it('always answers 202 with the same body; an unknown email or an unlinked business sends nothing', async () => {
    const unlinked = await salon(t);
    const answers = [await requestReset('nobody-at-all@example.kz'), await requestReset(unlinked.user.email)];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.data).toEqual({ detail: RESET_REQUESTED });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.callsOf('sendMessage')).toHaveLength(0);
  });

  it('sends {PUBLIC_URL}/admin#reset={token} to the chat; the token sets a new password once and ends earlier tokens', async () => {
    const owner = await linkedOwner();
    fake.reset();
    expect((await requestReset(owner.user.email.toUpperCase())).statusCode).toBe(202);
    const token = await resetTokenSentTo(owner.chat);
    expect(fake.textsTo(owner.chat).join('\n')).toContain(`http://booking.test/admin#reset=${token}`);

    const confirmed = await confirmReset(token, 'recovered password');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.data.business.id).toBe(owner.business.id);
    expect((await me(confirmed.data.access_token)).statusCode).toBe(200);
    expect((await me(owner.token)).statusCode).toBe(401);
    expect((await login(owner.user.email, 'recovered password')).statusCode).toBe(200);

    const again = await confirmReset(token, 'another password');
    expect(again.statusCode).toBe(400);
    expect((await login(owner.user.email, 'another password')).statusCode).toBe(401);
  });

  it('a token older than 15 minutes, or an unknown one, is 400 and changes nothing', async () => {
    const owner = await linkedOwner();
    fake.reset();
    await requestReset(owner.user.email);
    const token = await resetTokenSentTo(owner.chat);
    t.clock.set('2026-11-23T05:15:01Z');
    expectRefusal(await confirmReset(token, 'too late password'), 'reset_link_invalid');
    expectRefusal(await confirmReset('made-up-token', 'too late password'), 'reset_link_invalid');
    expect((await login(owner.user.email, PASSWORD)).statusCode).toBe(200);
    expectRefusal(await login(owner.user.email, 'too late password'), 'invalid_credentials');
    expect((await me(owner.token)).statusCode).toBe(200);
  });

  it('a newer reset makes the older link useless once one is used', async () => {
    const owner = await linkedOwner();
    fake.reset();
    await requestReset(owner.user.email);
    const first = await resetTokenSentTo(owner.chat);
    fake.reset();
    await requestReset(owner.user.email);
    const second = await resetTokenSentTo(owner.chat);
    expect((await confirmReset(second, 'second password')).statusCode).toBe(200);
    expect((await confirmReset(first, 'first password')).statusCode).toBe(400);
  });
});

describe('super-admin reset ends sessions', () => {
  it("the admin's earlier tokens answer 401 after it", async () => {
    const owner = await salon(t);
    const reset = await t.op('post', '/api/v1/superadmin/businesses/{id}/reset-password', {
      body: {},
      path: { id: owner.business.id },
      token: await t.app.ctx.tokens.signSuperAdmin(),
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(owner.token)).statusCode).toBe(401);
    expect((await login(owner.user.email, reset.data.new_password)).statusCode).toBe(200);
  });
});

describe('login timing', () => {
  it('an unknown email costs as much as a wrong password (the hash is checked either way)', async () => {
    const owner = await salon(t);
    const median = async (email: string) => {
      const times: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const started = performance.now();
        expect((await login(email, 'wrong password here')).statusCode).toBe(401);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[3]!;
    };
    const wrongPassword = await median(owner.user.email);
    const unknownEmail = await median('no-such-owner@example.kz');
    expect(unknownEmail).toBeGreaterThan(wrongPassword * 0.5);
  });
});
