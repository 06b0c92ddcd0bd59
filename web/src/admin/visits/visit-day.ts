/** What the visit's move reads (visit-move-times.ts): each master's week, bookings and time off of a date, and the services' buffers. */
import { closureOn, timeOffEntry } from '@core/time-off.js';
import { addDays } from '../common/dates';
import { client } from '../common/state';
import { dayRow } from '../schedules/schedule-data';
import type { MasterDay, VisitDay } from './visit-move-times';

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
