/** Pure rules of the faster setup (no DOM, no requests): unit-tested in test/unit/calendar-setup.test.ts. */
import type { ScheduleDay } from '../common/rules.js';

/**
 * Masters↔services live on the master (PUT /masters/{id} `service_ids` replaces the links), so the
 * service form's choice becomes one PUT per master whose link to the service changes.
 */
export function masterLinkChanges(
  masters: ReadonlyArray<{ id: number; services: ReadonlyArray<{ id: number }> }>,
  serviceId: number,
  chosen: readonly number[],
): Array<{ id: number; service_ids: number[] }> {
  return masters.flatMap((m) => {
    const ids = m.services.map((s) => s.id);
    const linked = ids.includes(serviceId);
    if (linked === chosen.includes(m.id)) return [];
    return [{ id: m.id, service_ids: linked ? ids.filter((id) => id !== serviceId) : [...ids, serviceId] }];
  });
}

type Hours = Pick<ScheduleDay, 'start_time' | 'end_time' | 'break_start_time' | 'break_end_time'>;
const hoursOf = (d: Hours): Hours => ({
  start_time: d.start_time,
  end_time: d.end_time,
  break_start_time: d.break_start_time,
  break_end_time: d.break_end_time,
});

/** "На все дни": the day's hours and break on every day; each day stays working or off as it was (copying hours never opens a day off). */
export function copyHoursToAll<D extends Hours & { day_of_week: number }>(days: readonly D[], from: number): D[] {
  const source = days.find((d) => d.day_of_week === from);
  return source ? days.map((d) => ({ ...d, ...hoursOf(source) })) : [...days];
}

/** A master's new week as a copy of the salon's: the PUT body of each of the master's rows (same weekday). */
export function salonWeekBodies(
  masterRows: ReadonlyArray<{ id: number; day_of_week: number }>,
  salonRows: ReadonlyArray<ScheduleDay & { day_of_week: number }>,
): Array<{ id: number; body: ScheduleDay }> {
  return masterRows.flatMap((row) => {
    const salon = salonRows.find((s) => s.day_of_week === row.day_of_week);
    return salon ? [{ id: row.id, body: { ...hoursOf(salon), is_active: salon.is_active } }] : [];
  });
}
