/**
 * The times a whole visit may move to on a date (CONTRACT.md §20): the server moves every item by one offset,
 * same masters, so the picker offers the starts at which each item's master is free for that item, back to back,
 * by core/visit-times.ts visitStartTimes (the rule the server books a visit by) over each master's day as /slots
 * would answer it with the visit's own bookings left out (they move). Pure; visit-day.ts loads what it reads.
 */
import { singleMasterSlots, type DayClosure } from '@core/availability.js';
import { START_STEP } from '@core/start-times.js';
import { withTimeOff } from '@core/time-off.js';
import { visitStartTimes, type VisitItem } from '@core/visit-times.js';
import { dateOf, minutes, timeOf } from '../common/dates.js';

/** A master's row, bookings and time off of the date (field names as the API answers them). */
export interface MasterDay {
  row:
    | { start_time: string; end_time: string; break_start_time: string | null; break_end_time: string | null; is_active: boolean }
    | undefined;
  /** The master's bookings touching the date (from the day before: one may run past midnight). */
  bookings: ReadonlyArray<Pick<Booking, 'id' | 'start_at' | 'end_at' | 'status' | 'service'>>;
  closed: DayClosure;
}

export interface VisitDay {
  masters: ReadonlyMap<number, MasterDay>;
  bufferOf: ReadonlyMap<number, number>;
}

type Booking = { id: string; start_at: string; end_at: string; status: string; master: { id: number }; service: { id: number } };
type Item = Pick<Booking, 'id' | 'start_at' | 'end_at' | 'master' | 'service'>;

/** An item's length in minutes, as the move keeps it. */
const lengthOf = (item: Item): number =>
  minutes(timeOf(item.end_at)) - minutes(timeOf(item.start_at)) + (dateOf(item.end_at) > dateOf(item.start_at) ? 1440 : 0);

/** Start times (`HH:MM`, 15 minutes apart) for the whole visit on `date`, nothing before `notBefore` (minutes). */
export function visitMoveTimes(date: string, items: readonly Item[], day: VisitDay, notBefore?: number): string[] {
  const own = new Set(items.map((item) => item.id));
  const windowOf = (masterId: number) => {
    const master = day.masters.get(masterId);
    const row = master?.row;
    const weekly = row && {
      startTime: row.start_time,
      endTime: row.end_time,
      breakStartTime: row.break_start_time,
      breakEndTime: row.break_end_time,
      isActive: row.is_active,
    };
    const others = (master?.bookings ?? [])
      .filter((other) => !own.has(other.id))
      .map((other) => ({
        startAt: other.start_at,
        endAt: other.end_at,
        status: other.status,
        bufferAfter: day.bufferOf.get(other.service.id),
      }));
    return singleMasterSlots(date, withTimeOff(weekly, master?.closed ?? []), others);
  };
  const visitItems: VisitItem[] = items.map((item) => ({
    candidates: [{ id: item.master.id, price: 0, dayBookings: 0, window: { answer: windowOf(item.master.id), duration: lengthOf(item) } }],
    bufferAfter: day.bufferOf.get(item.service.id) ?? 0,
  }));
  return visitStartTimes(visitItems, { step: START_STEP, notBefore });
}
