import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings, type bookingStatuses, businesses, subscriptions, users } from '../../db/schema.js';
import { fromDbTimestamp } from '../../core/wallclock.js';
import { businessBody } from '../catalog/business.queries.js';

const countWith = (status: (typeof bookingStatuses)[number]) =>
  sql<number>`count(${bookings.id}) filter (where ${bookings.status} = ${status})`.mapWith(Number);

/** Every business with its admin's email and its bookings counted per status, in one query. */
export async function listBusinessesWithCounts(db: Db) {
  const rows = await db
    .select({
      business: businesses,
      adminEmail: sql<string | null>`(select ${users.email} from ${users}
        where ${users.businessId} = ${businesses.id} and ${users.role} = 'ADMIN' order by ${users.id} limit 1)`,
      total: sql<number>`count(${bookings.id})`.mapWith(Number),
      pending: countWith('pending'),
      confirmed: countWith('confirmed'),
      completed: countWith('completed'),
      cancelled: countWith('cancelled'),
      rejected: countWith('rejected'),
    })
    .from(businesses)
    .leftJoin(bookings, eq(bookings.businessId, businesses.id))
    .groupBy(businesses.id)
    .orderBy(asc(businesses.id));
  return rows.map((row) => ({
    ...businessBody(row.business),
    created_at: fromDbTimestamp(row.business.createdAt),
    admin_email: row.adminEmail,
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
