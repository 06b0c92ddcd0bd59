/**
 * The times a whole visit may move to on a date (CONTRACT.md §20): the server moves every item by one offset,
 * same masters, so the picker offers the starts at which each item's master is free for that item, back to back,
 * by core/visit-times.ts visitStartTimes (the rule the server books a visit by) over each master's day as /slots
 * would answer it with the visit's own bookings left out (they move). Loading is per master of the visit.
 */
import { singleMasterSlots, type DayClosure } from '@core/availability.js';
import { START_STEP } from '@core/start-times.js';
import { closureOn, timeOffEntry, withTimeOff } from '@core/time-off.js';
import { visitStartTimes, type VisitItem } from '@core/visit-times.js';
import { addDays, dateOf, minutes, timeOf } from '../common/dates';
import { client, type Booking, type ScheduleRow } from '../common/state';
import { dayRow } from '../schedules/schedule-data';

interface MasterDay {
  row: ScheduleRow | undefined;
  /** The master's bookings touching the date (from the day before: one may run past midnight). */
  bookings: readonly Booking[];
  closed: DayClosure;
}

export interface VisitDay {
  masters: ReadonlyMap<number, MasterDay>;
  bufferOf: ReadonlyMap<number, number>;
}

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

/** Each master's week, bookings and time off of `date`, and the services' buffers: what visitMoveTimes reads. */
export async function loadVisitDay(masterIds: readonly number[], date: string, signal?: AbortSignal): Promise<VisitDay> {
  const ids = [...new Set(masterIds)];
  const [business, services, timeOff, ...perMaster] = await Promise.all([
    client.get('/schedule', { signal }),
    client.get('/services', { signal }),
    client.get('/time-off', { query: { from: date, to: date }, signal }),
    ...ids.map((id) =>
      Promise.all([
        client.get('/schedule/master/{master_id}', { path: { master_id: id }, signal }),
        client.get('/bookings', { query: { date_from: addDays(date, -1), date_to: date, master_id: id, limit: 1000 }, signal }),
      ]),
    ),
  ]);
  const entries = timeOff.map(timeOffEntry);
  const masters = new Map<number, MasterDay>();
  ids.forEach((id, index) => {
    const [own, bookings] = perMaster[index]!;
    masters.set(id, {
      row: dayRow({ business, masters: new Map([[id, own]]) }, id, date),
      bookings,
      closed: closureOn(entries, id, date),
    });
  });
  return { masters, bufferOf: new Map(services.map((service) => [service.id, service.buffer_after])) };
}
