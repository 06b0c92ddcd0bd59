import type { FastifyBaseLogger } from 'fastify';
import type { Context } from 'grammy';
import type { AppContext } from '../../../context.js';
import { fitMessage } from '../messages.js';
import { describeTelegramError, MARKDOWN } from '../notifier.js';

export interface BotDeps {
  app: Pick<AppContext, 'db' | 'config' | 'time' | 'notifier'>;
  log: FastifyBaseLogger;
}

/** A Bot API call whose failure is logged and swallowed (SPEC.md: no retries, the message is lost). */
export async function attempt(log: FastifyBaseLogger, what: string, call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    log.error({ telegram: describeTelegramError(error) }, `Telegram ${what} failed`);
    return false;
  }
}

/** Replies in the chat of the update, in Markdown. */
export function say(deps: BotDeps, tg: Context, text: string, extra: Record<string, unknown> = {}): Promise<boolean> {
  return attempt(deps.log, 'sendMessage', () => tg.reply(fitMessage(text), { ...MARKDOWN, ...extra }));
}

/** Rewrites the message the pressed button belongs to; without a keyboard its buttons disappear. */
export function edit(deps: BotDeps, tg: Context, text: string, extra: Record<string, unknown> = {}): Promise<boolean> {
  return attempt(deps.log, 'editMessageText', () => tg.editMessageText(fitMessage(text), { ...MARKDOWN, ...extra }));
}

export const chatIdOf = (tg: Context): string | undefined => (tg.chat ? String(tg.chat.id) : undefined);
