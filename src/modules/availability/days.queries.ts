/** The rows the date strip needs for a range of dates: five queries whatever the range, then the bookings a few days at a time. */
import { and, eq, gt, gte, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings, masterServices, schedules } from '../../db/schema.js';
import { addDays, combine, type IsoDate } from '../../core/wallclock.js';
import { listMasterRows } from '../catalog/masters.queries.js';
import { findService } from '../catalog/services.queries.js';
import type { RangeData, RangeService } from './days.js';
import { effectiveTerms } from '../../core/master-terms.js';
import { occupyingBookings } from './slots.queries.js';
import { anyMasterCandidates } from '../../core/any-master.js';
import { timeOffBetween } from './time-off.queries.js';

export type RangeLookup = { found: 'service' | 'master' } | { found: 'all'; service: RangeService; data: RangeData };

/**
 * Masters considered: the one asked for (it must be an active master of the business), else those
 * linked to the service, else every active master (SPEC.md rule 4 of booking creation). Everything
 * but the bookings, read once for the whole range (bookings: rangeBookings, a few days at a time).
 */
export async function loadRange(
  db: Db,
  businessId: number,
  serviceId: number,
  masterId: number | undefined,
  from: IsoDate,
  to: IsoDate,
): Promise<RangeLookup> {
  const [service, masterRows, links, scheduleRows, timeOffRows] = await Promise.all([
    findService(db, businessId, serviceId),
    listMasterRows(db, businessId),
    db
      .select({ masterId: masterServices.masterId, price: masterServices.price, duration: masterServices.duration })
      .from(masterServices)
      .where(eq(masterServices.serviceId, serviceId)),
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
    timeOffBetween(db, businessId, from, to),
  ]);
  if (!service) return { found: 'service' };
  const active = masterRows.map((row) => row.id);
  let masterIds: number[];
  if (masterId !== undefined) {
    if (!active.includes(masterId)) return { found: 'master' };
    masterIds = [masterId];
  } else {
    masterIds = anyMasterCandidates(
      active,
      links.map((link) => link.masterId),
    );
  }
  const durationOf = new Map(links.map((link) => [link.masterId, effectiveTerms(service, link).duration]));
  const priceOf = new Map(links.map((link) => [link.masterId, effectiveTerms(service, link).price]));
  return {
    found: 'all',
    service: { duration: service.duration, durationOf, bufferAfter: service.buffer_after, price: service.price, priceOf },
    data: { schedules: scheduleRows, masterIds, bookings: [], timeOff: timeOffRows },
  };
}

/** Where a page of a range's bookings starts: after this one (in start order, then id). */
export interface PageMark {
  startAt: string;
  id: string;
}

/**
 * The bookings that occupy time on [from, to] (from the previous midnight: one may run past it), of one
 * master when asked: a page of at most `limit` in start order, after `after`.
 */
export function rangeBookingsPage(
  db: Db,
  businessId: number,
  range: { from: IsoDate; to: IsoDate; masterId?: number },
  after: PageMark | undefined,
  limit: number,
) {
  return occupyingBookings(
    db,
    and(
      eq(bookings.businessId, businessId),
      range.masterId === undefined ? undefined : eq(bookings.masterId, range.masterId),
      gte(bookings.startAt, combine(addDays(range.from, -1), '00:00')),
      lt(bookings.startAt, combine(addDays(range.to, 1), '00:00')),
      after ? or(gt(bookings.startAt, after.startAt), and(eq(bookings.startAt, after.startAt), gt(bookings.id, after.id))) : undefined,
    ),
    { limit },
  );
}
