import type { Bot } from 'grammy';
import { callbackHandlers } from './callbacks.js';
import { commandHandlers } from './commands.js';
import type { BotDeps } from './shared.js';

const installed = new WeakSet<Bot>();

/** Commands, then buttons (their handler is also the final catch-all for every callback query). */
export function installHandlers(bot: Bot, deps: BotDeps): void {
  if (installed.has(bot)) return;
  installed.add(bot);
  bot.use(commandHandlers(deps));
  bot.use(callbackHandlers(deps));
}
