import type { Composer, Context } from 'grammy';
import { parseStartPayload, type StartPayload } from '../callback-data.js';
import { chatIdOf } from './shared.js';

type Kind = StartPayload['kind'];

/** The /start deep-link payload of a command update (a plain /start parses as the welcome kind). */
const startPayloadOf = (tg: Context): StartPayload => parseStartPayload(typeof tg.match === 'string' ? tg.match : '');

/** Routes a /start in a chat whose payload is one of `kinds` to `handler`; other payloads pass on to later features. */
export function onStart<K extends Kind>(
  composer: Composer<Context>,
  kinds: readonly K[],
  handler: (tg: Context, chatId: string, payload: Extract<StartPayload, { kind: K }>) => Promise<void>,
): void {
  const ofKind = (payload: StartPayload): payload is Extract<StartPayload, { kind: K }> =>
    (kinds as readonly Kind[]).includes(payload.kind);
  composer.command('start', async (tg, next) => {
    const payload = startPayloadOf(tg);
    if (!ofKind(payload)) return next();
    const chatId = chatIdOf(tg);
    if (chatId) await handler(tg, chatId, payload);
  });
}
