/**
 * CONTRACT.md §11, third pass: a Telegram session is not the password's session. A provider token
 * from POST /auth/messenger runs the day but not the account (keys, links, password, settings,
 * exports, import, calendar feed addresses); rotate, unlink, a password change and both resets end
 * every Telegram session of the admin and clear the admin's Telegram id.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { signInitData } from '../../../src/modules/identity/init-data.js';
import { DEFAULT_NOW, SUPERADMIN_ENV, useTestApp } from '../../helpers/app.js';
import { botEnv, messageUpdate, TEST_BOT_TOKEN, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { book, postUpdate, providerStart, randomChat, salon, userRow, type Salon } from '../../helpers/bot-scenarios.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake, SUPERADMIN_ENV) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

const PASSWORD = 'correct horse battery';

function initData(telegramId: number): string {
  const params = new URLSearchParams({
    user: JSON.stringify({ id: telegramId, first_name: 'Linker' }),
    auth_date: String(t.app.ctx.time.unixSeconds()),
  });
  params.set('hash', signInitData(params, TEST_BOT_TOKEN));
  return params.toString();
}

/** A salon whose link was opened by `telegramId`, and that person's mini-app (Telegram) session. */
async function linkedSalon(): Promise<{ owner: Salon; telegramId: number; telegram: string }> {
  const owner = await salon(t);
  const telegramId = randomChat();
  await postUpdate(t, messageUpdate(telegramId, await providerStart(t, owner)));
  const telegram = await miniAppLogin(telegramId);
  expect(telegram.role).toBe('provider');
  return { owner, telegramId, telegram: telegram.token };
}

async function miniAppLogin(telegramId: number): Promise<{ token: string; role: string }> {
  const login = await t.op('post', '/api/v1/auth/messenger', { body: { initData: initData(telegramId) } });
  expect(login.statusCode, login.body).toBe(200);
  return login.data;
}

const get = (url: string, token: string) => t.call({ method: 'GET', url, token });

/** Every route the Telegram session may not use, with a body that would succeed for the owner. */
function accountRoutes(owner: Salon) {
  return [
    { method: 'GET', url: '/api/v1/api-keys' },
    { method: 'POST', url: '/api/v1/api-keys', payload: { name: 'stolen' } },
    { method: 'DELETE', url: '/api/v1/api-keys/1' },
    { method: 'GET', url: '/api/v1/business/telegram' },
    { method: 'POST', url: '/api/v1/business/telegram/rotate' },
    { method: 'DELETE', url: '/api/v1/business/telegram' },
    { method: 'POST', url: '/api/v1/auth/password', payload: { current_password: PASSWORD, new_password: 'taken over password' } },
    { method: 'PUT', url: '/api/v1/business', payload: { name: 'Taken over' } },
    { method: 'GET', url: '/api/v1/clients/export?format=csv' },
    { method: 'GET', url: '/api/v1/bookings/export?format=csv&from=2026-11-01&to=2026-11-30' },
    {
      method: 'POST',
      url: '/api/v1/clients/import',
      payload: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    },
    { method: 'GET', url: `/api/v1/masters/${owner.masterId}/calendar` },
    { method: 'POST', url: `/api/v1/masters/${owner.masterId}/calendar/rotate` },
  ] as const;
}

