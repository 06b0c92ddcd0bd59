/** The use cases behind messenger.routes.ts (CONTRACT.md §7): the webhook, pointing it, and what the bot knows. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { DomainError, invalidInput, notAuthenticated, notFound } from '../../core/errors.js';
import { fromDbTimestamp } from '../../core/wallclock.js';
import type { Db } from '../../db/client.js';
import { findBusinessById } from '../catalog/business.queries.js';
import { businessSubscriptions } from './subscriptions.js';

export const BOT_DISABLED = 'Telegram bot is not configured (BOT_TOKEN is unset)';

/** The bot, or 503 when BOT_TOKEN is unset. */
export function requireBot(bot: Bot | undefined): Bot {
  if (!bot) throw new DomainError('not_configured', BOT_DISABLED);
  return bot;
}

function sameSecret(received: string | string[] | undefined, expected: string): boolean {
  if (typeof received !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(received), digest(expected));
}

const isUpdate = (body: unknown): body is Update =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && Number.isSafeInteger((body as { update_id?: unknown }).update_id);

async function telegramCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // Only reached with a bot, so grammY is loaded already.
    const { describeTelegramError } = await import('./notifier.js');
    const described = describeTelegramError(error);
    throw new DomainError('telegram_error', `Telegram API error: ${String(described.description ?? described.message ?? 'no answer')}`);
  }
}

export interface WebhookDeps {
  bot: Bot | undefined;
  secret: string;
  log: FastifyBaseLogger;
}

/** One webhook call: 401 without the secret, 503 without the bot, else {ok: true} whatever became of the update. */
export async function receiveUpdate(deps: WebhookDeps, receivedSecret: string | string[] | undefined, update: unknown) {
  if (!sameSecret(receivedSecret, deps.secret)) throw notAuthenticated('Invalid webhook secret token');
  const active = requireBot(deps.bot);
  if (!isUpdate(update)) {
    deps.log.warn('webhook body is not a Telegram update; ignored');
    return { ok: true as const };
  }
  try {
    await active.handleUpdate(update);
  } catch (error) {
    deps.log.error({ err: (error as { error?: unknown }).error ?? error, updateId: update.update_id }, 'bot update handling failed');
  }
  return { ok: true as const };
}

/** Points Telegram's webhook at an HTTPS URL, with the secret Telegram sends back on every update. */
export async function pointWebhookAt(bot: Bot | undefined, url: string, secret: string) {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidInput('Invalid url: expected an absolute HTTPS URL', 'url');
  }
  if (parsed.protocol !== 'https:') throw invalidInput('Invalid url: the webhook URL must use HTTPS', 'url');
  const active = requireBot(bot);
  const ok = await telegramCall(() => active.api.setWebhook(url, { allowed_updates: ['message', 'callback_query'], secret_token: secret }));
  return { ok, url };
}

/** Telegram's view of the webhook. */
export async function readWebhookInfo(bot: Bot | undefined) {
  const active = requireBot(bot);
  const info = await telegramCall(() => active.api.getWebhookInfo());
  return { ...info, url: info.url ?? '', allowed_updates: info.allowed_updates?.map(String) };
}

/** The business's linked chat and every subscription of it, and whether the linked one gets the notices. */
export async function describeSubscription(db: Db, businessId: number, botEnabled: boolean) {
  const business = await findBusinessById(db, businessId);
  if (!business) throw notFound('Business');
  const rows = await businessSubscriptions(db, businessId);
  return {
    business_id: business.id,
    messenger_chat_id: business.messengerChatId,
    subscribed: rows.some((row) => row.isActive && row.messengerChatId === business.messengerChatId),
    bot_enabled: botEnabled,
    subscriptions: rows.map((row) => ({
      messenger_chat_id: row.messengerChatId,
      is_active: row.isActive,
      created_at: fromDbTimestamp(row.createdAt),
    })),
  };
}
