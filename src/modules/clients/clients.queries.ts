import { and, asc, count, eq, ilike, max, or, sql } from 'drizzle-orm';
import { containsPattern } from '../../db/like.js';
import type { Db } from '../../db/client.js';
import { bookings, clients } from '../../db/schema.js';
import { fromDbTimestamp } from '../../core/wallclock.js';
import { occupiesTimeSql } from '../../db/booking-status.js';
import type { ClientRow } from '../bookings/client-record.js';

export async function findClient(db: Db, businessId: number, id: number): Promise<ClientRow | undefined> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.businessId, businessId), eq(clients.id, id)))
    .limit(1);
  return row;
}

export async function updateClient(db: Db, id: number, values: { firstName?: string; notes?: string | null }): Promise<ClientRow> {
  const [row] = await db.update(clients).set(values).where(eq(clients.id, id)).returning();
  return row!;
}

function clientConditions(businessId: number, q: string | undefined) {
  const conditions = [eq(clients.businessId, businessId)];
  const needle = q?.trim();
  if (needle) {
    const byName = ilike(clients.firstName, containsPattern(needle));
    const digits = needle.replace(/\D/g, '');
    const byPhone = digits.length > 0 ? [ilike(clients.phone, `%${digits}%`)] : [];
    // "8 777 555", the Kazakh way to start a number: stored numbers start 7777555.
    if (/^\s*8/.test(needle) && digits.length >= 4) byPhone.push(ilike(clients.phone, `7${digits.slice(1)}%`));
    conditions.push(or(byName, ...byPhone)!);
  }
  return and(...conditions);
}

/** A visit (CONTRACT.md §13): a booking that already began and occupies time (not cancelled or rejected). */
const isVisit = (now: string) => sql`${bookings.startAt} <= ${now}::timestamp AND ${occupiesTimeSql()}`;
/** The next booking: one still to begin that occupies time. */
const isUpcoming = (now: string) => sql`${bookings.startAt} > ${now}::timestamp AND ${occupiesTimeSql()}`;

/**
 * `now` (the wall clock) dates `last_visit_at`: the latest booking that already began and was
 * not cancelled or rejected. `last_booking_at` stays as documented: the latest of any booking.
 */
export async function listClients(
  db: Db,
  businessId: number,
  q: string | undefined,
  now: string,
  page: { limit?: number; offset?: number } = {},
) {
  const query = db
    .select({
      id: clients.id,
      phone: clients.phone,
      first_name: clients.firstName,
      notes: clients.notes,
      bookings_count: count(bookings.id),
      last_booking_at: max(bookings.startAt),
      last_visit_at: sql<string | null>`max(${bookings.startAt}) FILTER (WHERE ${isVisit(now)})`,
    })
    .from(clients)
    .leftJoin(bookings, eq(bookings.clientId, clients.id))
    .where(clientConditions(businessId, q))
    .groupBy(clients.id)
    .orderBy(asc(clients.firstName), asc(clients.id))
    .$dynamic();
  if (page.limit !== undefined) query.limit(page.limit);
  if (page.offset) query.offset(page.offset);
  const rows = await query;
  return rows.map((row) => ({
    ...row,
    bookings_count: Number(row.bookings_count),
    last_booking_at: row.last_booking_at ? fromDbTimestamp(row.last_booking_at) : null,
    last_visit_at: row.last_visit_at ? fromDbTimestamp(row.last_visit_at) : null,
  }));
}

export interface ClientStats {
  visits: number;
  total_spent: number;
  last_visit_at: string | null;
  next_booking_at: string | null;
}

/** The client card's figures (CONTRACT.md §13): visits and their price_snapshot sum, the last visit and the next booking. */
export async function clientStats(db: Db, clientId: number, now: string): Promise<ClientStats> {
  const [row] = await db
    .select({
      visits: sql<number>`count(*) FILTER (WHERE ${isVisit(now)})`,
      total_spent: sql<number>`coalesce(sum(${bookings.priceSnapshot}) FILTER (WHERE ${isVisit(now)}), 0)`,
      last_visit_at: sql<string | null>`max(${bookings.startAt}) FILTER (WHERE ${isVisit(now)})`,
      next_booking_at: sql<string | null>`min(${bookings.startAt}) FILTER (WHERE ${isUpcoming(now)})`,
    })
    .from(bookings)
    .where(eq(bookings.clientId, clientId));
  const at = (value: string | null | undefined) => (value ? fromDbTimestamp(value) : null);
  return {
    visits: Number(row?.visits ?? 0),
    total_spent: Number(row?.total_spent ?? 0),
    last_visit_at: at(row?.last_visit_at),
    next_booking_at: at(row?.next_booking_at),
  };
}

export async function countClients(db: Db, businessId: number, q: string | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(clients).where(clientConditions(businessId, q));
  return Number(row?.total ?? 0);
}

export function clientBody(row: ClientRow) {
  return { id: row.id, phone: row.phone, first_name: row.firstName, notes: row.notes };
}
