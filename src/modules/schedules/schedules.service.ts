/** A master's own week (SPEC.md rule 1 of availability: a master with rows of their own has their own week). */
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { defaultMasterWeek } from './defaults.js';
import { insertWeek, masterWeek, type ScheduleRecord } from './schedules.queries.js';

/**
 * Gives the master the default week unless they have one: the rows it created, or none when the
 * week existed (a parallel request, a double click, that created it first counts as existing).
 */
export async function giveMasterOwnWeek(db: Db, businessId: number, masterId: number): Promise<ScheduleRecord[]> {
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
