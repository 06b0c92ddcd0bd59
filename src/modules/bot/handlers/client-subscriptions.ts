/** A client follows a booking (/start client_{id}) or, by sharing its own contact, every booking of its phone. */
import { Composer, type Context } from 'grammy';
import type { Contact } from 'grammy/types';
import { phoneVariants } from '../../../core/phone.js';
import { contactPhone } from '../../../core/contact-phone.js';
import { isUuid } from '../../../core/uuid.js';
import { findBookingView } from '../../bookings/bookings.queries.js';
import { findBusinessById } from '../../catalog/business.queries.js';
import {
  BOOKING_NOT_FOUND,
  clientSubscribedText,
  FOREIGN_CONTACT,
  FOREIGN_COUNTRY_CONTACT,
  phoneSubscribedText,
  shareContactText,
} from '../messages.js';
import { shareContactKeyboard } from '../keyboards.js';
import { activeBookingIdsByPhone, subscribe } from '../subscriptions.js';
import { chatIdOf, say, type BotDeps } from './shared.js';
import { onStart } from './start-payload.js';
import { visitBookings } from '../../visits/visits.queries.js';

async function subscribeToBooking(deps: BotDeps, tg: Context, chatId: string, rawId: string): Promise<void> {
  const { db } = deps.app;
  const booking = isUuid(rawId) ? await findBookingView(db, rawId.toLowerCase()) : undefined;
  const business = booking && (await findBusinessById(db, booking.businessId));
  if (!booking || !business) {
    await say(deps, tg, BOOKING_NOT_FOUND);
    return;
  }
  // CONTRACT.md §11: anyone can book with anyone's phone, so a booking id vouches for that booking only;
  // following every booking of a number takes the sender's own contact (the button offered here).
  // CONTRACT.md §20: a booking of a visit vouches for its visit: the chat follows every booking of it.
  const items = booking.visitId ? await visitBookings(db, booking.businessId, booking.visitId) : [booking];
  for (const item of items) await subscribe(db, 'CLIENT_BOOKING', item.id, chatId);
  await say(deps, tg, clientSubscribedText(business, booking, items), { reply_markup: shareContactKeyboard() });
}

/** CONTRACT.md §11: the phone in the link is not trusted; Telegram vouches for the sender's own number instead. */
async function askForContact(deps: BotDeps, tg: Context): Promise<void> {
  await say(deps, tg, shareContactText(), { reply_markup: shareContactKeyboard() });
}

/**
 * A shared contact subscribes its phone only when it is the sender's own, and only a number of
 * country code 7 (CONTRACT.md §11 fourth pass): any other subscribes nothing and matches no booking.
 */
async function subscribeToContact(deps: BotDeps, tg: Context, chatId: string, contact: Contact): Promise<void> {
  if (contact.user_id === undefined || contact.user_id !== tg.from?.id) {
    await say(deps, tg, FOREIGN_CONTACT, { reply_markup: shareContactKeyboard() });
    return;
  }
  const phone = contactPhone(contact.phone_number);
  if (!phone) {
    await say(deps, tg, FOREIGN_COUNTRY_CONTACT, { reply_markup: { remove_keyboard: true } });
    return;
  }
  const { db } = deps.app;
  await subscribe(db, 'CLIENT_PHONE', phone, chatId, 'contact');
  const bookingIds = await activeBookingIdsByPhone(db, phoneVariants(phone));
  for (const id of bookingIds) await subscribe(db, 'CLIENT_BOOKING', id, chatId);
  await say(deps, tg, phoneSubscribedText(phone, bookingIds.length), { reply_markup: { remove_keyboard: true } });
}

export function clientSubscriptionHandlers(deps: BotDeps): Composer<Context> {
  const subscriptions = new Composer<Context>();
  onStart(subscriptions, ['client'], (tg, chatId, payload) => subscribeToBooking(deps, tg, chatId, payload.bookingId));
  onStart(subscriptions, ['subscribe'], (tg) => askForContact(deps, tg));
  subscriptions.on('message:contact', async (tg) => {
    const chatId = chatIdOf(tg);
    if (chatId) await subscribeToContact(deps, tg, chatId, tg.message.contact);
  });
  return subscriptions;
}
