/** CONTRACT.md §11 through the webhook and the API: nobody takes a business over or reads a client's bookings through the bot. */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rescheduleProposals, subscriptions } from '../../../src/db/schema.js';
import { BOOKING_NOT_FOUND, PROVIDER_LINK_INVALID } from '../../../src/modules/bot/messages.js';
import { DEFAULT_NOW, SUPERADMIN_ENV, useTestApp } from '../../helpers/app.js';
import { botEnv, callbackUpdate, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import {
  book,
  businessRow,
  postUpdate,
  providerStart,
  randomChat,
  salon,
  subscribePhone,
  userRow,
  webhook,
} from '../../helpers/bot-scenarios.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake, SUPERADMIN_ENV) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

const link = (token: string) => t.op('get', '/api/v1/business/telegram', { token });

describe('provider link with a secret code', () => {
  it('GET /business/telegram gives provider_{id}_{code} (16+ url-safe characters, 64 at most) and the t.me link', async () => {
    const owner = await salon(t);
    const response = await link(owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { start_param, url, linked } = response.data;
    expect(start_param).toMatch(new RegExp(`^provider_${owner.business.id}_[A-Za-z0-9_-]{16,}$`));
    expect(start_param.length).toBeLessThanOrEqual(64);
    expect(url).toBe(`https://t.me/${t.config.botUsername}?start=${start_param}`);
    expect(linked).toBe(false);
    // Stable until rotated.
    expect((await link(owner.token)).data.start_param).toBe(start_param);
  });

  it("a stranger's bare provider_{id} and a wrong code change nothing and say the link is not valid", async () => {
    const owner = await salon(t);
    const stranger = randomChat();
    const { start_param } = (await link(owner.token)).data;
    const wrong = `${start_param.slice(0, -1)}${start_param.endsWith('A') ? 'B' : 'A'}`;
    for (const text of [`/start provider_${owner.business.id}`, `/start ${wrong}`, `/start provider_${owner.business.id}_short`]) {
      await postUpdate(t, messageUpdate(stranger, text));
    }
    expect(fake.textsTo(stranger)).toEqual([PROVIDER_LINK_INVALID, PROVIDER_LINK_INVALID, PROVIDER_LINK_INVALID]);
    expect((await businessRow(t, owner.business.id)).messengerChatId).toBeNull();
    expect((await userRow(t, owner.user.id)).messengerId).toBeNull();
    const rows = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.messengerChatId, String(stranger)));
    expect(rows).toEqual([]);

    // No new booking reaches the stranger, and the mini app does not make it the provider.
    await book(t, owner);
    expect(fake.callsOf('sendMessage', stranger)).toHaveLength(3);
  });

  it("a linked business's chat cannot be taken over with the bare link", async () => {
    const owner = await salon(t);
    const chat = randomChat();
    await postUpdate(t, messageUpdate(chat, await providerStart(t, owner)));
    const stranger = randomChat();
    await postUpdate(t, messageUpdate(stranger, `/start provider_${owner.business.id}`));
    expect((await businessRow(t, owner.business.id)).messengerChatId).toBe(String(chat));
    expect((await link(owner.token)).data.linked).toBe(true);
    fake.reset();
    const booking = await book(t, owner);
    expect(fake.callsOf('sendMessage').map((call) => call.chat_id)).toEqual([String(chat)]);
    // The stranger's confirm button does nothing either.
    await postUpdate(t, callbackUpdate(stranger, `confirm_${booking.id}`));
    expect((await t.op('get', '/api/v1/bookings/{id}', { token: owner.token, path: { id: booking.id } })).data.status).toBe('pending');
  });

  it('rotate: the old link stops working, the new one links; a linked chat stays linked', async () => {
    const owner = await salon(t);
    const chat = randomChat();
    const old = await providerStart(t, owner);
    await postUpdate(t, messageUpdate(chat, old));
    const rotated = await t.op('post', '/api/v1/business/telegram/rotate', { token: owner.token });
    expect(rotated.statusCode).toBe(200);
    expect(`/start ${rotated.data.start_param}`).not.toBe(old);
    expect(rotated.data.linked).toBe(true);

    const other = randomChat();
    await postUpdate(t, messageUpdate(other, old));
    expect(fake.lastTo(other)!.text).toBe(PROVIDER_LINK_INVALID);
    expect((await businessRow(t, owner.business.id)).messengerChatId).toBe(String(chat));

    await postUpdate(t, messageUpdate(other, `/start ${rotated.data.start_param}`));
    expect((await businessRow(t, owner.business.id)).messengerChatId).toBe(String(other));
  });

  it("DELETE /business/telegram unlinks, stops the chat's notices, clears the admin's Telegram id, ends earlier tokens and tells the chat", async () => {
    const owner = await salon(t);
    const chat = randomChat();
    await postUpdate(t, messageUpdate(chat, await providerStart(t, owner)));
    // The person who linked logs into the mini app as the provider...
    const miniApp = await t.app.ctx.tokens.signUser(await userRow(t, owner.user.id), 'telegram');
    expect((await t.op('get', '/api/v1/business', { token: miniApp })).statusCode).toBe(200);

    fake.reset();
    const unlinked = await t.op('delete', '/api/v1/business/telegram', { token: owner.token });
    expect(unlinked.statusCode).toBe(204);
    expect(fake.textsTo(chat).join('\n')).toContain('отключён');
    expect((await businessRow(t, owner.business.id)).messengerChatId).toBeNull();
    expect((await userRow(t, owner.user.id)).messengerId).toBeNull();
    const rows = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.messengerChatId, String(chat)));
    expect(rows.every((row) => !row.isActive)).toBe(true);

    // ...and that session ends, as does every earlier token; the caller carries on with the fresh one.
    for (const token of [miniApp, owner.token]) {
      expect((await t.op('get', '/api/v1/business', { token })).statusCode).toBe(401);
    }
    const fresh = unlinked.headers['x-access-token'] as string;
    expect((await t.op('get', '/api/v1/business', { token: fresh })).statusCode).toBe(200);

    fake.reset();
    await book(t, owner);
    expect(fake.callsOf('sendMessage')).toHaveLength(0);
  });
});

