/** The booking a provider's request names: of the caller's business and, for a master's token, of that master (CONTRACT.md §16). */
import { Type } from '@sinclair/typebox';
import { notFound } from '../../core/errors.js';
import { isUuid } from '../../core/uuid.js';
import type { Db } from '../../db/client.js';
import { withinMasterScope } from './master-scope.js';
import { findBookingView } from './queries.js';
import type { BookingView } from './view.js';

/** Booking ids are UUIDs; anything else simply names no booking (404), like another business's id. */
export const BookingIdParam = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** The business's booking by id (any case); another business's, or for a master's token another master's, is 404. */
export async function findOwnBooking(db: Db, businessId: number, id: string, masterId: number | undefined): Promise<BookingView> {
  const booking = isUuid(id) ? await findBookingView(db, id.toLowerCase(), businessId) : undefined;
  if (!booking || !withinMasterScope(booking, masterId)) throw notFound('Booking');
  return booking;
}
