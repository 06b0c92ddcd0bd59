/** /start provider_{id}_{code}: links the chat to the business (rules in ../provider-link.ts). */
import { Composer, InputFile, type Context } from 'grammy';
import { PROVIDER_LINK_INVALID, providerLinkedText, providerMovedAwayText, qrCaption } from '../messages.js';
import { MARKDOWN } from '../notifier.js';
import { linkProviderChat } from '../provider-link.js';
import { publicPageUrl, qrPng } from '../qr.js';
import { attempt, say, type BotDeps } from './shared.js';
import { onStart } from './start-payload.js';

async function linkProvider(
  deps: BotDeps,
  tg: Context,
  chatId: string,
  payload: { businessId: number; code: string | undefined },
): Promise<void> {
  const outcome = await linkProviderChat(deps.app.db, deps.log, { ...payload, chatId, senderId: tg.from?.id });
  if (outcome.kind === 'invalid') {
    await say(deps, tg, PROVIDER_LINK_INVALID);
    return;
  }
  const { business, previousChat } = outcome;
  if (previousChat && previousChat !== chatId) {
    await attempt(deps.log, 'sendMessage', () => tg.api.sendMessage(previousChat, providerMovedAwayText(business), MARKDOWN));
  }
  await say(deps, tg, providerLinkedText(business));
  const url = publicPageUrl(deps.app.config.publicUrl, business.slug);
  const png = await qrPng(url);
  await attempt(deps.log, 'sendPhoto', () => tg.replyWithPhoto(new InputFile(png, 'qr.png'), { caption: qrCaption(url), ...MARKDOWN }));
}

export function linkingHandlers(deps: BotDeps): Composer<Context> {
  const linking = new Composer<Context>();
  onStart(linking, ['provider'], (tg, chatId, payload) => linkProvider(deps, tg, chatId, payload));
  return linking;
}
