/**
 * "The same time on the nearest open day" (CONTRACT.md §21, decision 0075): the first date after a
 * booking's own where its master is free at the same time, computed in the browser by the move
 * picker's own rule (moveTimes: the schedule, time off, the other bookings and buffers).
 */
import { closureOn, timeOffEntry } from '@core/time-off.js';
import { addDays, dateOf, timeOf } from '../common/dates';
import { client, type Booking } from '../common/state';
import { dayRow, moveTimes, type MoveTerms } from '../schedules/schedule-data';
import { nearestOpenDate } from './open-date';

/** How far ahead the panel looks for an open day. */
export const OPEN_DAY_HORIZON = 60;

/** Loads the booking's master's weeks, bookings and time off of the horizon once, then finds the date. */
export async function nearestOpenDay(booking: Booking, signal?: AbortSignal): Promise<{ date: string; time: string } | null> {
  const masterId = booking.master.id;
  const from = dateOf(booking.start_at);
  const to = addDays(from, OPEN_DAY_HORIZON);
  const [business, own, services, master, bookings, timeOff] = await Promise.all([
    client.get('/schedule', { signal }),
    client.get('/schedule/master/{master_id}', { path: { master_id: masterId }, signal }),
    client.get('/services', { signal }),
    client.get('/masters/{id}', { path: { id: masterId }, signal }),
    client.get('/bookings', { query: { date_from: from, date_to: to, master_id: masterId, limit: 1000 }, signal }),
    client.get('/time-off', { query: { from, to, master_id: masterId }, signal }),
  ]);
  const weeks = { business, masters: new Map([[masterId, own]]) };
  const entries = timeOff.map(timeOffEntry);
  const base: MoveTerms = {
    bufferOf: new Map(services.map((service) => [service.id, service.buffer_after])),
    durationOf: new Map(master.services.map((service) => [service.id, service.duration])),
  };
  const time = timeOf(booking.start_at);
  const date = nearestOpenDate(from, time, OPEN_DAY_HORIZON, (day) => {
    const touching = bookings.filter((b) => dateOf(b.start_at) === day || dateOf(b.start_at) === addDays(day, -1));
    return moveTimes(day, dayRow(weeks, masterId, day), touching, booking, { ...base, closed: closureOn(entries, masterId, day) });
  });
  return date === null ? null : { date, time };
}
