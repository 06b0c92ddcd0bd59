import type { Db } from '../../db/client.js';
import { businessWeek } from './schedules.queries.js';

/** One weekday of the salon's opening hours (0 = Monday); open and close null on a day off. */
export interface OpeningHours {
  day_of_week: number;
  open: string | null;
  close: string | null;
}

/** The business schedule (not the masters' own rows) as the booking page shows it. */
export async function businessHours(db: Db, businessId: number): Promise<OpeningHours[]> {
  const rows = await businessWeek(db, businessId);
  return rows.map((row) => {
    const open = row.isActive && row.endTime > row.startTime;
    return { day_of_week: row.dayOfWeek, open: open ? row.startTime : null, close: open ? row.endTime : null };
  });
}
