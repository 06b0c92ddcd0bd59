/** Bot commands of SPEC.md "Bot commands": /start (with its deep-link payloads), /help, /unsubscribe, /status. */
import { Composer, InputFile, type Context } from 'grammy';
import type { Contact } from 'grammy/types';
import { formatPhone, normalizePhone, phoneVariants } from '../../../core/phone.js';
import { findBookingView } from '../../bookings/queries.js';
import { isUuid } from '../../../core/uuid.js';
import { findBusinessById } from '../../catalog/business.queries.js';
import { parseStartPayload } from '../callback-data.js';
import {
  BOOKING_NOT_FOUND,
  bookingLabel,
  clientSubscribedText,
  FOREIGN_CONTACT,
  helpText,
  phoneSubscribedText,
  PROVIDER_LINK_INVALID,
  shareContactText,
  providerLinkedText,
  providerMovedAwayText,
  qrCaption,
  statusText,
  unsubscribedText,
  welcomeText,
  type SubscriptionLine,
} from '../messages.js';
import { MARKDOWN } from '../notifier.js';
import { publicPageUrl, qrPng } from '../qr.js';
import { shareContactKeyboard } from '../keyboards.js';
import { linkProviderChat } from '../provider-link.js';
import { activeBookingIdsByPhone, chatSubscriptions, subscribe, unsubscribeChat, type SubscriptionRow } from '../subscriptions.js';
import { attempt, chatIdOf, say, type BotDeps } from './shared.js';

const STATUS_LIST_LIMIT = 30;

async function linkProvider(deps: BotDeps, tg: Context, chatId: string, payload: { businessId: number; code: string | undefined }): Promise<void> {
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

async function subscribeToBooking(deps: BotDeps, tg: Context, chatId: string, rawId: string): Promise<void> {
  const { db } = deps.app;
  const booking = isUuid(rawId) ? await findBookingView(db, rawId.toLowerCase()) : undefined;
  const business = booking && (await findBusinessById(db, booking.businessId));
  if (!booking || !business) {
    await say(deps, tg, BOOKING_NOT_FOUND);
    return;
  }
  await subscribe(db, 'CLIENT_PHONE', booking.client.phone, chatId);
  await subscribe(db, 'CLIENT_BOOKING', booking.id, chatId);
  await say(deps, tg, clientSubscribedText(business, booking));
}

/** CONTRACT.md §11: the phone in the link is not trusted; Telegram vouches for the sender's own number instead. */
async function askForContact(deps: BotDeps, tg: Context): Promise<void> {
  await say(deps, tg, shareContactText(), { reply_markup: shareContactKeyboard() });
}

/** A shared contact subscribes its phone only when it is the sender's own. */
async function subscribeToContact(deps: BotDeps, tg: Context, chatId: string, contact: Contact): Promise<void> {
  const phone = contact.user_id !== undefined && contact.user_id === tg.from?.id ? normalizePhone(contact.phone_number) : undefined;
  if (!phone) {
    await say(deps, tg, FOREIGN_CONTACT, { reply_markup: shareContactKeyboard() });
    return;
  }
  const { db } = deps.app;
  await subscribe(db, 'CLIENT_PHONE', phone, chatId);
  const bookingIds = await activeBookingIdsByPhone(db, phoneVariants(phone));
  for (const id of bookingIds) await subscribe(db, 'CLIENT_BOOKING', id, chatId);
  await say(deps, tg, phoneSubscribedText(phone, bookingIds.length), { reply_markup: { remove_keyboard: true } });
}

async function describeSubscription(deps: BotDeps, row: SubscriptionRow): Promise<SubscriptionLine> {
  const { db } = deps.app;
  switch (row.contextType) {
    case 'PROVIDER_BUSINESS': {
      const business = await findBusinessById(db, Number(row.contextRef));
      return { contextType: row.contextType, label: business ? business.name : `#${row.contextRef}` };
    }
    case 'CLIENT_PHONE':
      return { contextType: row.contextType, label: formatPhone(row.contextRef) };
    case 'CLIENT_BOOKING': {
      const booking = isUuid(row.contextRef) ? await findBookingView(db, row.contextRef) : undefined;
      return { contextType: row.contextType, label: booking ? bookingLabel(booking) : 'удалённая запись' };
    }
  }
}

export function commandHandlers(deps: BotDeps): Composer<Context> {
  const commands = new Composer<Context>();

  commands.command('start', async (tg) => {
    const chatId = chatIdOf(tg);
    if (!chatId) return;
    const payload = parseStartPayload(typeof tg.match === 'string' ? tg.match : '');
    switch (payload.kind) {
      case 'provider':
        return linkProvider(deps, tg, chatId, payload);
      case 'client':
        return subscribeToBooking(deps, tg, chatId, payload.bookingId);
      case 'subscribe':
        return askForContact(deps, tg);
      default:
        await say(deps, tg, welcomeText());
    }
  });

  commands.on('message:contact', async (tg) => {
    const chatId = chatIdOf(tg);
    if (!chatId) return;
    await subscribeToContact(deps, tg, chatId, tg.message.contact);
  });

  commands.command('help', async (tg) => {
    await say(deps, tg, helpText());
  });

  commands.command('unsubscribe', async (tg) => {
    const chatId = chatIdOf(tg);
    if (!chatId) return;
    await say(deps, tg, unsubscribedText(await unsubscribeChat(deps.app.db, chatId)));
  });

  commands.command('status', async (tg) => {
    const chatId = chatIdOf(tg);
    if (!chatId) return;
    const rows = (await chatSubscriptions(deps.app.db, chatId)).slice(0, STATUS_LIST_LIMIT);
    const lines: SubscriptionLine[] = [];
    for (const row of rows) lines.push(await describeSubscription(deps, row));
    await say(deps, tg, statusText(lines));
  });

  return commands;
}
