/** Booking status changes of SPEC.md "Booking status" that providers make (API and bot). */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app.js';
import type { BookingStatus } from '../../db/schema.js';
import { notifySafely } from '../../notifications/notifier.js';
import { findBusinessById } from '../catalog/business.queries.js';
import { deleteBooking, findBookingView, setBookingStatus } from './queries.js';
import type { BookingView } from './view.js';

/** pending and rejected send nothing (SPEC.md Notifications, "status change"). */
export const notifiesClient = (status: string): boolean =>
  status === 'confirmed' || status === 'cancelled' || status === 'completed';

async function notifyClient(ctx: AppContext, log: FastifyBaseLogger, booking: BookingView): Promise<void> {
  if (!notifiesClient(booking.status)) return;
  const business = await findBusinessById(ctx.db, booking.businessId);
  if (!business) return;
  await notifySafely(log, 'status change', () => ctx.notifier.bookingStatusChanged(business, booking), undefined);
}

/** Any status from any status (SPEC.md: no transition validation); the client hears of a real change. */
export async function changeStatus(
  ctx: AppContext,
  log: FastifyBaseLogger,
  booking: BookingView,
  status: BookingStatus,
): Promise<BookingView> {
  if (booking.status === status) return booking;
  await setBookingStatus(ctx.db, booking.id, status);
  const updated: BookingView = { ...booking, status };
  await notifyClient(ctx, log, updated);
  return updated;
}

/** DELETE: a booking not yet cancelled is first cancelled (client notified), then removed for good. */
export async function removeBooking(ctx: AppContext, log: FastifyBaseLogger, booking: BookingView): Promise<void> {
  if (booking.status !== 'cancelled') await changeStatus(ctx, log, booking, 'cancelled');
  await deleteBooking(ctx.db, booking.id);
}

export { findBookingView };
