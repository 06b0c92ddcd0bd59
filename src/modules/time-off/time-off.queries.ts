/** The time_off rows of a business (CONTRACT.md §21): always filtered by business_id. */
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { timeOff } from '../../db/schema.js';
import type { IsoDate } from '../../core/wallclock.js';
import { touchingDates } from '../availability/time-off.queries.js';

export type TimeOffRow = typeof timeOff.$inferSelect;
export type NewTimeOff = Omit<typeof timeOff.$inferInsert, 'id' | 'createdAt'>;

export interface TimeOffFilter {
  from: IsoDate;
  to: IsoDate;
  /** Only what closes this master: the business's entries and theirs. */
  masterId?: number;
}

/** The business's time off touching [from, to], by date. */
export function selectTimeOff(db: Db, businessId: number, filter: TimeOffFilter): Promise<TimeOffRow[]> {
  const { masterId } = filter;
  return db
    .select()
    .from(timeOff)
    .where(
      and(
        eq(timeOff.businessId, businessId),
        touchingDates(filter.from, filter.to),
        masterId === undefined ? undefined : or(isNull(timeOff.masterId), eq(timeOff.masterId, masterId)),
      ),
    )
    .orderBy(asc(timeOff.dateFrom), asc(timeOff.dateTo), asc(timeOff.startTime), asc(timeOff.id));
}

export async function insertTimeOff(db: Db, values: NewTimeOff): Promise<TimeOffRow> {
  const [row] = await db.insert(timeOff).values(values).returning();
  return row!;
}

/** Whether a row of the business was deleted. */
export async function deleteTimeOff(db: Db, businessId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(timeOff)
    .where(and(eq(timeOff.id, id), eq(timeOff.businessId, businessId)))
    .returning({ id: timeOff.id });
  return gone.length > 0;
}
