import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { schedules } from '../../db/schema.js';

/** One weekday of the salon's opening hours (0 = Monday); open and close null on a day off. */
export interface OpeningHours {
  day_of_week: number;
  open: string | null;
  close: string | null;
}

type Row = Pick<typeof schedules.$inferSelect, 'masterId' | 'dayOfWeek' | 'startTime' | 'endTime' | 'isActive'>;

const works = (row: Row | undefined): row is Row => Boolean(row?.isActive && row.endTime > row.startTime);

/**
 * The week as a client can book it (decision 0093): each weekday from the earliest start to the latest end of
 * the masters who work then, a master without a week of their own working the salon's (SPEC.md "Availability"
 * 1); the salon's own week while it has no master. A salon closed on Sundays whose master works Sundays is open.
 */
export function openingWeek(rows: readonly Row[], masterIds: readonly number[]): OpeningHours[] {
  const salon = rows.filter((row) => row.masterId === null);
  return salon.map((salonDay) => {
    const day = salonDay.dayOfWeek;
    const rowOf = (masterId: number) =>
      rows.find((row) => row.masterId === masterId && row.dayOfWeek === day) ??
      (rows.some((row) => row.masterId === masterId) ? undefined : salonDay);
    const working = (masterIds.length > 0 ? masterIds.map(rowOf) : [salonDay]).filter(works);
    if (working.length === 0) return { day_of_week: day, open: null, close: null };
    const open = working.map((row) => row.startTime).sort()[0]!;
    const close = working
      .map((row) => row.endTime)
      .sort()
      .at(-1)!;
    return { day_of_week: day, open, close };
  });
}

/** The opening hours the booking page shows, for the business's masters (ids of those not archived). */
export async function openingHours(db: Db, businessId: number, masterIds: readonly number[]): Promise<OpeningHours[]> {
  const rows = await db
    .select({
      masterId: schedules.masterId,
      dayOfWeek: schedules.dayOfWeek,
      startTime: schedules.startTime,
      endTime: schedules.endTime,
      isActive: schedules.isActive,
    })
    .from(schedules)
    .where(eq(schedules.businessId, businessId))
    .orderBy(schedules.dayOfWeek);
  return openingWeek(rows, masterIds);
}
