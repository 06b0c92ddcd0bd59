import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { bookings, type bookingStatuses, businesses, subscriptions, users } from '../../db/schema.js';
import { fromDbTimestamp } from '../../core/wallclock.js';
import { businessBody } from '../catalog/business.queries.js';

const countWith = (status: (typeof bookingStatuses)[number]) =>
  sql<number>`count(${bookings.id}) filter (where ${bookings.status} = ${status})`.mapWith(Number);

/** The super admin's search: a business's name, slug or admin e-mail contains q. */
function businessSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    ilike(businesses.name, pattern),
    ilike(businesses.slug, pattern),
    sql`exists (select 1 from ${users} where ${users.businessId} = ${businesses.id} and ${users.email} ilike ${pattern})`,
  );
}

export async function countBusinesses(db: Db, q: string | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(businesses).where(businessSearch(q));
  return Number(row?.total ?? 0);
}

/** A page of businesses with their admin's email and their bookings counted per status, in one query. */
export async function listBusinessesWithCounts(db: Db, q?: string, page: { limit: number; offset?: number } = { limit: 1000 }) {
  const rows = await db
    .select({
      business: businesses,
      adminEmail: sql<string | null>`(select ${users.email} from ${users}
        where ${users.businessId} = ${businesses.id} and ${users.role} = 'ADMIN' order by ${users.id} limit 1)`,
      total: sql<number>`count(${bookings.id})`.mapWith(Number),
      // The latest change of any booking (made, moved, a status set): what the operator reads as "last activity".
      lastActivity: sql<string | null>`to_char(max(${bookings.updatedAt}), 'YYYY-MM-DD"T"HH24:MI:SS')`,
      pending: countWith('pending'),
      confirmed: countWith('confirmed'),
      completed: countWith('completed'),
      cancelled: countWith('cancelled'),
      rejected: countWith('rejected'),
    })
    .from(businesses)
    .leftJoin(bookings, eq(bookings.businessId, businesses.id))
    .where(businessSearch(q))
    .groupBy(businesses.id)
    .orderBy(asc(businesses.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map((row) => ({
    ...businessBody(row.business),
    created_at: fromDbTimestamp(row.business.createdAt),
    admin_email: row.adminEmail,
    last_activity_at: row.lastActivity,
    bookings_total: row.total,
    bookings_by_status: {
      pending: row.pending,
      confirmed: row.confirmed,
      completed: row.completed,
      cancelled: row.cancelled,
      rejected: row.rejected,
    },
  }));
}

export async function businessSlugs(db: Db, ids: number[]): Promise<Map<number, { id: number; slug: string; name: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: businesses.id, slug: businesses.slug, name: businesses.name })
    .from(businesses)
    .where(inArray(businesses.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
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
    return true;
  });
}
