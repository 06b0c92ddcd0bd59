/**
 * Where the owner may move a booking (CONTRACT.md §12), answered by the server's one rule
 * (reschedule/reschedule.service.ts freeTimesForMove, the bot's offer too), so the panel's move picker and
 * "the nearest open day" (CONTRACT.md §21) compute nothing of their own.
 */
import type { AppContext } from '../../context.js';
import { invalidInput } from '../../core/errors.js';
import { findMasterRow, linkedMasterIds } from '../catalog/masters.queries.js';
import { assertMasterDoesService } from './master-for-service.js';
import { datesAsked, freeDays } from './free-days.js';
import { findOwnBooking, type OwnBookingRef } from './own-booking.js';
import { freeTimesForMoveOn } from './reschedule/reschedule.service.js';

/** The free start times of `days` dates from `date` on, per date, for the booking with `master_id` (its own by default). */
export async function listFreeTimesForMove(
  ctx: Pick<AppContext, 'db' | 'time'>,
  ref: OwnBookingRef,
  query: { date: string; master_id?: number; days?: number },
) {
  const booking = await findOwnBooking(ctx.db, ref.businessId, ref.id, ref.masterId);
  const masterId = query.master_id ?? booking.master.id;
  if (masterId !== booking.master.id) {
    const master = await findMasterRow(ctx.db, ref.businessId, masterId);
    if (!master) throw invalidInput('No such master in this business', 'master_id');
    assertMasterDoesService(await linkedMasterIds(ctx.db, ref.businessId, booking.service.id), masterId);
  }
  const dates = datesAsked(query);
  return freeDays(dates, await freeTimesForMoveOn(ctx, booking, masterId, dates));
}
