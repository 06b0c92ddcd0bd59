/**
 * The bot's features, one grammY Composer each, in the order updates try them. Each runs inside
 * its own error boundary: a failing feature is logged under its name and the update ends there.
 */
import type { Bot, Composer, Context } from 'grammy';
import { clientSubscriptionHandlers } from './client-subscriptions.js';
import { decisionHandlers } from './decisions.js';
import { infoHandlers } from './info.js';
import { linkingHandlers } from './linking.js';
import { masterHandlers } from './master.js';
import { answerOtherPresses } from './press.js';
import { rescheduleAnswerHandlers } from './reschedule-answers.js';
import { rescheduleHandlers } from './reschedule.js';
import type { BotDeps } from './shared.js';

const features: ReadonlyArray<readonly [string, (deps: BotDeps) => Composer<Context>]> = [
  ['provider linking', linkingHandlers],
  ['master chats', masterHandlers],
  ['client subscriptions', clientSubscriptionHandlers],
  ['info commands', infoHandlers],
  ['booking decisions', decisionHandlers],
  ['reschedule proposals', rescheduleHandlers],
  ['reschedule answers', rescheduleAnswerHandlers],
];

const installed = new WeakSet<Bot>();

export function installHandlers(bot: Bot, deps: BotDeps): void {
  if (installed.has(bot)) return;
  installed.add(bot);
  for (const [feature, handlers] of features) {
    bot.errorBoundary(
      (error) => deps.log.error({ err: error.error, feature, updateId: error.ctx.update.update_id }, 'bot feature failed'),
      handlers(deps),
    );
  }
  answerOtherPresses(bot, deps);
}
