/**
 * CONTRACT.md §20: a reschedule proposal on any booking of a visit moves the whole visit by one offset. The
 * bot offers the visit's start times on its date the way a new visit is placed (core/visit-times.ts): each
 * item by its own master, back to back, the visit's own bookings left out of the masters' days.
 */
import type { AppContext } from '../../context.js';
import { singleMasterSlots } from '../../core/availability.js';
import { visitStartTimes, type VisitItem } from '../../core/visit-times.js';
import { datePart, minutesBetween, timePart } from '../../core/wallclock.js';
import { notBeforeNow } from '../../core/booking-window.js';
import { START_STEP } from '../../core/start-times.js';
import { loadMasterDay } from '../availability/service.js';
import { loadBookingTerms } from '../bookings/timing.js';
import type { BookingView } from '../bookings/view.js';

/**
 * Start times the bot offers for moving a whole visit (its items in order): its first item's date, every
 * 15 minutes, never in the past and never the time it already has (as freeTimesForMove for one booking).
 */
export async function freeTimesForVisitMove(ctx: Pick<AppContext, 'db' | 'time'>, items: readonly BookingView[]): Promise<string[]> {
  const first = items[0];
  if (!first) return [];
  const date = datePart(first.startAt);
  const now = ctx.time.now();
  const today = datePart(now);
  if (date < today) return [];
  const own = items.map((item) => item.id);
  const masterIds = [...new Set(items.map((item) => item.master.id))];
  const days = new Map(
    await Promise.all(
      masterIds.map(async (masterId) => {
        const day = await loadMasterDay(ctx.db, first.businessId, masterId, date, own);
        return [masterId, singleMasterSlots(date, day.schedule, day.bookings)] as const;
      }),
    ),
  );
  const placed: VisitItem[] = [];
  for (const item of items) {
    const terms = await loadBookingTerms(ctx.db, item.service.id, item.master.id);
    const window = { answer: days.get(item.master.id)!, duration: minutesBetween(item.startAt, item.endAt) };
    placed.push({
      bufferAfter: terms.bufferAfter,
      candidates: [{ id: item.master.id, price: item.priceSnapshot, dayBookings: 0, window }],
    });
  }
  return visitStartTimes(placed, { step: START_STEP, notBefore: notBeforeNow(now, date) }).filter(
    (time) => time !== timePart(first.startAt),
  );
}
