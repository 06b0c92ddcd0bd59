/** Scenario helpers of the masters' own access tests (CONTRACT.md §16). */
import { expect } from 'vitest';
import { signInitData } from '../../src/modules/identity/init-data.js';
import type { TestApp } from './app.js';
import { messageUpdate, TEST_BOT_TOKEN } from './fake-telegram.js';
import { postUpdate, randomChat, type Salon } from './bot-scenarios.js';
import { createMaster } from './catalog.js';

/** The owner's `/start master_{id}_{code}` text for a master, read from the panel's endpoint. */
export async function masterStart(t: TestApp, owner: { token: string }, masterId: number): Promise<string> {
  const link = await t.op('get', '/api/v1/masters/{id}/telegram', { token: owner.token, path: { id: masterId } });
  expect(link.statusCode, link.body).toBe(200);
  return `/start ${link.data.start_param}`;
}

export function initDataOf(t: TestApp, telegramId: number): string {
  const params = new URLSearchParams({
    user: JSON.stringify({ id: telegramId, first_name: 'Мастер' }),
    auth_date: String(t.app.ctx.time.unixSeconds()),
  });
  params.set('hash', signInitData(params, TEST_BOT_TOKEN));
  return params.toString();
}

export async function miniAppLogin(t: TestApp, telegramId: number): Promise<{ token: string; role: string; businessSlug: string }> {
  const login = await t.op('post', '/api/v1/auth/messenger', { body: { initData: initDataOf(t, telegramId) } });
  expect(login.statusCode, login.body).toBe(200);
  return login.data;
}

export interface LinkedMaster {
  masterId: number;
  /** The master's chat, also the master's Telegram user id. */
  chat: number;
  token: string;
}

/** Links a master's chat through the owner's link, and logs that person into the mini app as the master. */
export async function linkMaster(t: TestApp, owner: Salon, masterId = owner.masterId): Promise<LinkedMaster> {
  const chat = randomChat();
  await postUpdate(t, messageUpdate(chat, await masterStart(t, owner, masterId)));
  const login = await miniAppLogin(t, chat);
  expect(login.role).toBe('master');
  return { masterId, chat, token: login.token };
}

export async function addMaster(t: TestApp, owner: Salon, name = 'Асель'): Promise<number> {
  return (await createMaster(t, owner, name)).id;
}

export async function letMastersDecide(t: TestApp, owner: Salon, allowed = true): Promise<void> {
  const put = await t.op('put', '/api/v1/business', { token: owner.token, body: { masters_can_decide: allowed } });
  expect(put.statusCode, put.body).toBe(200);
  expect(put.data.masters_can_decide).toBe(allowed);
}
