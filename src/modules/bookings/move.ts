/** CONTRACT.md §12: the owner moves a booking to another date, time or master. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { isActive } from '../../core/booking-status.js';
import { notFound } from '../../core/errors.js';
import { assertWallClock } from '../../core/wall-clock-input.js';
import { notifySafely } from './notifier.js';
import { combine, datePart, timePart } from '../../core/wallclock.js';
import type { BusinessRow } from '../catalog/business.queries.js';
import { findMasterRow, linkedMasterIds } from '../catalog/masters.queries.js';
import { assertMasterDoesService } from './master-for-service.js';
import { expireProposals } from './reschedule/proposals.queries.js';
import { moveBooking } from './bookings.queries.js';
import { assertSlotFree } from './strict-slots.js';
import { bookingEndFor, loadBookingTerms } from './timing.js';
import type { BookingView } from './view.js';

export interface MoveInput {
  date?: string;
  time?: string;
  master_id?: number;
}

/**
 * Start, end (start + the duration of the booking's service with its new master, CONTRACT.md §17) and master change together; a master of
 * another business is 404, one who does not do its service 400 (CONTRACT.md §19); strict slots refuse a clash (the booking itself excluded);
 * a PENDING proposal of the booking expires; the client hears of the new time.
 * Moving to where it already is changes nothing and tells no one.
 */
export async function moveOwnBooking(
  ctx: Pick<AppContext, 'db' | 'notifier' | 'time'>,
  log: FastifyBaseLogger,
  business: BusinessRow,
  booking: BookingView,
  input: MoveInput,
): Promise<BookingView> {
  if (input.date !== undefined) assertWallClock('wall-date', input.date, 'date');
  if (input.time !== undefined) assertWallClock('wall-time', input.time, 'time');
  let master = booking.master;
  if (input.master_id !== undefined && input.master_id !== booking.master.id) {
    const row = await findMasterRow(ctx.db, business.id, input.master_id);
    if (!row) throw notFound('Master');
    assertMasterDoesService(await linkedMasterIds(ctx.db, business.id, booking.service.id), row.id);
    master = { id: row.id, name: row.name };
  }
  const startAt = combine(input.date ?? datePart(booking.startAt), input.time ?? timePart(booking.startAt));
  if (startAt === booking.startAt && master.id === booking.master.id) return booking;
  // The target master's own duration (CONTRACT.md §17); the price_snapshot stays what it was.
  const terms = await loadBookingTerms(ctx.db, booking.service.id, master.id);
  const endAt = bookingEndFor(startAt, terms);

  const masterId = master.id === booking.master.id ? undefined : master.id;
  const now = ctx.time.now();
  await ctx.db.transaction(async (tx) => {
    if (business.strictSlots) await assertSlotFree(tx, master.id, startAt, endAt, terms.bufferAfter, booking.id);
    await moveBooking(tx, booking.id, { startAt, endAt, masterId }, now);
    // The owner moved it: a proposal still waiting for the client is void (CONTRACT.md §12).
    await expireProposals(tx, booking.id);
  });
  const moved: BookingView = { ...booking, startAt, endAt, master, updatedAt: now };
  // A booking that will not take place is moved silently: a "moved" notice about it would mislead.
  if (isActive(moved.status)) {
    await notifySafely(log, 'booking moved', () => ctx.notifier.bookingMoved(business, moved, booking.startAt), undefined);
  }
  return moved;
}
