/** Which schedule row rules a master's day: the master's own week, else the business week (SPEC.md Availability 1). */
import { scheduleFor } from '@core/availability.js';
import { client, type Master, type ScheduleAnswerRow } from '../common/state';
import { weekday } from '../common/dates';

export interface Weeks {
  business: ScheduleAnswerRow[];
  masters: Map<number, ScheduleAnswerRow[]>;
}

export async function loadWeeks(masters: readonly Master[], signal?: AbortSignal): Promise<Weeks> {
  const [business, ...own] = await Promise.all([
    client.get('/schedule', { signal }),
    ...masters.filter((m) => m.has_schedule).map((m) => client.get('/schedule/master/{master_id}', { path: { master_id: m.id }, signal })),
  ]);
  const map = new Map<number, ScheduleAnswerRow[]>();
  for (const rows of own) if (rows[0]?.master_id) map.set(rows[0].master_id, rows);
  return { business, masters: map };
}

export function dayRow(weeks: Weeks, masterId: number, date: string): ScheduleAnswerRow | undefined {
  return scheduleFor(weeks.masters.get(masterId) ?? [], weeks.business, weekday(date), (row) => row.day_of_week);
}
