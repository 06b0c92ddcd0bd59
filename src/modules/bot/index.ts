/**
 * The messenger half of the service, wired by src/app.ts: with BOT_TOKEN a grammY bot
 * (webhook mode) and the Telegram notifier; without it a disabled notifier and routes
 * that answer 503 where Telegram is needed.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Bot } from 'grammy';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { DisabledNotifier, type Notifier } from '../bookings/notifier.js';
import { messengerRoutes } from './messenger.routes.js';

export interface Messenger {
  bot: Bot | undefined;
  notifier: Notifier;
  /** Register under /api/v1. */
  routes: FastifyPluginAsyncTypebox;
}

/** grammY and the Telegram parts are loaded only when BOT_TOKEN is set: a start without the bot skips them. */
export async function createMessenger(options: { config: Config; db: Db; log: FastifyBaseLogger }): Promise<Messenger> {
  const { config, db, log } = options;
  if (!config.botToken) return { bot: undefined, notifier: new DisabledNotifier(), routes: messengerRoutes(undefined) };
  const [{ createBot }, { TelegramNotifier }] = await Promise.all([import('./telegram.js'), import('./notifier.js')]);
  const bot = createBot({ ...config, botToken: config.botToken });
  return { bot, notifier: new TelegramNotifier(bot.api, db, log.child({ module: 'bot' })), routes: messengerRoutes(bot) };
}
