/**
 * PATCH and DELETE /visits/{id} (CONTRACT.md §20): every booking of the visit gets the status, or the
 * whole visit moves by one offset, or every booking goes as SPEC.md's DELETE; one transaction each, one
 * notice to the client per change of the visit (its first booking's conversation).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { BookingStatus } from '../../db/schema.js';
import { isActive } from '../../core/booking-status.js';
import { assertWallClock } from '../../core/wall-clock-input.js';
import { addMinutes, combine, datePart, type NaiveDateTime } from '../../core/wallclock.js';
import type { BusinessRow } from '../catalog/business.queries.js';
import { notifySafely } from '../bookings/notifier.js';
import { deleteBooking, moveBooking, setBookingStatus } from '../bookings/queries.js';
import { expireProposals } from '../bookings/reschedule/queries.js';
import { notifiesClient } from '../bookings/status.js';
import { visitOf, type VisitView } from './view.js';

type Deps = Pick<AppContext, 'db' | 'notifier' | 'time'>;

/** Minutes from one naive date-time to another (either may be on another day). */
function minutesBetween(from: NaiveDateTime, to: NaiveDateTime): number {
  // Both read as UTC fields: a naive time never meets the server's own zone.
  const utc = (naive: NaiveDateTime) => Date.parse(`${naive.slice(0, 19)}Z`);
  return Math.round((utc(to) - utc(from)) / 60_000);
}

/** Every booking of the visit gets `status` (SPEC.md: any from any); the client hears once of a real change. */
export async function setVisitStatus(ctx: Deps, log: FastifyBaseLogger, business: BusinessRow, visit: VisitView, status: BookingStatus) {
  const changing = visit.bookings.filter((booking) => booking.status !== status);
  if (changing.length === 0) return visit;
  const now = ctx.time.now();
  await ctx.db.transaction(async (tx) => {
    for (const booking of changing) {
      await setBookingStatus(tx, booking.id, status, now);
      if (!isActive(status)) await expireProposals(tx, booking.id);
    }
  });
  const updated = visitOf(
    visit.id,
    visit.bookings.map((booking) => (booking.status === status ? booking : { ...booking, status, updatedAt: now })),
  );
  if (notifiesClient(status))
    await notifySafely(log, 'visit status', () => ctx.notifier.bookingStatusChanged(business, updated.bookings[0]!), undefined);
  return updated;
}

/**
 * The whole visit to another date and time: each booking by the same offset, same masters, same
 * durations; availability not checked (SPEC.md: the owner's move allows overlaps). A waiting proposal
 * of any of them is void; the client hears once.
 */
export async function moveVisit(
  ctx: Deps,
  log: FastifyBaseLogger,
  business: BusinessRow,
  visit: VisitView,
  to: { date?: string; time?: string },
): Promise<VisitView> {
  if (to.date !== undefined) assertWallClock('wall-date', to.date, 'date');
  if (to.time !== undefined) assertWallClock('wall-time', to.time, 'time');
  const startAt = combine(to.date ?? datePart(visit.startAt), to.time ?? visit.startAt.slice(11, 16));
  const offset = minutesBetween(visit.startAt, startAt);
  if (offset === 0) return visit;
  const now = ctx.time.now();
  const moved = visit.bookings.map((booking) => ({
    ...booking,
    startAt: addMinutes(booking.startAt, offset),
    endAt: addMinutes(booking.endAt, offset),
    updatedAt: now,
  }));
  await ctx.db.transaction(async (tx) => {
    for (const booking of moved) {
      await moveBooking(tx, booking.id, { startAt: booking.startAt, endAt: booking.endAt }, now);
      await expireProposals(tx, booking.id);
    }
  });
  const updated = visitOf(visit.id, moved);
  const first = updated.bookings[0]!;
  if (isActive(first.status))
    await notifySafely(log, 'visit moved', () => ctx.notifier.bookingMoved(business, first, visit.startAt), undefined);
  return updated;
}

/** DELETE: the visit is cancelled first when it was not (the client told once), then every booking removed for good. */
export async function removeVisit(ctx: Deps, log: FastifyBaseLogger, business: BusinessRow, visit: VisitView): Promise<void> {
  const cancelled = await setVisitStatus(ctx, log, business, visit, 'cancelled');
  const now = ctx.time.now();
  await ctx.db.transaction(async (tx) => {
    for (const booking of cancelled.bookings) await deleteBooking(tx, booking.id, now);
  });
}
