/** Booking status changes of SPEC.md "Booking status" that providers make (API and bot). */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { BookingStatus } from '../../db/schema.js';
import { notifySafely } from './notifier.js';
import { findBusinessById, type BusinessRow } from '../catalog/business.queries.js';
import { expireProposals } from './reschedule/proposals.queries.js';
import { isActive } from '../../core/booking-status.js';
import { hears } from '../../core/notices.js';
import { deleteBooking, setBookingStatus, setStatusIfPending } from './bookings.queries.js';
import type { BookingView } from './view.js';

type StatusDeps = Pick<AppContext, 'db' | 'notifier' | 'time'>;

/** pending and rejected send nothing (SPEC.md Notifications, "status change"): core/notices.ts whoHears. */
export const notifiesClient = (status: string): boolean => hears('client', { kind: 'status', status });

/** `business` when the caller already holds it (saves a lookup). */
export async function notifyClient(
  ctx: Pick<AppContext, 'db' | 'notifier'>,
  log: FastifyBaseLogger,
  booking: BookingView,
  known?: BusinessRow,
): Promise<void> {
  if (!notifiesClient(booking.status)) return;
  const business = known ?? (await findBusinessById(ctx.db, booking.businessId));
  if (!business) return;
  await notifySafely(log, 'status change', () => ctx.notifier.bookingStatusChanged(business, booking), undefined);
}

/** A proposal waiting for the client is void once its booking is cancelled, rejected or completed: accepting it would put an ended booking back on the calendar. */
async function voidProposalsUnlessActive(ctx: Pick<AppContext, 'db'>, bookingId: string, status: BookingStatus): Promise<void> {
  if (!isActive(status)) await expireProposals(ctx.db, bookingId);
}

/** Any status from any status (SPEC.md: no transition validation); the client hears of a real change. */
export async function changeStatus(
  ctx: StatusDeps,
  log: FastifyBaseLogger,
  booking: BookingView,
  status: BookingStatus,
): Promise<BookingView> {
  if (booking.status === status) return booking;
  const now = ctx.time.now();
  await setBookingStatus(ctx.db, booking.id, status, now);
  await voidProposalsUnlessActive(ctx, booking.id, status);
  const updated: BookingView = { ...booking, status, updatedAt: now };
  await notifyClient(ctx, log, updated);
  return updated;
}

/**
 * The provider's decision on a pending booking (bot confirm_/reject_): only from pending, and only
 * the first of two racing decisions wins. Undefined when the booking was not (or no longer) pending.
 * The caller tells the client (notifyClient) once it has answered the provider.
 */
export async function decidePending(
  ctx: Pick<AppContext, 'db' | 'time'>,
  booking: BookingView,
  status: 'confirmed' | 'cancelled',
): Promise<BookingView | undefined> {
  const now = ctx.time.now();
  if (booking.status !== 'pending' || !(await setStatusIfPending(ctx.db, booking.id, status, now))) return undefined;
  await voidProposalsUnlessActive(ctx, booking.id, status);
  return { ...booking, status, updatedAt: now };
}

/**
 * DELETE: a booking not yet cancelled is first cancelled (client notified), then removed for good;
 * GET /bookings/deleted names it from then on (CONTRACT.md §14).
 */
export async function removeBooking(ctx: StatusDeps, log: FastifyBaseLogger, booking: BookingView): Promise<void> {
  if (booking.status !== 'cancelled') await changeStatus(ctx, log, booking, 'cancelled');
  await deleteBooking(ctx.db, booking.id, ctx.time.now());
}
