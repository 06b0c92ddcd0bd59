/** Scenario helpers shared by the bot, reschedule and mini-app tests. */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { bookings, businesses, users } from '../../src/db/schema.js';
import { contactUpdate, messageUpdate } from './fake-telegram.js';
import { registerBusiness, type RegisteredBusiness, type TestApp } from './app.js';
import { book as bookPublicly, createMaster } from './catalog.js';
import type { RequestBody } from './typed-call.js';

/** Chat ids unique across test files that share one PostgreSQL database. */
export const randomChat = (): number => randomInt(100_000_000, 2_000_000_000);

/** Posts an update as Telegram would: with the webhook secret set-webhook registered (override it to test refusals). */
export async function webhook(t: TestApp, update: unknown, headers: Record<string, string> = {}) {
  return t.call({
    method: 'POST',
    url: '/api/v1/messenger/webhook',
    payload: update as object,
    headers: { 'x-telegram-bot-api-secret-token': t.config.telegramWebhookSecret, ...headers },
  });
}

/** A client subscribes to a phone as CONTRACT.md §11 allows: /start subscribe_…, then shares its own contact. */
export async function subscribePhone(t: TestApp, chat: number, phone: string): Promise<void> {
  await postUpdate(t, messageUpdate(chat, `/start subscribe_${phone.replace(/\D/g, '')}`));
  await postUpdate(t, contactUpdate(chat, phone));
}

/** The owner's `/start provider_{id}_{code}` message text, read from the panel's endpoint. */
export async function providerStart(t: TestApp, owner: { token: string }): Promise<string> {
  const link = await t.op('get', '/api/v1/business/telegram', { token: owner.token });
  expect(link.statusCode, link.body).toBe(200);
  return `/start ${link.data.start_param}`;
}

export async function postUpdate(t: TestApp, update: unknown): Promise<void> {
  const response = await webhook(t, update);
  expect(response.statusCode).toBe(200);
  expect(response.data).toEqual({ ok: true });
}

export interface Salon extends RegisteredBusiness {
  masterId: number;
}

/** A registered business with one master doing its service. */
export async function salon(t: TestApp, overrides: Parameters<typeof registerBusiness>[1] = {}): Promise<Salon> {
  const owner = await registerBusiness(t, overrides);
  return { ...owner, masterId: (await createMaster(t, owner, 'Динара')).id };
}

/** A booking through the public page with the salon's master, at 11:00 unless the test says otherwise. */
export function book(t: TestApp, owner: Salon, input: Partial<RequestBody<'post', '/api/v1/public/{slug}/booking'>> = {}) {
  return bookPublicly(t, owner, { master_id: owner.masterId, time: '11:00', ...input });
}

export async function bookingRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

export async function businessRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(businesses).where(eq(businesses.id, id));
  return row!;
}

export async function userRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}
