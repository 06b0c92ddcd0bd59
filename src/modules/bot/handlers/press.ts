/**
 * Inline-button presses (SPEC.md "Callback data"). Every press is answered exactly once, also
 * when its data is unknown or its handler fails, so no client keeps spinning.
 */
import type { Composer, Context } from 'grammy';
import { parseCallbackData, type CallbackAction } from '../callback-data.js';
import { attempt, type BotDeps } from './shared.js';

export const SOMETHING_WENT_WRONG = 'Не получилось, попробуйте ещё раз';

/** What a press is answered with: a short text in the callback answer (an alert for refusals). */
export type Answer = { text?: string; alert?: boolean } | undefined;
export const refuse = (text: string): Answer => ({ text, alert: true });

type Kind = CallbackAction['kind'];
export type PressHandler<K extends Kind> = (tg: Context, action: Extract<CallbackAction, { kind: K }>) => Promise<Answer>;

const actionOf = (tg: Context): CallbackAction | undefined => {
  const data = tg.callbackQuery?.data;
  return typeof data === 'string' ? parseCallbackData(data) : undefined;
};

function answerPress(deps: BotDeps, tg: Context, reply: Answer): Promise<boolean> {
  return attempt(deps.log, 'answerCallbackQuery', () =>
    tg.answerCallbackQuery(reply?.text ? { text: reply.text, show_alert: reply.alert ?? false } : undefined),
  );
}

/** Routes presses whose data parses to one of `kinds` to `handler`, then answers the press; others pass on. */
export function onPress<K extends Kind>(composer: Composer<Context>, deps: BotDeps, kinds: readonly K[], handler: PressHandler<K>): void {
  const ofKind = (action: CallbackAction | undefined): action is Extract<CallbackAction, { kind: K }> =>
    action !== undefined && (kinds as readonly Kind[]).includes(action.kind);
  composer.on('callback_query', async (tg, next) => {
    const action = actionOf(tg);
    if (!ofKind(action)) return next();
    let reply: Answer;
    try {
      reply = await handler(tg, action);
    } catch (error) {
      deps.log.error({ err: error, kind: action.kind }, 'bot button handler failed');
      reply = refuse(SOMETHING_WENT_WRONG);
    }
    await answerPress(deps, tg, reply);
  });
}

/** The last handler: unknown data and data-less presses are answered without text. */
export function answerOtherPresses(composer: Composer<Context>, deps: BotDeps): void {
  composer.on('callback_query', (tg) => answerPress(deps, tg, undefined));
}
