/** Which schedule row rules a master's day: the master's own week, else the business week (SPEC.md Availability 1). */
import { client, type Master, type ScheduleRow } from './state';
import { weekday } from './dates';

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
  const day = weekday(date);
  const own = weeks.masters.get(masterId);
  return (own && own.length > 0 ? own : weeks.business).find((row) => row.day_of_week === day);
}
