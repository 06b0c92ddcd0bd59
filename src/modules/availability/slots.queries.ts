/**
 * The slots endpoint's data in one round trip (its hottest read): the business by slug
 * with, as JSON, its schedule rows for the weekday, its masters (or the one
 * asked for) and their bookings touching the day. Built and prepared once per
 * database handle: the hot path neither rebuilds the SQL nor, on PostgreSQL,
 * re-plans it (a named prepared statement per connection).
 */
import { and, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { parameterValues } from '../../db/inline.js';
import type { NamedStatement } from '../../db/transaction.js';
import { bookings, businesses, masters, schedules, services, timeOff } from '../../db/schema.js';
import type { TimeOffEntry } from '../../core/time-off.js';
import type { ScheduleRow } from '../../core/availability.js';
import { occupiesTimeSql } from '../../db/booking-status.js';
import { addDays, fromDbTimestamp } from '../../core/wallclock.js';

export interface DayScheduleRow extends ScheduleRow {
  masterId: number | null;
}

export interface DayBooking {
  masterId: number;
  startAt: string;
  endAt: string;
  status: string;
  bufferAfter: number;
}

export interface BusinessDay {
  businessId: number;
  minNoticeMinutes: number;
  bookingHorizonDays: number | null;
  schedules: DayScheduleRow[];
  masterIds: number[];
  bookings: DayBooking[];
  /** CONTRACT.md §21: the business's time off on the date (with one master: the business's and theirs). */
  timeOff: TimeOffEntry[];
}

/** JSON array of the rows of `table` matching `where`, '[]' when none. */
const jsonRows = <T>(fields: SQL, from: SQL, where: SQL | undefined) =>
  sql<T[]>`(SELECT coalesce(json_agg(${fields}), '[]'::json) FROM ${from} WHERE ${where})`;

function daySelect(db: Db, oneMaster: boolean) {
  const masterId = sql.placeholder('masterId');
  const ofMaster = (column: typeof masters.id | typeof bookings.masterId) => (oneMaster ? eq(column, masterId) : undefined);
  return db
    .select({
      businessId: businesses.id,
      minNoticeMinutes: businesses.minNoticeMinutes,
      bookingHorizonDays: businesses.bookingHorizonDays,
      schedules: jsonRows<DayScheduleRow>(
        sql`json_build_object('masterId', ${schedules.masterId}, 'dayOfWeek', ${schedules.dayOfWeek}, 'startTime', ${schedules.startTime},
          'endTime', ${schedules.endTime}, 'breakStartTime', ${schedules.breakStartTime}, 'breakEndTime', ${schedules.breakEndTime},
          'isActive', ${schedules.isActive})`,
        sql`${schedules}`,
        and(
          eq(schedules.businessId, businesses.id),
          eq(schedules.dayOfWeek, sql.placeholder('dayOfWeek')),
          oneMaster ? or(isNull(schedules.masterId), eq(schedules.masterId, masterId)) : undefined,
        ),
      ),
      masterIds: jsonRows<number>(
        sql`${masters.id} ORDER BY ${masters.id}`,
        sql`${masters}`,
        and(eq(masters.businessId, businesses.id), eq(masters.archived, false), ofMaster(masters.id)),
      ),
      // Tuples, not objects: building and parsing keyed JSON for every booking of a busy day cost
      // PostgreSQL ~1.8x the CPU (measured with 200 bookings).
      // The service's buffer_after comes along: a booking occupies its buffer too (CONTRACT.md §17).
      bookings: jsonRows<[number, string, string, string, number]>(
        sql`json_build_array(${bookings.masterId}, ${bookings.startAt}, ${bookings.endAt}, ${bookings.status}, ${services.bufferAfter})`,
        sql`${bookings} JOIN ${services} ON ${services.id} = ${bookings.serviceId}`,
        and(
          oneMaster ? eq(bookings.masterId, masterId) : eq(bookings.businessId, businesses.id),
          gte(bookings.startAt, sql.placeholder('from')),
          lt(bookings.startAt, sql.placeholder('to')),
          occupiesTimeSql(),
        ),
      ),
      timeOff: jsonRows<[number | null, string, string, string | null, string | null]>(
        sql`json_build_array(${timeOff.masterId}, ${timeOff.dateFrom}, ${timeOff.dateTo}, ${timeOff.startTime}, ${timeOff.endTime})`,
        sql`${timeOff}`,
        and(
          eq(timeOff.businessId, businesses.id),
          lte(timeOff.dateFrom, sql.placeholder('date')),
          gte(timeOff.dateTo, sql.placeholder('date')),
          oneMaster ? or(isNull(timeOff.masterId), eq(timeOff.masterId, masterId)) : undefined,
        ),
      ),
    })
    .from(businesses)
    .where(eq(businesses.slug, sql.placeholder('slug')))
    .limit(1);
}

const prepareDayQuery = (db: Db, oneMaster: boolean) =>
  daySelect(db, oneMaster).prepare(oneMaster ? 'slots_day_one_master' : 'slots_day_all_masters');
const dayOfAllMasters = preparedPerDb((db) => prepareDayQuery(db, false));
const dayOfOneMaster = preparedPerDb((db) => prepareDayQuery(db, true));
type DayRow = Awaited<ReturnType<ReturnType<typeof prepareDayQuery>['execute']>>[number];

/** The same query as its text, built once per shape: on PostgreSQL prepared by name on each connection (db/transaction.ts). */
const dayTemplates = new Map<boolean, { definition: string; params: unknown[] }>();

/**
 * The day's read to go with the BEGIN that locks the masters (CONTRACT.md §19's if_free and §20's visits,
 * db/transaction.ts): one round trip for both, its plan kept as the prepared one's; `dayFromColumns` reads its row.
 */
export function dayReadStatement(db: Db, input: DayQueryInput): NamedStatement {
  const oneMaster = input.masterId !== undefined;
  let template = dayTemplates.get(oneMaster);
  if (!template) {
    const { sql: definition, params } = daySelect(db, oneMaster).toSQL();
    template = { definition, params };
    dayTemplates.set(oneMaster, template);
  }
  return {
    name: oneMaster ? 'locked_day_one_master' : 'locked_day_all_masters',
    definition: template.definition,
    values: parameterValues(template.params, { ...input }),
  };
}

/** The row of `dayReadStatement`, its columns in the order of the query's fields; undefined when no business has the slug. */
export function dayFromColumns(rows: readonly unknown[][]): BusinessDay | undefined {
  const [columns] = rows;
  if (!columns) return undefined;
  const [businessId, minNoticeMinutes, bookingHorizonDays, schedules, masterIds, booked, timeOffRows] = columns;
  return dayOf({
    businessId,
    minNoticeMinutes,
    bookingHorizonDays,
    schedules,
    masterIds,
    bookings: booked,
    timeOff: timeOffRows,
  } as DayRow);
}

export interface DayQueryInput {
  slug: string;
  dayOfWeek: number;
  /** Bookings starting in [from, to): from the previous midnight, so one running past midnight is seen. */
  from: string;
  to: string;
  /** The date asked about: its time off comes along. */
  date: string;
  masterId?: number;
}

/** The business's day, or undefined when no business has the slug. */
export async function loadBusinessDay(db: Db, input: DayQueryInput): Promise<BusinessDay | undefined> {
  const { masterId, ...rest } = input;
  const [row] = masterId === undefined ? await dayOfAllMasters(db).execute(rest) : await dayOfOneMaster(db).execute({ ...rest, masterId });
  return row ? dayOf(row) : undefined;
}

function dayOf(row: DayRow): BusinessDay {
  return {
    ...row,
    bookings: row.bookings.map(([master, startAt, endAt, status, bufferAfter]) => ({
      masterId: master,
      startAt,
      endAt,
      status,
      bufferAfter,
    })),
    timeOff: row.timeOff.map(([master, dateFrom, dateTo, startTime, endTime]) => ({
      masterId: master,
      dateFrom,
      dateTo,
      startTime,
      endTime,
    })),
  };
}

/**
 * The bookings that occupy time and match `where`, as availability reads them: each with its
 * service's buffer (CONTRACT.md §17) and wall-clock times. The one read behind the slots and the
 * date strip.
 */
export async function occupyingBookings(db: Db, where: SQL | undefined, page?: { limit: number }) {
  const query = db
    .select({
      id: bookings.id,
      masterId: bookings.masterId,
      startAt: bookings.startAt,
      endAt: bookings.endAt,
      status: bookings.status,
      bufferAfter: services.bufferAfter,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(and(where, occupiesTimeSql()));
  // A page: in start order (then id, so a page ends between two rows whatever their times).
  const rows = await (page ? query.orderBy(bookings.startAt, bookings.id).limit(page.limit) : query);
  return rows.map((row) => ({ ...row, startAt: fromDbTimestamp(row.startAt), endAt: fromDbTimestamp(row.endAt) }));
}

/** Bookings of the given masters that touch [dayStart, dayEnd), for availability. */
export async function bookingsTouchingDay(db: Db, masterIds: number[], dayStart: string, dayEnd: string) {
  if (masterIds.length === 0) return [];
  return occupyingBookings(
    db,
    and(
      inArray(bookings.masterId, masterIds),
      // A booking may start the previous day and run past midnight: 1 day back covers durations up to 24 h.
      gte(bookings.startAt, `${addDays(dayStart.slice(0, 10), -1)}T00:00:00`),
      lt(bookings.startAt, dayEnd),
    ),
  );
}
