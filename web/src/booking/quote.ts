/**
 * What the step before «Записаться» shows and sends (CONTRACT.md §19 "Pages"): the master and the price
 * of the chosen time. "Any master" is the one core/any-master.ts pickAnyMaster would choose now, read
 * from each master's own /slots answer. The page cannot see other masters' bookings of the day (the
 * rule's second key), so when another free master costs the same the page names nobody: the price is
 * the same whoever the server picks, and the success screen names the master (decision 0074).
 * Only @core imports: the unit project loads it without the web build's other aliases.
 */
import { pickAnyMaster } from '@core/any-master.js';
import { fitsAt, type StartTimeOptions, type WindowAnswer } from '@core/start-times.js';
import { placeVisit, visitTooLong, visitTotal, type VisitItem } from '@core/visit-times.js';
import { fromMinutes, toMinutes } from '@core/wallclock.js';

/** The master (null: "any master" among equals) and the price the booking is sent with as `max_price`. */
export interface Quote {
  masterId: number | null;
  /** A visit's (CONTRACT.md §20): its total. */
  price: number;
  /** A visit's items in order: each one's master (null: "any master" among equals), time and price. */
  items?: QuotedItem[];
}

export interface QuotedItem {
  masterId: number | null;
  start: string;
  end: string;
  price: number;
}

/** One master who does the service: their own price and duration of it and their day as /slots answers it. */
export interface QuoteCandidate {
  id: number;
  price: number;
  duration: number;
  answer: WindowAnswer;
}

/** "Any master" at `time`: who pickAnyMaster would choose and the price; null when nobody is free then. */
export function anyMasterQuote(candidates: readonly QuoteCandidate[], time: string, options: Omit<StartTimeOptions, 'step'>): Quote | null {
  const start = toMinutes(time);
  const seen = candidates.map((candidate) => ({
    ...candidate,
    dayBookings: 0,
    free: fitsAt(candidate.answer, candidate.duration, start, options),
  }));
  const picked = pickAnyMaster(seen);
  if (!picked) return null;
  const tied = seen.some((other) => other.free && other.id !== picked.id && other.price === picked.price);
  return { masterId: tied ? null : picked.id, price: picked.price };
}

/**
 * A visit at `time` (CONTRACT.md §20) by core/visit-times.ts placeVisit, the rule the server checks with:
 * each item's master, time and price and the total; null when the visit does not fit then any more. An
 * "any master" item names nobody when another master free then costs the same (as anyMasterQuote).
 */
export function visitQuote(items: readonly VisitItem[], time: string, notBefore: number): Quote | null {
  const placed = placeVisit(items, toMinutes(time), { notBefore });
  if (!placed || visitTooLong(placed)) return null;
  return {
    masterId: null,
    price: visitTotal(placed),
    items: placed.map(({ candidate, start, end }, index) => {
      const { candidates, bufferAfter } = items[index]!;
      const tied = candidates.some(
        (other) =>
          other.id !== candidate.id &&
          other.price === candidate.price &&
          fitsAt(other.window.answer, other.window.duration, start, { notBefore, bufferAfter }),
      );
      return { masterId: tied ? null : candidate.id, start: fromMinutes(start), end: fromMinutes(end), price: candidate.price };
    }),
  };
}
