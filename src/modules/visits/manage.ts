/**
 * PATCH and DELETE /visits/{id} (CONTRACT.md §20), and the bot's decisions and accepted proposals on a
 * visit: every booking of the visit gets the status, or the whole visit moves by one offset, or every
 * booking goes as SPEC.md's DELETE; one transaction each, one notice to the client per change of the visit.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { BookingStatus } from '../../db/schema.js';
import { isActive } from '../../core/booking-status.js';
import { DomainError } from '../../core/errors.js';
import { assertWallClock } from '../../core/wall-clock-input.js';
import { addMinutes, combine, datePart, minutesBetween, type NaiveDateTime } from '../../core/wallclock.js';
import type { BusinessRow } from '../catalog/business.queries.js';
import { notifySafely } from '../bookings/notifier.js';
import { deleteBooking, moveBooking, moveIfReschedulable, setBookingStatus, setStatusIfIn } from '../bookings/bookings.queries.js';
import { expireProposals } from '../bookings/reschedule/proposals.queries.js';
import { NOT_RESCHEDULABLE, type VisitShift } from '../bookings/reschedule/reschedule.service.js';
import { notifiesClient } from '../bookings/status.js';
import type { BookingView } from '../bookings/view.js';
import { visitBookings } from './visits.queries.js';
import { visitOf, type VisitView } from './view.js';

type Deps = Pick<AppContext, 'db' | 'notifier' | 'time'>;

/** The client (and each master of §16, their items) hears once of a visit's items getting a status that notifies. */
export async function notifyVisitStatus(
  ctx: Pick<AppContext, 'notifier'>,
  log: FastifyBaseLogger,
  business: BusinessRow,
  items: readonly BookingView[],
): Promise<void> {
  if (items.length === 0 || !notifiesClient(items[0]!.status)) return;
  await notifySafely(log, 'visit status', () => ctx.notifier.visitStatusChanged(business, items), undefined);
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
  await notifyVisitStatus(ctx, log, business, updated.bookings);
  return updated;
}

/** A decision that lost to another change: its transaction is rolled back whole. */
class Undecided extends Error {}

/**
 * The bot's confirm_ / reject_ on a visit's notice (CONTRACT.md §20), for `items` (the whole visit, or one
 * master's items, §16): confirm only when every one is pending; reject when one still is, and then every
 * one still to take place is cancelled. All or none, and of two racing decisions only the first wins.
 * The items as decided, or undefined when there was nothing to decide (SPEC.md: 'Запись уже обработана').
 * The caller tells the client (notifyVisitStatus) once it has answered the press.
 */
export async function decideVisit(
  ctx: Pick<AppContext, 'db' | 'time'>,
  items: readonly BookingView[],
  status: 'confirmed' | 'cancelled',
): Promise<BookingView[] | undefined> {
  const pending = items.filter((item) => item.status === 'pending');
  if (pending.length === 0 || (status === 'confirmed' && pending.length < items.length)) return undefined;
  const now = ctx.time.now();
  const deciding = status === 'confirmed' ? items : items.filter((item) => isActive(item.status));
  try {
    await ctx.db.transaction(async (tx) => {
      for (const item of deciding) {
        if (!(await setStatusIfIn(tx, item.id, status, now, [item.status]))) throw new Undecided();
        if (!isActive(status)) await expireProposals(tx, item.id);
      }
    });
  } catch (error) {
    if (error instanceof Undecided) return undefined;
    throw error;
  }
  const decided = new Set(deciding.map((item) => item.id));
  return items.map((item) => (decided.has(item.id) ? { ...item, status, updatedAt: now } : item));
}

/** Every booking moved by `offset` minutes (same masters, same durations) and its waiting proposal void. */
async function shiftBookings(
  tx: Db,
  items: readonly BookingView[],
  offset: number,
  now: NaiveDateTime,
  keep?: (item: BookingView, to: { startAt: NaiveDateTime; endAt: NaiveDateTime }) => Promise<boolean>,
): Promise<BookingView[]> {
  const moved: BookingView[] = [];
  for (const item of items) {
    const to = { startAt: addMinutes(item.startAt, offset), endAt: addMinutes(item.endAt, offset) };
    if (keep) {
      if (!(await keep(item, to))) throw new DomainError('not_reschedulable', NOT_RESCHEDULABLE);
    } else await moveBooking(tx, item.id, to, now);
    await expireProposals(tx, item.id);
    moved.push({ ...item, ...to, updatedAt: now });
  }
  return moved;
}

/**
 * CONTRACT.md §20: the client accepted a proposal on `booking`, an item of a visit: inside the caller's
 * transaction every item moves by the offset that brings `booking` to `startAt` (availability not
 * re-checked, SPEC.md); the proposal's own booking only while it is still to take place.
 */
export const shiftVisit: VisitShift = async (tx, booking, startAt, now) => {
  const items = booking.visitId ? await visitBookings(tx, booking.businessId, booking.visitId) : [booking];
  const offset = minutesBetween(booking.startAt, startAt);
  const moved = await shiftBookings(tx, items, offset, now, async (item, to) =>
    item.id === booking.id ? moveIfReschedulable(tx, item.id, to, now) : (await moveBooking(tx, item.id, to, now), true),
  );
  return moved.find((item) => item.id === booking.id) ?? { ...booking, startAt, updatedAt: now };
};

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
  const moved = await ctx.db.transaction((tx) => shiftBookings(tx, visit.bookings, offset, now));
  const updated = visitOf(visit.id, moved);
  // Items that will not take place are moved silently: a "moved" notice about them would mislead.
  const active = updated.bookings.filter((booking) => isActive(booking.status));
  if (active.length > 0) await notifySafely(log, 'visit moved', () => ctx.notifier.visitMoved(business, active, visit.startAt), undefined);
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
