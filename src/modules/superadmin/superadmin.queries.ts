import { and, count, eq, gte, inArray, lt, or, sql, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/driver.js';
import { containsPattern } from '../../db/like.js';
import {
  bookingCounts,
  bookingDayCounts,
  bookingStatusTotals,
  bookings,
  type BookingStatus,
  type bookingStatuses,
  businesses,
  subscriptions,
  users,
} from '../../db/schema.js';
import { fromDbTimestamp } from '../../core/wallclock.js';
import { countBookings } from '../bookings/bookings.queries.js';
import { businessBody, businessIdsNamedLike, type BusinessRow } from '../catalog/business.queries.js';
import { splitIntoWholeDays } from './whole-days.js';

/**
 * The super admin's search: a business's name, slug or a user's e-mail contains q. Written as the ids
 * that match, one index per column (pg_trgm, migration 0022), so the outer query reads only those
 * businesses: an OR with a per-business EXISTS read every business at any q.
 */
function businessSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  // Written out: in a one-table query drizzle leaves columns unqualified, and businesses.id is the outer row's.
  return sql`businesses.id IN (${businessIdsNamedLike(q)} UNION ALL SELECT u.business_id FROM users u WHERE u.email ILIKE ${containsPattern(q)})`;
}

export async function countBusinesses(db: Db, q: string | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(businesses).where(businessSearch(q));
  return Number(row?.total ?? 0);
}

type StatusCounts = Record<(typeof bookingStatuses)[number], number>;

interface BusinessPageRow extends BusinessRow, StatusCounts {
  adminEmail: string | null;
  lastActivity: string | null;
}

/**
 * A page of businesses with their admin's email, last activity and bookings counted per status, in
 * one statement: the page is found on businesses alone (the inner SELECT), and only its
 * rows read their figures, a few index entries or rows each, never a business's every booking. The
 * counts are the sums of the business's rows in booking_counts, which the bookings' triggers keep in
 * every writing transaction (migration 0019). Written as one SQL text and read as the driver parses
 * it: building and mapping a 100-row page through drizzle cost more than the database did.
 */
export async function listBusinessesWithCounts(db: Db, q?: string, page: { limit: number; offset?: number } = { limit: 1000 }) {
  const rows = await queryRows<BusinessPageRow>(
    db,
    sql`SELECT businesses.id, slug, name, phone, address, messenger_chat_id AS "messengerChatId", strict_slots AS "strictSlots",
          masters_can_decide AS "mastersCanDecide", hours_saved AS "hoursSaved", telegram_link_code AS "telegramLinkCode",
          description, instagram, whatsapp, min_notice_minutes AS "minNoticeMinutes", booking_horizon_days AS "bookingHorizonDays",
          embed_origins AS "embedOrigins", created_at::text AS "createdAt",
          (SELECT u.email FROM users u WHERE u.business_id = businesses.id AND u.role = 'ADMIN' ORDER BY u.id LIMIT 1) AS "adminEmail",
          -- The latest change of any booking (made, moved, a status set): what the operator reads as "last activity",
          -- the last entry of bookings_business_updated_idx for the business.
          (SELECT to_char(max(b.updated_at), 'YYYY-MM-DD"T"HH24:MI:SS') FROM bookings b WHERE b.business_id = businesses.id) AS "lastActivity",
          k.pending, k.confirmed, k.completed, k.cancelled, k.rejected
        FROM (SELECT * FROM businesses WHERE ${businessSearch(q) ?? sql`true`} ORDER BY id LIMIT ${page.limit} OFFSET ${page.offset ?? 0}) businesses
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(n) FILTER (WHERE status = 'pending'), 0)::int AS pending,
                 coalesce(sum(n) FILTER (WHERE status = 'confirmed'), 0)::int AS confirmed,
                 coalesce(sum(n) FILTER (WHERE status = 'completed'), 0)::int AS completed,
                 coalesce(sum(n) FILTER (WHERE status = 'cancelled'), 0)::int AS cancelled,
                 coalesce(sum(n) FILTER (WHERE status = 'rejected'), 0)::int AS rejected
          FROM booking_counts c WHERE c.business_id = businesses.id) k
        ORDER BY businesses.id`,
  );
  return rows.map((row) => {
    const byStatus: StatusCounts = {
      pending: row.pending,
      confirmed: row.confirmed,
      completed: row.completed,
      cancelled: row.cancelled,
      rejected: row.rejected,
    };
    return {
      ...businessBody(row),
      created_at: fromDbTimestamp(row.createdAt),
      admin_email: row.adminEmail,
      last_activity_at: row.lastActivity,
      bookings_total: row.pending + row.confirmed + row.completed + row.cancelled + row.rejected,
      bookings_by_status: byStatus,
    };
  });
}

