/** Which schedule row rules a master's day: the master's own week, else the business week (SPEC.md Availability 1). */
import { scheduleFor, singleMasterSlots, type DayClosure } from '@core/availability.js';
import { closureOn, timeOffEntry, withTimeOff } from '@core/time-off.js';
import { freeStartTimes } from '@core/start-times.js';
import { client, type Booking, type Master, type ScheduleRow } from '../common/state';
import { addDays, weekday } from '../common/dates';

export interface Weeks {
  business: ScheduleRow[];
  masters: Map<number, ScheduleRow[]>;
}

export async function loadWeeks(masters: readonly Master[], signal?: AbortSignal): Promise<Weeks> {
  const [business, ...own] = await Promise.all([
    client.get('/schedule', { signal }),
    ...masters.filter((m) => m.has_schedule).map((m) => client.get('/schedule/master/{master_id}', { path: { master_id: m.id }, signal })),
  ]);
  const map = new Map<number, ScheduleRow[]>();
  for (const rows of own) if (rows[0]?.master_id) map.set(rows[0].master_id, rows);
  return { business, masters: map };
}

export function dayRow(weeks: Weeks, masterId: number, date: string): ScheduleRow | undefined {
  return scheduleFor(weeks.masters.get(masterId) ?? [], weeks.business, weekday(date), (row) => row.day_of_week);
}

/** Buffers by service id and the target master's own durations (CONTRACT.md §17), for the move pickers. */
export interface MoveTerms {
  bufferOf: ReadonlyMap<number, number>;
  /** The target master's duration of each service they do (their own, else the service's). */
  durationOf: ReadonlyMap<number, number>;
  /** What time off closes of the date for the target master (CONTRACT.md §21); none when absent. */
  closed?: DayClosure;
}

const NO_TERMS: MoveTerms = { bufferOf: new Map(), durationOf: new Map() };

/**
 * Start times a booking can be moved to on `date`, by the server's own availability rules
 * (singleMasterSlots + freeStartTimes): the master's day with every other booking (with its
 * service's buffer) and the break busy, the moving booking itself left out, so it can shift within
 * its own time; it lasts the target master's own duration and keeps its service's buffer free too.
 */
export function moveTimes(
  date: string,
  row: ScheduleRow | undefined,
  dayBookings: readonly Booking[],
  moving: Booking,
  terms: MoveTerms = NO_TERMS,
  step = 15,
): string[] {
  const weekly = row && {
    startTime: row.start_time,
    endTime: row.end_time,
    breakStartTime: row.break_start_time,
    breakEndTime: row.break_end_time,
    isActive: row.is_active,
  };
  const schedule = withTimeOff(weekly, terms.closed ?? []);
  const others = dayBookings
    .filter((other) => other.id !== moving.id)
    .map((other) => ({
      startAt: other.start_at,
      endAt: other.end_at,
      status: other.status,
      bufferAfter: terms.bufferOf.get(other.service.id),
    }));
  const duration = terms.durationOf.get(moving.service.id) ?? moving.service.duration;
  return freeStartTimes(singleMasterSlots(date, schedule, others), duration, { step, bufferAfter: terms.bufferOf.get(moving.service.id) });
}

/** The master's schedule week and the bookings touching `date` (from the day before: one may run past midnight). */
export async function loadMasterDay(masterId: number, date: string, signal?: AbortSignal) {
  const [business, own, bookings, services, master, timeOff] = await Promise.all([
    client.get('/schedule', { signal }),
    client.get('/schedule/master/{master_id}', { path: { master_id: masterId }, signal }),
    client.get('/bookings', { query: { date_from: addDays(date, -1), date_to: date, master_id: masterId }, signal }),
    client.get('/services', { signal }),
    client.get('/masters/{id}', { path: { id: masterId }, signal }),
    client.get('/time-off', { query: { from: date, to: date, master_id: masterId }, signal }),
  ]);
  const terms: MoveTerms = {
    bufferOf: new Map(services.map((service) => [service.id, service.buffer_after])),
    durationOf: new Map(master.services.map((service) => [service.id, service.duration])),
    closed: closureOn(timeOff.map(timeOffEntry), masterId, date),
  };
  return { row: dayRow({ business, masters: new Map([[masterId, own]]) }, masterId, date), bookings, terms };
}
