/** The rows the date strip needs for a range of dates, in four queries whatever the range. */
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings, masterServices, schedules } from '../../db/schema.js';
import { addDays, combine, fromDbTimestamp, type IsoDate } from '../../core/wallclock.js';
import { listMasterRows } from '../catalog/masters.queries.js';
import { findService } from '../catalog/services.queries.js';
import type { RangeData } from './days.js';
import { occupiesTimeSql } from '../../db/booking-status.js';

export type RangeLookup = { found: 'service' | 'master' } | { found: 'all'; duration: number; data: RangeData };

/**
 * Masters considered: the one asked for (it must be an active master of the business), else those
 * linked to the service, else every active master (SPEC.md rule 4 of booking creation).
 */
export async function loadRange(
  db: Db,
  businessId: number,
  serviceId: number,
  masterId: number | undefined,
  from: IsoDate,
  to: IsoDate,
): Promise<RangeLookup> {
  const [service, masterRows, links, scheduleRows, bookingRows] = await Promise.all([
    findService(db, businessId, serviceId),
    listMasterRows(db, businessId),
    db.select({ masterId: masterServices.masterId }).from(masterServices).where(eq(masterServices.serviceId, serviceId)),
    db
      .select({
        masterId: schedules.masterId,
        dayOfWeek: schedules.dayOfWeek,
        startTime: schedules.startTime,
        endTime: schedules.endTime,
        breakStartTime: schedules.breakStartTime,
        breakEndTime: schedules.breakEndTime,
        isActive: schedules.isActive,
      })
      .from(schedules)
      .where(eq(schedules.businessId, businessId)),
    db
      .select({ masterId: bookings.masterId, startAt: bookings.startAt, endAt: bookings.endAt, status: bookings.status })
      .from(bookings)
      .where(
        and(
          eq(bookings.businessId, businessId),
          gte(bookings.startAt, combine(addDays(from, -1), '00:00')),
          lt(bookings.startAt, combine(addDays(to, 1), '00:00')),
          occupiesTimeSql(),
        ),
      ),
  ]);
  if (!service) return { found: 'service' };
  const active = masterRows.map((row) => row.id);
  let masterIds: number[];
  if (masterId !== undefined) {
    if (!active.includes(masterId)) return { found: 'master' };
    masterIds = [masterId];
  } else {
    const linked = new Set(links.map((link) => link.masterId));
    const eligible = active.filter((id) => linked.has(id));
    masterIds = eligible.length > 0 ? eligible : active;
  }
  return {
    found: 'all',
    duration: service.duration,
    data: {
      schedules: scheduleRows,
      masterIds,
      bookings: bookingRows.map((row) => ({ ...row, startAt: fromDbTimestamp(row.startAt), endAt: fromDbTimestamp(row.endAt) })),
    },
  };
}