export async function businessSlugs(db: Db, ids: number[]): Promise<Map<number, { id: number; slug: string; name: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: businesses.id, slug: businesses.slug, name: businesses.name })
    .from(businesses)
    .where(inArray(businesses.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** What the super admin's bookings list filters by (GET /superadmin/bookings). */
export interface OperatorBookingFilter {
  businessId?: number;
  /** Naive date-times: from inclusive, to exclusive. */
  from?: string;
  to?: string;
  status?: BookingStatus;
  businessText?: string;
}

/**
 * X-Total-Count of GET /superadmin/bookings, exact, from counts the bookings' trigger keeps in every
 * writing transaction: of every business, the platform's per status (booking_status_totals) or, with
 * dates, the range's days (booking_day_counts); of a business or a search without dates, the matching
 * businesses' rows in booking_counts. With dates and a business, its bookings in the range are
 * counted along its own index.
 */
export async function countOperatorBookings(db: Db, filter: OperatorBookingFilter): Promise<number> {
  const everyBusiness = filter.businessId === undefined && !filter.businessText;
  if (filter.from || filter.to) return everyBusiness ? countPlatformBookingsByDay(db, filter) : countBookings(db, filter);
  if (everyBusiness) return countPlatformBookings(db, filter.status);
  const conditions: SQL[] = [];
  if (filter.businessId !== undefined) conditions.push(eq(bookingCounts.businessId, filter.businessId));
  if (filter.status) conditions.push(eq(bookingCounts.status, filter.status));
  if (filter.businessText) conditions.push(sql`${bookingCounts.businessId} IN (${businessIdsNamedLike(filter.businessText)})`);
  const [row] = await db
    .select({ total: sum(bookingCounts.n).mapWith(Number) })
    .from(bookingCounts)
    .where(and(...conditions));
  return row?.total ?? 0;
}

/** Every business's bookings, or those of one status: at most 5 x 32 rows of booking_status_totals (migration 0023). */
async function countPlatformBookings(db: Db, status: BookingStatus | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sum(bookingStatusTotals.n).mapWith(Number) })
    .from(bookingStatusTotals)
    .where(status ? eq(bookingStatusTotals.status, status) : undefined);
  return row?.total ?? 0;
}

/**
 * A dated range of every business: its whole days summed from booking_day_counts (migration 0021),
 * the parts of a day at its edges, if a caller passes a time, counted from bookings.
 */
async function countPlatformBookingsByDay(db: Db, filter: OperatorBookingFilter): Promise<number> {
  const { days, edges } = splitIntoWholeDays(filter.from, filter.to);
  let total = 0;
  if (days) {
    const conditions: SQL[] = [];
    if (days.from) conditions.push(gte(bookingDayCounts.day, days.from));
    if (days.to) conditions.push(lt(bookingDayCounts.day, days.to));
    if (filter.status) conditions.push(eq(bookingDayCounts.status, filter.status));
    const [row] = await db
      .select({ total: sum(bookingDayCounts.n).mapWith(Number) })
      .from(bookingDayCounts)
      .where(and(...conditions));
    total += row?.total ?? 0;
  }
  for (const edge of edges) total += await countBookings(db, { ...edge, status: filter.status });
  return total;
}

/**
 * The business and everything it owns, in one transaction: its subscriptions
 * (not foreign keys: PROVIDER_BUSINESS by business id, CLIENT_BOOKING by
 * booking id), its bookings (with their proposals and idempotency keys), then
 * the business row, whose foreign keys cascade to users, services, categories,
 * masters, clients and schedules. Mini-app customers who merely opened this
 * business keep their account, unlinked. False when there is no such business.
 */
export async function deleteBusinessCompletely(db: Db, businessId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('update');
    if (!found) return false;
    const bookingIds = tx
      .select({ id: sql`${bookings.id}::text` })
      .from(bookings)
      .where(eq(bookings.businessId, businessId));
    await tx
      .delete(subscriptions)
      .where(
        or(
          and(eq(subscriptions.contextType, 'PROVIDER_BUSINESS'), eq(subscriptions.contextRef, String(businessId))),
          and(eq(subscriptions.contextType, 'CLIENT_BOOKING'), inArray(subscriptions.contextRef, bookingIds)),
        ),
      );
    await tx.delete(bookings).where(eq(bookings.businessId, businessId));
    await tx
      .update(users)
      .set({ businessId: null })
      .where(and(eq(users.businessId, businessId), eq(users.role, 'CUSTOMER')));
    await tx.delete(businesses).where(eq(businesses.id, businessId));
    await tx.delete(bookingCounts).where(eq(bookingCounts.businessId, businessId));
    return true;
  });
}