describe('a Telegram session', () => {
  it('runs the day: bookings, moves, proposals, the client card, /auth/me', async () => {
    const { owner, telegram } = await linkedSalon();
    const booking = await book(t, owner, { time: '12:00' });
    expect((await get('/api/v1/auth/me', telegram)).statusCode).toBe(200);
    expect((await get('/api/v1/bookings', telegram)).statusCode).toBe(200);
    const confirmed = await t.op('patch', '/api/v1/bookings/{id}', {
      token: telegram,
      path: { id: booking.id },
      body: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const moved = await t.op('patch', '/api/v1/bookings/{id}', { token: telegram, path: { id: booking.id }, body: { time: '13:00' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const proposed = await t.op('post', '/api/v1/reschedule/{booking_id}', {
      token: telegram,
      path: { booking_id: booking.id },
      body: { proposed_date: '2026-11-25', proposed_time: '15:00' },
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const card = await get(`/api/v1/clients/${(await get(`/api/v1/bookings/${booking.id}`, owner.token)).data.client.id}`, telegram);
    expect(card.statusCode, card.body).toBe(200);
  });

  it('is 403 password_session_required on keys, links, password, settings, exports, import and feed addresses; nothing changes', async () => {
    const { owner, telegram } = await linkedSalon();
    const before = await get('/api/v1/business', owner.token);
    for (const route of accountRoutes(owner)) {
      const response = await t.call({ ...route, token: telegram });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.data).toEqual({ detail: expect.any(String), code: 'password_session_required' });
    }
    expect((await get('/api/v1/api-keys', owner.token)).data).toEqual([]);
    expect((await get('/api/v1/business', owner.token)).data).toEqual(before.data);
    // The owner's password session still logs in with the old password: it was not changed.
    const login = await t.op('post', '/api/v1/auth/login', { body: { email: owner.user.email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it('the same routes answer the owner (password session) as before', async () => {
    const { owner } = await linkedSalon();
    for (const route of accountRoutes(owner).filter((r) => r.method === 'GET')) {
      const response = await t.call({ ...route, token: owner.token });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(200);
    }
  });

  it('a provider token without the claim saying how it was issued counts as a Telegram session', async () => {
    const { owner } = await linkedSalon();
    const row = await userRow(t, owner.user.id);
    const { SignJWT } = await import('jose');
    const legacy = await new SignJWT({ role: 'ADMIN', business_id: owner.business.id, ver: row.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(owner.user.id))
      .setIssuedAt(t.app.ctx.time.unixSeconds())
      .setExpirationTime(t.app.ctx.time.unixSeconds() + 600)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect((await get('/api/v1/bookings', legacy)).statusCode).toBe(200);
    expect((await get('/api/v1/api-keys', legacy)).data.code).toBe('password_session_required');
  });
});

describe('what ends every Telegram session of the admin (401) and clears its Telegram id', () => {
  async function expectTelegramEnded(owner: Salon, telegram: string) {
    const answer = await get('/api/v1/bookings', telegram);
    expect(answer.statusCode).toBe(401);
    expect(answer.data.code).toBe('not_authenticated');
    expect((await userRow(t, owner.user.id)).messengerId).toBeNull();
  }

  it('POST /business/telegram/rotate: the owner’s password session goes on; a relink by the same person does not revive the old session', async () => {
    const { owner, telegramId, telegram } = await linkedSalon();
    const rotated = await t.op('post', '/api/v1/business/telegram/rotate', { token: owner.token });
    expect(rotated.statusCode).toBe(200);
    await expectTelegramEnded(owner, telegram);
    expect((await get('/api/v1/bookings', owner.token)).statusCode).toBe(200);

    await postUpdate(t, messageUpdate(telegramId, await providerStart(t, owner)));
    expect((await userRow(t, owner.user.id)).messengerId).toBe(String(telegramId));
    expect((await get('/api/v1/bookings', telegram)).statusCode).toBe(401);
    expect((await get('/api/v1/bookings', (await miniAppLogin(telegramId)).token)).statusCode).toBe(200);
  });

  it('a rotate ends the Telegram session’s /events stream within 2 s', async () => {
    const { owner, telegram } = await linkedSalon();
    // inject resolves once the stream has ended.
    const stream = t.app.inject({ method: 'GET', url: '/api/v1/events', headers: { authorization: `Bearer ${telegram}` } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rotated = await t.op('post', '/api/v1/business/telegram/rotate', { token: owner.token });
    expect(rotated.statusCode).toBe(200);
    const started = performance.now();
    const ended = await stream;
    expect(ended.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('a link opened by another person: the first person’s sessions end', async () => {
    const { owner, telegram } = await linkedSalon();
    await postUpdate(t, messageUpdate(randomChat(), await providerStart(t, owner)));
    expect((await get('/api/v1/bookings', telegram)).statusCode).toBe(401);
  });

  it('DELETE /business/telegram', async () => {
    const { owner, telegram } = await linkedSalon();
    const unlinked = await t.op('delete', '/api/v1/business/telegram', { token: owner.token });
    expect(unlinked.statusCode).toBe(204);
    await expectTelegramEnded(owner, telegram);
  });

  it('a password change', async () => {
    const { owner, telegram } = await linkedSalon();
    const changed = await t.op('post', '/api/v1/auth/password', {
      token: owner.token,
      body: { current_password: PASSWORD, new_password: 'a brand new password' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectTelegramEnded(owner, telegram);
  });

  it('a self-service reset (the link goes to the linked chat)', async () => {
    const { owner, telegram } = await linkedSalon();
    fake.reset();
    expect((await t.op('post', '/api/v1/auth/password-reset', { body: { email: owner.user.email } })).statusCode).toBe(202);
    const resetLink = () => fake.callsOf('sendMessage').find((c) => String(c.params.text).includes('#reset='));
    await expect.poll(resetLink, { timeout: 5000 }).toBeDefined();
    const token = /#reset=([0-9a-f]+)/.exec(String(resetLink()!.params.text))![1]!;
    const confirmed = await t.op('post', '/api/v1/auth/password-reset/confirm', { body: { token, new_password: 'a brand new password' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await expectTelegramEnded(owner, telegram);
  });

  it("the super admin's reset", async () => {
    const { owner, telegram } = await linkedSalon();
    const login = await t.op('post', '/api/v1/superadmin/login', {
      body: { username: SUPERADMIN_ENV.SUPERADMIN_USERNAME, password: SUPERADMIN_ENV.SUPERADMIN_PASSWORD },
    });
    const reset = await t.op('post', '/api/v1/superadmin/businesses/{id}/reset-password', {
      body: {},
      token: login.data.access_token,
      path: { id: owner.business.id },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectTelegramEnded(owner, telegram);
  });
});
