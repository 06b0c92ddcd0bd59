/**
 * CONTRACT.md §20: a visit of several services, back to back, each item by its own master (named, or
 * "any master" by §19's rule, item by item in order). The one rule the server's check (visits/create.ts),
 * the date strip (availability/days.ts) and the pages share: each master's day as /slots answers it, the
 * masters' durations, the services' buffers, the notice and time off (inside the answers) → start times.
 * Pure, so the web build imports it too.
 */
import { pickAnyMaster, type MasterWindow } from './any-master.js';
import { fitsAt } from './start-times.js';
import { fromMinutes, toMinutes } from './wallclock.js';

/** At most this many items in one visit. */
export const MAX_VISIT_ITEMS = 5;
/** CONTRACT.md §20: a visit is 2 to 5 items. */
export const visitSizeAllowed = (count: number): boolean => count >= 2 && count <= MAX_VISIT_ITEMS;

/** At most this long from the first item's start to the last item's end (12 hours). */
export const MAX_VISIT_MINUTES = 12 * 60;

/** A master who may do an item, as the server or a page sees them on that day. */
export interface VisitCandidate {
  id: number;
  /** This master's effective price of the item's service (CONTRACT.md §17). */
  price: number;
  /** How many bookings that occupy time this master has that day (before this visit). */
  dayBookings: number;
  /** This master's /slots answer of the day and their duration of the item's service. */
  window: MasterWindow;
}

export interface VisitItem<C extends VisitCandidate = VisitCandidate> {
  /** One (a named master) or several ("any master"). */
  candidates: readonly C[];
  /** The item's service's buffer_after. */
  bufferAfter: number;
}

export interface PlacedItem<C extends VisitCandidate = VisitCandidate> {
  candidate: C;
  /** Minutes since midnight. */
  start: number;
  end: number;
}

export interface VisitOptions {
  /** Minutes since midnight before which nothing starts (now, or the notice). */
  notBefore?: number;
  /** The owner's `force` (CONTRACT.md §20): the masters are picked by the same rule, their other bookings ignored. */
  force?: boolean;
}

/** The only master an item names, if it names one. */
const namedMaster = (item: VisitItem | undefined): number | undefined =>
  item?.candidates.length === 1 ? item.candidates[0]!.id : undefined;

/**
 * A master's consecutive items are one sitting (CONTRACT.md §20): the buffer after an item is skipped when
 * the next item is known to be the same master's. With "any master" next, the buffer is kept (the check
 * cannot know yet), so the rule never offers a time the server then refuses.
 */
export function itemBuffer(items: readonly VisitItem[], index: number, masterId: number): number {
  return namedMaster(items[index + 1]) === masterId ? 0 : items[index]!.bufferAfter;
}

/**
 * Whether a master's own earlier sitting in this visit leaves them free at `start`: the last item of a
 * sitting already closed (another master's item came after it) occupies its buffer after it too.
 */
function freeOfEarlierSittings(placed: readonly PlacedItem[], items: readonly VisitItem[], masterId: number, start: number): boolean {
  const previous = placed.at(-1);
  if (!previous || previous.candidate.id === masterId) return true;
  for (let index = placed.length - 2; index >= 0; index -= 1) {
    const item = placed[index]!;
    if (item.candidate.id === masterId) return item.end + items[index]!.bufferAfter <= start;
  }
  return true;
}

/**
 * The visit starting at minute `start`: each item at the previous item's end, by its named master or the
 * master §19's pickAnyMaster chooses among the free ones (the items already placed counting as that
 * master's bookings); undefined when an item has nobody free.
 */
export function placeVisit<C extends VisitCandidate>(
  items: readonly VisitItem<C>[],
  start: number,
  options: VisitOptions = {},
): PlacedItem<C>[] | undefined {
  const placed: PlacedItem<C>[] = [];
  let at = start;
  for (const [index, item] of items.entries()) {
    const seen = item.candidates.map((candidate) => ({
      candidate,
      id: candidate.id,
      price: candidate.price,
      dayBookings: candidate.dayBookings + placed.filter((done) => done.candidate.id === candidate.id).length,
      free:
        options.force === true ||
        (freeOfEarlierSittings(placed, items, candidate.id, at) &&
          fitsAt(candidate.window.answer, candidate.window.duration, at, {
            notBefore: options.notBefore,
            bufferAfter: itemBuffer(items, index, candidate.id),
          })),
    }));
    const picked = pickAnyMaster(seen);
    if (!picked) return undefined;
    const end = at + picked.candidate.window.duration;
    placed.push({ candidate: picked.candidate, start: at, end });
    at = end;
  }
  return placed;
}

/** CONTRACT.md §20: at most 12 hours from the first item's start to the last item's end. */
export const visitTooLong = (placed: readonly PlacedItem[]): boolean =>
  placed.length > 0 && placed.at(-1)!.end - placed[0]!.start > MAX_VISIT_MINUTES;

/** The visit's total price: the sum of its items' prices. */
export const visitTotal = (placed: readonly PlacedItem[]): number => placed.reduce((sum, item) => sum + item.candidate.price, 0);

/**
 * Every start time (`HH:MM`, every `step` minutes, ascending) at which the whole visit can be placed
 * within 12 hours: what the pages offer and /days asks. With one item it is §19's startTimesOfAny.
 */
export function visitStartTimes(items: readonly VisitItem[], options: VisitOptions & { step: number }, limit = Infinity): string[] {
  const first = items[0]?.candidates ?? [];
  const times: string[] = [];
  if (first.length === 0) return times;
  const open = Math.min(...first.map((candidate) => toMinutes(candidate.window.answer.work_start)));
  const close = Math.max(...first.map((candidate) => toMinutes(candidate.window.answer.work_end)));
  const { step } = options;
  for (let start = Math.ceil(Math.max(open, options.notBefore ?? 0) / step) * step; start < close && times.length < limit; start += step) {
    const placed = placeVisit(items, start, options);
    if (placed && !visitTooLong(placed)) times.push(fromMinutes(start));
  }
  return times;
}

/** Whether the visit has any start time that day: stops at the first (the date strip asks this for a month of days). */
export const visitHasStartTime = (items: readonly VisitItem[], options: VisitOptions & { step: number }): boolean =>
  visitStartTimes(items, options, 1).length > 0;
