import type { Context } from 'grammy';
import { findBookingView } from '../../bookings/bookings.queries.js';
import type { BookingView } from '../../bookings/view.js';
import { findBusinessById, type BusinessRow } from '../../catalog/business.queries.js';
import { BOOKING_NOT_FOUND, NOT_ALLOWED } from '../messages.js';
import { masterChatOf, masterOfChat } from '../master-link.js';
import { NO_ACCESS } from '../master-messages.js';
import { visitBookings } from '../../visits/visits.queries.js';
import { masterKind, mayAct, type Principal } from '../../identity/policy.js';
import { refuse, type Answer } from './press.js';
import { chatIdOf, type BotDeps } from './shared.js';

export interface ProviderBooking {
  booking: BookingView;
  business: BusinessRow;
  /** The press came from the booking's master's chat (CONTRACT.md §16), not the business's: it acts on that master's items only. */
  byMaster: boolean;
}

/**
 * Who a chat is (identity/policy.ts): the business's linked chat is the owner's Telegram side; the chat of
 * the booking's own master is that master, deciding while the business lets masters decide.
 */
async function chatPrincipal(deps: BotDeps, business: BusinessRow, booking: BookingView, chatId: string): Promise<Principal | undefined> {
  if (business.messengerChatId === chatId) return 'owner_telegram';
  if ((await masterChatOf(deps.app.db, booking.master.id))?.chatId !== chatId) return undefined;
  return masterKind(business.mastersCanDecide);
}

/**
 * SPEC.md Authentication 5: a provider button counts only from the chat linked to the booking's business;
 * CONTRACT.md §16: or from the chat of the booking's own master, as far as the policy lets that master decide.
 * Any other master's chat is told 'Нет доступа'; nothing changes.
 */
export async function providerBooking(deps: BotDeps, tg: Context, bookingId: string): Promise<ProviderBooking | Answer> {
  const booking = await findBookingView(deps.app.db, bookingId);
  const business = booking && (await findBusinessById(deps.app.db, booking.businessId));
  if (!booking || !business) return refuse(BOOKING_NOT_FOUND);
  const chatId = chatIdOf(tg);
  const principal = chatId ? await chatPrincipal(deps, business, booking, chatId) : undefined;
  if (principal && mayAct(principal, 'booking.decide')) return { booking, business, byMaster: principal !== 'owner_telegram' };
  if (principal || (chatId && (await masterOfChat(deps.app.db, chatId)))) return refuse(NO_ACCESS);
  deps.log.warn('bot button pressed from a chat not linked to the business; ignored');
  return refuse(NOT_ALLOWED);
}

/**
 * CONTRACT.md §20: what a press on a booking of a visit acts on: the whole visit from the business's chat,
 * that master's items of it from a master's chat (§16); the booking alone when it is a single booking.
 */
export async function pressedItems(deps: BotDeps, found: ProviderBooking): Promise<BookingView[]> {
  const { booking } = found;
  if (!booking.visitId) return [booking];
  const items = await visitBookings(deps.app.db, booking.businessId, booking.visitId);
  const scope = found.byMaster ? items.filter((item) => item.master.id === booking.master.id) : items;
  return scope.length > 0 ? scope : [booking];
}

export const isProviderBooking = (value: ProviderBooking | Answer): value is ProviderBooking => value !== undefined && 'booking' in value;
