/**
 * "Any master" for a service, the one rule the server and the pages share:
 * - CONTRACT.md §17 "Pages follow": the start times it offers are the union of each capable master's own
 *   start times, each with that master's duration and the service's buffer;
 * - CONTRACT.md §19: who may take it (anyMasterCandidates) and who does take it (pickAnyMaster).
 * Pure: the date strip (availability/days.ts), the booking (bookings/if-free.ts) and the pages read it.
 */
import { singleMasterSlots, type DayOpening, type DaySchedule, type TimedBooking } from './availability.js';
import { freeStartTimes, type StartTimeOptions, type WindowAnswer } from './start-times.js';
import type { IsoDate } from './wallclock.js';

export interface CapableMaster {
  schedule: DaySchedule | undefined;
  bookings: readonly TimedBooking[];
  /** This master's duration of the service (their own, else the service's). */
  duration: number;
}

export interface AnyMasterOptions {
  step: number;
  notBefore?: number;
  bufferAfter?: number;
  opening?: DayOpening;
}

/** One master's day as /slots answers it (GET /public/{slug}/slots?master_id=), with their duration of the service. */
export interface MasterWindow {
  answer: WindowAnswer;
  duration: number;
}

/** The union of the masters' start times, ascending: what "any master" offers from each master's /slots answer. */
export function startTimesOfAny(masters: readonly MasterWindow[], options: StartTimeOptions): string[] {
  const all = new Set<string>();
  for (const master of masters) for (const time of freeStartTimes(master.answer, master.duration, options)) all.add(time);
  return [...all].sort();
}

const windowOf = (day: IsoDate, master: CapableMaster, options: AnyMasterOptions): MasterWindow => ({
  answer: singleMasterSlots(day, master.schedule, master.bookings, options.opening ?? 0),
  duration: master.duration,
});

const timeOptions = ({ step, notBefore, bufferAfter }: AnyMasterOptions): StartTimeOptions => ({ step, notBefore, bufferAfter });

/** One master's start times for the service on a day: /slots' answer for that master, read by freeStartTimes. */
export const masterStartTimes = (day: IsoDate, master: CapableMaster, options: AnyMasterOptions): string[] =>
  startTimesOfAny([windowOf(day, master, options)], timeOptions(options));

/** The union, ascending. */
export const anyMasterStartTimes = (day: IsoDate, masters: readonly CapableMaster[], options: AnyMasterOptions): string[] =>
  startTimesOfAny(
    masters.map((master) => windowOf(day, master, options)),
    timeOptions(options),
  );

/** Whether any master has a start time: stops at the first who has one (the date strip asks this for a month of days). */
export const anyMasterFree = (day: IsoDate, masters: readonly CapableMaster[], options: AnyMasterOptions): boolean =>
  masters.some((master) => masterStartTimes(day, master, options).length > 0);

/**
 * Who may take "any master" (SPEC.md booking rule 4, CONTRACT.md §19): the active masters linked to the
 * service, or every active master when nobody is linked to it. Keeps the order of `active`.
 */
export function anyMasterCandidates(active: readonly number[], linked: Iterable<number>): number[] {
  const doing = new Set(linked);
  const eligible = active.filter((id) => doing.has(id));
  return eligible.length > 0 ? eligible : [...active];
}

/** A candidate for "any master" at one time, as the server or a page sees it. */
export interface AnyMasterCandidate {
  id: number;
  /** This master's effective price of the service (CONTRACT.md §17). */
  price: number;
  /** How many bookings that occupy time this master has on that day. */
  dayBookings: number;
  /** Free for the whole of their own duration and the buffer at that time (start-times.ts fitsAt). */
  free: boolean;
}

/**
 * CONTRACT.md §19: "any master" goes to the free candidate with the lowest effective price, then the fewest
 * bookings that day, then the lowest id; undefined when nobody is free.
 */
export function pickAnyMaster<T extends AnyMasterCandidate>(candidates: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const candidate of candidates) {
    if (!candidate.free) continue;
    if (!best || rank(candidate, best) < 0) best = candidate;
  }
  return best;
}

const rank = (a: AnyMasterCandidate, b: AnyMasterCandidate): number => a.price - b.price || a.dayBookings - b.dayBookings || a.id - b.id;
