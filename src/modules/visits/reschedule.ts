/**
 * CONTRACT.md §20: a reschedule proposal on any booking of a visit moves the whole visit by one offset. The
 * bot offers the visit's start times on its date the way a new visit is placed (core/visit-times.ts): each
 * item by its own master, back to back, the visit's own bookings left out of the masters' days.
 */
import type { AppContext } from '../../context.js';
import { singleMasterSlots, type SlotsAnswer } from '../../core/availability.js';
import { visitStartTimes, type VisitItem } from '../../core/visit-times.js';
import { datePart, minutesBetween, timePart, type IsoDate } from '../../core/wallclock.js';
import type { Db } from '../../db/client.js';
import { notBeforeNow } from '../../core/booking-window.js';
import { START_STEP } from '../../core/start-times.js';
import { loadMasterDay } from '../availability/slots.service.js';
import { loadBookingTerms } from '../bookings/timing.js';
import type { BookingView } from '../bookings/view.js';
import type { MoveDay } from '../bookings/free-days.js';
import type { DateWork } from '../../core/time-off.js';

/**
 * Start times the bot offers for moving a whole visit (its items in order): its first item's date, every
 * 15 minutes, never in the past and never the time it already has (as freeTimesForMove for one booking).
 */
export async function freeTimesForVisitMove(ctx: Pick<AppContext, 'db' | 'time'>, items: readonly BookingView[]): Promise<string[]> {
  const first = items[0];
  if (!first) return [];
  const [day] = await freeTimesForVisitMoveOn(ctx, items, [datePart(first.startAt)]);
  return day?.times ?? [];
}

/**
 * freeTimesForVisitMove on several dates (the items' terms read once), in the order given: what the bot
 * offers on the visit's own date and GET /visits/{id}/free-times answers for any date. Whether the visit's
 * day is worked is its first item's master's (decision 0095): the visit starts with them.
 */
export async function freeTimesForVisitMoveOn(
  ctx: Pick<AppContext, 'db' | 'time'>,
  items: readonly BookingView[],
  dates: readonly IsoDate[],
): Promise<MoveDay[]> {
  const first = items[0];
  if (!first) return dates.map(() => ({ times: [], work: { works: false } }));
  const now = ctx.time.now();
  const terms = await Promise.all(items.map((item) => loadBookingTerms(ctx.db, item.service.id, item.master.id)));
  const answers: MoveDay[] = [];
  for (const date of dates) {
    const days = await mastersDays(ctx.db, first.businessId, items, date);
    const work = days.get(first.master.id)!.work;
    if (date < datePart(now)) {
      answers.push({ times: [], work });
      continue;
    }
    const placed = placedItems(items, terms, days);
    const unchanged = date === datePart(first.startAt) ? timePart(first.startAt) : undefined;
    const times = visitStartTimes(placed, { step: START_STEP, notBefore: notBeforeNow(now, date) });
    answers.push({ times: times.filter((time) => time !== unchanged), work });
  }
  return answers;
}

/** One master's date for a visit's move: their slots and whether they work it. */
interface MasterDate {
  answer: SlotsAnswer;
  work: DateWork;
}

/** Each master's slots of the date, the visit's own bookings left out of them (they move). */
async function mastersDays(db: Db, businessId: number, items: readonly BookingView[], date: IsoDate): Promise<Map<number, MasterDate>> {
  const own = items.map((item) => item.id);
  const masterIds = [...new Set(items.map((item) => item.master.id))];
  return new Map(
    await Promise.all(
      masterIds.map(async (masterId) => {
        const day = await loadMasterDay(db, businessId, masterId, date, own);
        return [masterId, { answer: singleMasterSlots(date, day.schedule, day.bookings), work: day.work }] as const;
      }),
    ),
  );
}

/** The items as core/visit-times.ts places them: each by its own master, its own length and buffer. */
const placedItems = (
  items: readonly BookingView[],
  terms: ReadonlyArray<{ bufferAfter: number }>,
  days: ReadonlyMap<number, MasterDate>,
): VisitItem[] =>
  items.map((item, index) => ({
    bufferAfter: terms[index]!.bufferAfter,
    candidates: [
      {
        id: item.master.id,
        price: item.priceSnapshot,
        dayBookings: 0,
        window: { answer: days.get(item.master.id)!.answer, duration: minutesBetween(item.startAt, item.endAt) },
      },
    ],
  }));
