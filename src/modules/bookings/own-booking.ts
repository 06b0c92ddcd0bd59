/** The booking a provider's request names: of the caller's business and, for a master's token, of that master (CONTRACT.md §16). */
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../core/errors.js';
import { isUuid } from '../../core/uuid.js';
import type { Db } from '../../db/client.js';
import { findBusinessById, type BusinessRow } from '../catalog/business.queries.js';
import { masterScope } from '../identity/guards.js';
import { withinMasterScope } from './master-scope.js';
import { findBookingView } from './bookings.queries.js';
import type { BookingView } from './view.js';

/** Booking ids are UUIDs; anything else simply names no booking (404), like another business's id. */
export const BookingIdParam = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** The booking a request names: its business, id and, for a master's token, that master (CONTRACT.md §16). */
export interface OwnBookingRef {
  businessId: number;
  id: string;
  masterId: number | undefined;
}

/** The booking a provider's request names by `id`, with the caller's business and master scope. */
export const ownBookingRef = (request: FastifyRequest, id: string): OwnBookingRef => ({
  businessId: request.provider.businessId,
  id,
  masterId: masterScope(request),
});

/** The business's booking by id (any case); another business's, or for a master's token another master's, is 404. */
export async function findOwnBooking(db: Db, businessId: number, id: string, masterId: number | undefined): Promise<BookingView> {
  const booking = isUuid(id) ? await findBookingView(db, id.toLowerCase(), businessId) : undefined;
  if (!booking || !withinMasterScope(booking, masterId)) throw notFound('Booking');
  return booking;
}

/** The caller's own business; 404 when it is gone. */
export async function findOwnBusiness(db: Db, businessId: number): Promise<BusinessRow> {
  const business = await findBusinessById(db, businessId);
  if (!business) throw notFound('Business');
  return business;
}
