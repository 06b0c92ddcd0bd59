import type { Context } from 'grammy';
import { parseStartPayload, type StartPayload } from '../callback-data.js';

type Kind = StartPayload['kind'];

/** The /start deep-link payload of a command update (a plain /start parses as the welcome kind). */
export const startPayloadOf = (tg: Context): StartPayload => parseStartPayload(typeof tg.match === 'string' ? tg.match : '');

/** A filter for `composer.command('start').filter(...)`: this feature's payload kinds only. */
export const startsWith =
  (...kinds: readonly Kind[]) =>
  (tg: Context): boolean =>
    kinds.includes(startPayloadOf(tg).kind);
