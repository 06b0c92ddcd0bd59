import type { Context } from 'grammy';
import { findBookingView } from '../../bookings/queries.js';
import type { BookingView } from '../../bookings/view.js';
import { findBusinessById, type BusinessRow } from '../../catalog/business.queries.js';
import { BOOKING_NOT_FOUND, NOT_ALLOWED } from '../messages.js';
import { masterChatOf, masterOfChat } from '../master-link.js';
import { NO_ACCESS } from '../master-messages.js';
import { refuse, type Answer } from './press.js';
import { chatIdOf, type BotDeps } from './shared.js';

export interface ProviderBooking {
  booking: BookingView;
  business: BusinessRow;
}

/**
 * SPEC.md Authentication 5: a provider button counts only from the chat linked to the booking's business;
 * CONTRACT.md §16: or from the chat of the booking's own master while the business lets masters decide.
 * Any other master's chat is told 'Нет доступа'; nothing changes.
 */
export async function providerBooking(deps: BotDeps, tg: Context, bookingId: string): Promise<ProviderBooking | Answer> {
  const booking = await findBookingView(deps.app.db, bookingId);
  const business = booking && (await findBusinessById(deps.app.db, booking.businessId));
  if (!booking || !business) return refuse(BOOKING_NOT_FOUND);
  const chatId = chatIdOf(tg);
  if (business.messengerChatId && business.messengerChatId === chatId) return { booking, business };
  if (chatId && (await masterChatOf(deps.app.db, booking.master.id))?.chatId === chatId) {
    return business.mastersCanDecide ? { booking, business } : refuse(NO_ACCESS);
  }
  if (chatId && (await masterOfChat(deps.app.db, chatId))) return refuse(NO_ACCESS);
  deps.log.warn('bot button pressed from a chat not linked to the business; ignored');
  return refuse(NOT_ALLOWED);
}

export const isProviderBooking = (value: ProviderBooking | Answer): value is ProviderBooking => value !== undefined && 'booking' in value;