describe('the webhook secret', () => {
  it('is derived from JWT_SECRET when TELEGRAM_WEBHOOK_SECRET is unset: a forged update without it is 401 and changes nothing', async () => {
    const derived = createHmac('sha256', t.config.jwtSecret).update('telegram-webhook-secret').digest('hex');
    expect(t.config.telegramWebhookSecret).toBe(derived);
    const owner = await salon(t);
    const start = await providerStart(t, owner);
    const forged = messageUpdate(randomChat(), start);
    const noHeader = await t.call({ method: 'POST', url: '/api/v1/messenger/webhook', payload: forged });
    expect(noHeader.statusCode).toBe(401);
    expect((await webhook(t, forged, { 'x-telegram-bot-api-secret-token': 'guess' })).statusCode).toBe(401);
    expect((await businessRow(t, owner.business.id)).messengerChatId).toBeNull();
    expect(fake.callsOf('sendMessage')).toHaveLength(0);
  });

  it('set-webhook always passes it as secret_token', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/messenger/set-webhook?url=https://booking.example.kz/api/v1/messenger/webhook',
      token: await t.app.ctx.tokens.signSuperAdmin(),
    });
    expect(response.statusCode).toBe(200);
    expect(fake.callsOf('setWebhook')[0]!.params.secret_token).toBe(t.config.telegramWebhookSecret);
  });
});

describe('client buttons', () => {
  async function proposal() {
    const owner = await salon(t);
    const phone = `+7707${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const client = randomChat();
    await subscribePhone(t, client, phone);
    const booking = await book(t, owner, { phone });
    const proposed = await t.op('post', '/api/v1/reschedule/{booking_id}', {
      token: owner.token,
      path: { booking_id: booking.id },
      body: { proposed_date: '2026-11-24', proposed_time: '15:00' },
    });
    expect(proposed.statusCode).toBe(201);
    return { owner, client, booking, proposalId: proposed.data.proposal.id as string };
  }

  const proposalStatus = async (id: string) =>
    (await t.database.db.select().from(rescheduleProposals).where(eq(rescheduleProposals.id, id)))[0]!.status;

  it.each(['ra', 'rd'])("a stranger's %s_ answers 'Запись не найдена' and changes nothing", async (prefix) => {
    const { proposalId, booking, owner } = await proposal();
    const stranger = randomChat();
    fake.reset();
    await postUpdate(t, callbackUpdate(stranger, `${prefix}_${proposalId}`));
    expect(fake.callsOf('answerCallbackQuery').at(-1)!.params.text).toBe(BOOKING_NOT_FOUND);
    expect(await proposalStatus(proposalId)).toBe('PENDING');
    expect((await t.op('get', '/api/v1/bookings/{id}', { token: owner.token, path: { id: booking.id } })).data.start_at).toBe(
      '2026-11-24T11:00:00',
    );
  });

  it('the subscribed client accepts from its own chat', async () => {
    const { proposalId, client } = await proposal();
    await postUpdate(t, callbackUpdate(client, `ra_${proposalId}`));
    expect(await proposalStatus(proposalId)).toBe('ACCEPTED');
  });
});
