/**
 * "The same time on the nearest open day" (CONTRACT.md §21, decision 0075): the first date after a
 * booking's own where its master is free at the same time, by the server's move rule (one request:
 * GET /bookings/{id}/free-times with `days`, the times the move picker and the bot offer).
 */
import { addDays, dateOf, timeOf } from '../common/dates';
import { client, type Booking } from '../common/state';
import { nearestOpenDate } from './open-date';

/** How far ahead the panel looks for an open day (the endpoint's `days` at most). */
export const OPEN_DAY_HORIZON = 60;

/** Asks for the free times of the horizon's dates once, then finds the date. */
export async function nearestOpenDay(booking: Booking, signal?: AbortSignal): Promise<{ date: string; time: string } | null> {
  const from = dateOf(booking.start_at);
  const days = await client.get('/bookings/{id}/free-times', {
    path: { id: booking.id },
    query: { date: addDays(from, 1), days: OPEN_DAY_HORIZON },
    signal,
  });
  const timesOf = new Map(days.map((day) => [day.date, day.times]));
  const time = timeOf(booking.start_at);
  const date = nearestOpenDate(from, time, OPEN_DAY_HORIZON, (day) => timesOf.get(day) ?? []);
  return date === null ? null : { date, time };
}
