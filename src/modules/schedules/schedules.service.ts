/**
 * The weeks of the business and its masters: a master's own week (SPEC.md rule 1 of availability: a
 * master with rows of their own has their own week), read, given, changed a day at a time and dropped.
 */
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { notFound } from '../../core/errors.js';
import { findMasterRow } from '../catalog/masters.queries.js';
import { markHoursSaved } from '../catalog/business.queries.js';
import { defaultMasterWeek, type ScheduleValues } from './defaults.js';
import {
  businessWeek,
  deleteMasterWeek,
  findScheduleRow,
  insertWeek,
  masterWeek,
  scheduleRowBody,
  updateScheduleRow,
  type ScheduleRecord,
} from './schedules.queries.js';
import type { UpdateScheduleInput } from './schedules.schemas.js';

type ScheduleRowView = ReturnType<typeof scheduleRowBody>;

async function ownMaster(db: Db, businessId: number, masterId: number): Promise<void> {
  if (!(await findMasterRow(db, businessId, masterId))) throw notFound('Master');
}

/**
 * Gives the master the default week unless they have one: the rows it created, or none when the
 * week existed (a parallel request, a double click, that created it first counts as existing).
 */
async function giveMasterOwnWeek(db: Db, businessId: number, masterId: number): Promise<ScheduleRecord[]> {
  try {
    return await db.transaction(async (tx) => {
      if ((await masterWeek(tx, businessId, masterId)).length > 0) return [];
      return insertWeek(tx, businessId, masterId, defaultMasterWeek());
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'schedules_owner_day_key')) throw error;
    return [];
  }
}

export async function getBusinessWeek(db: Db, businessId: number): Promise<ScheduleRowView[]> {
  return (await businessWeek(db, businessId)).map(scheduleRowBody);
}

/** 404 when the master is not the business's. */
export async function getMasterWeek(db: Db, businessId: number, masterId: number): Promise<ScheduleRowView[]> {
  await ownMaster(db, businessId, masterId);
  return (await masterWeek(db, businessId, masterId)).map(scheduleRowBody);
}

/** The rows of the week it gave the master, or none when the master had a week already; 404 for another's master. */
export async function createMasterWeek(db: Db, businessId: number, masterId: number): Promise<ScheduleRowView[]> {
  await ownMaster(db, businessId, masterId);
  return (await giveMasterOwnWeek(db, businessId, masterId)).map(scheduleRowBody);
}

/** SPEC.md: camelCase or snake_case accepted; camelCase wins when both are given. */
function scheduleChanges(body: UpdateScheduleInput): Partial<ScheduleValues> {
  const pick = <T>(camel: T | undefined, snake: T | undefined): T | undefined => (camel !== undefined ? camel : snake);
  const candidates: Partial<ScheduleValues> = {
    startTime: pick(body.startTime, body.start_time),
    endTime: pick(body.endTime, body.end_time),
    isActive: pick(body.isActive, body.is_active),
    breakStartTime: pick(body.breakStartTime, body.break_start_time),
    breakEndTime: pick(body.breakEndTime, body.break_end_time),
  };
  return Object.fromEntries(Object.entries(candidates).filter(([, value]) => value !== undefined));
}

/** Changes one day of the business's weeks and marks its hours as set by the owner, even when nothing changes. */
export async function updateScheduleDay(db: Db, businessId: number, id: number, body: UpdateScheduleInput): Promise<ScheduleRowView> {
  const row = await findScheduleRow(db, id, businessId);
  if (!row) throw notFound('Schedule');
  const changes = scheduleChanges(body);
  await markHoursSaved(db, businessId);
  return scheduleRowBody(Object.keys(changes).length ? await updateScheduleRow(db, row.id, changes) : row);
}

/** The business hours apply to the master again; 404 when the master is not the business's. */
export async function deleteMasterSchedule(db: Db, businessId: number, masterId: number): Promise<void> {
  await ownMaster(db, businessId, masterId);
  await deleteMasterWeek(db, businessId, masterId);
}
