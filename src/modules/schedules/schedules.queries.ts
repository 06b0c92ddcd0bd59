import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { schedules } from '../../db/schema.js';
import type { ScheduleValues } from './defaults.js';

export type ScheduleRecord = typeof schedules.$inferSelect;

export function insertWeek(db: Db, businessId: number, masterId: number | null, week: ScheduleValues[]) {
  return db
    .insert(schedules)
    .values(week.map((day) => ({ ...day, businessId, masterId })))
    .returning()
    .then((rows) => rows.sort((a, b) => a.dayOfWeek - b.dayOfWeek));
}

export function businessWeek(db: Db, businessId: number): Promise<ScheduleRecord[]> {
  return db
    .select()
    .from(schedules)
    .where(and(eq(schedules.businessId, businessId), isNull(schedules.masterId)))
    .orderBy(asc(schedules.dayOfWeek));
}

export function masterWeek(db: Db, businessId: number, masterId: number): Promise<ScheduleRecord[]> {
  return db
    .select()
    .from(schedules)
    .where(and(eq(schedules.businessId, businessId), eq(schedules.masterId, masterId)))
    .orderBy(asc(schedules.dayOfWeek));
}

/** Every schedule row of a business for one weekday: the business row and the masters' rows. */
export function rowsForDay(db: Db, businessId: number, dayOfWeek: number): Promise<ScheduleRecord[]> {
  return db
    .select()
    .from(schedules)
    .where(and(eq(schedules.businessId, businessId), eq(schedules.dayOfWeek, dayOfWeek)));
}

export async function findScheduleRow(db: Db, id: number, businessId: number): Promise<ScheduleRecord | undefined> {
  const [row] = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.id, id), eq(schedules.businessId, businessId)))
    .limit(1);
  return row;
}

export async function updateScheduleRow(db: Db, id: number, values: Partial<ScheduleValues>): Promise<ScheduleRecord> {
  const [row] = await db.update(schedules).set(values).where(eq(schedules.id, id)).returning();
  return row!;
}

export async function deleteMasterWeek(db: Db, businessId: number, masterId: number): Promise<void> {
  await db.delete(schedules).where(and(eq(schedules.businessId, businessId), eq(schedules.masterId, masterId)));
}

export function scheduleRowBody(row: ScheduleRecord) {
  return {
    id: row.id,
    business_id: row.businessId,
    master_id: row.masterId,
    day_of_week: row.dayOfWeek,
    start_time: row.startTime,
    end_time: row.endTime,
    break_start_time: row.breakStartTime,
    break_end_time: row.breakEndTime,
    is_active: row.isActive,
  };
}
