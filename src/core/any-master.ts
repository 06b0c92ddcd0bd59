/**
 * CONTRACT.md §17 "Pages follow": the start times "any master" offers for a service are the union of
 * each capable master's own start times, each with that master's duration and the service's buffer.
 * Pure: the date strip (availability/days.ts) and the pages read the same rule.
 */
import { singleMasterSlots, type DayOpening, type DaySchedule, type TimedBooking } from './availability.js';
import { freeStartTimes } from './start-times.js';
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

/** One master's start times for the service on a day: /slots' answer for that master, read by freeStartTimes. */
export function masterStartTimes(day: IsoDate, master: CapableMaster, options: AnyMasterOptions): string[] {
  const answer = singleMasterSlots(day, master.schedule, master.bookings, options.opening ?? 0);
  return freeStartTimes(answer, master.duration, { step: options.step, notBefore: options.notBefore, bufferAfter: options.bufferAfter });
}

/** The union, ascending. */
export function anyMasterStartTimes(day: IsoDate, masters: readonly CapableMaster[], options: AnyMasterOptions): string[] {
  const all = new Set<string>();
  for (const master of masters) for (const time of masterStartTimes(day, master, options)) all.add(time);
  return [...all].sort();
}

/** Whether any master has a start time: stops at the first who has one (the date strip asks this for a month of days). */
export const anyMasterFree = (day: IsoDate, masters: readonly CapableMaster[], options: AnyMasterOptions): boolean =>
  masters.some((master) => masterStartTimes(day, master, options).length > 0);
