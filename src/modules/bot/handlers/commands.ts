/** Bot commands of SPEC.md "Bot commands": /start (with its deep-link payloads), /help, /unsubscribe, /status. */
import { Composer, InputFile, type Context } from 'grammy';
import { isUniqueViolation } from '../../../db/errors.js';
import { findBusinessAdmin, findUserByMessengerId, updateUser } from '../../auth/queries.js';
import { formatPhone, normalizePhone, phoneVariants } from '../../bookings/phone.js';
import { findBookingView } from '../../bookings/queries.js';
import { isUuid } from '../../bookings/routes.js';
import { findBusinessById, updateBusiness, type BusinessRow } from '../../catalog/business.queries.js';
import { parseStartPayload } from '../callback-data.js';
import {
  BOOKING_NOT_FOUND,
  BUSINESS_NOT_FOUND,
  bookingLabel,
  clientSubscribedText,
  helpText,
  INVALID_PHONE,
  phoneSubscribedText,
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
import {
  activeBookingIdsByPhone,
  chatSubscriptions,
  deactivateOtherProviderChats,
  subscribe,
  unsubscribeChat,
  type SubscriptionRow,
} from '../subscriptions.js';
import { attempt, chatIdOf, say, type BotDeps } from './shared.js';

const STATUS_LIST_LIMIT = 30;

/**
 * CONTRACT.md §3: the sender becomes messenger_id of the business's ADMIN user when that
 * user has none, so the provider is recognised in the mini app. A mini-app CUSTOMER record
 * of the same Telegram user gives the id up (it was created before the link).
 */
async function rememberProviderUser(deps: BotDeps, business: BusinessRow, telegramUserId: number | undefined): Promise<void> {
  if (telegramUserId === undefined) return;
  const { db } = deps.app;
  const messengerId = String(telegramUserId);
  const admin = await findBusinessAdmin(db, business.id);
  if (!admin || admin.messengerId) return;
  const holder = await findUserByMessengerId(db, messengerId);
  if (holder && holder.role !== 'CUSTOMER') return;
  try {
    await db.transaction(async (tx) => {
      if (holder) await updateUser(tx, holder.id, { messengerId: null });
      await updateUser(tx, admin.id, { messengerId });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    deps.log.warn({ businessId: business.id }, 'provider Telegram id is already taken by another user');
  }
}

async function linkProvider(deps: BotDeps, tg: Context, chatId: string, businessId: number): Promise<void> {
  const { db, config } = deps.app;
  const business = await findBusinessById(db, businessId);
  if (!business) {
    await say(deps, tg, BUSINESS_NOT_FOUND);
    return;
  }
  const previousChat = business.messengerChatId;
  await db.transaction(async (tx) => {
    await updateBusiness(tx, business.id, { messengerChatId: chatId });
    await subscribe(tx, 'PROVIDER_BUSINESS', String(business.id), chatId);
    await deactivateOtherProviderChats(tx, business.id, chatId);
  });
  await rememberProviderUser(deps, business, tg.from?.id);
  if (previousChat && previousChat !== chatId) {
    await attempt(deps.log, 'sendMessage', () => tg.api.sendMessage(previousChat, providerMovedAwayText(business), MARKDOWN));
  }
  await say(deps, tg, providerLinkedText(business));
  const url = publicPageUrl(config.publicUrl, business.slug);
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

async function subscribeToPhone(deps: BotDeps, tg: Context, chatId: string, rawPhone: string): Promise<void> {
  const { db } = deps.app;
  const phone = normalizePhone(rawPhone);
  if (!phone) {
    await say(deps, tg, INVALID_PHONE);
    return;
  }
  await subscribe(db, 'CLIENT_PHONE', phone, chatId);
  const bookingIds = await activeBookingIdsByPhone(db, phoneVariants(phone));
  for (const id of bookingIds) await subscribe(db, 'CLIENT_BOOKING', id, chatId);
  await say(deps, tg, phoneSubscribedText(phone, bookingIds.length));
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
        return linkProvider(deps, tg, chatId, payload.businessId);
      case 'client':
        return subscribeToBooking(deps, tg, chatId, payload.bookingId);
      case 'subscribe':
        return subscribeToPhone(deps, tg, chatId, payload.phone);
      default:
        await say(deps, tg, welcomeText());
    }
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
