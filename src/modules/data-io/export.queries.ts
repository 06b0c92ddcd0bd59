/** Exports read in pages along a unique order (keyset), so a long file never holds more than a page in memory. */
import { and, asc, count, eq, gte, inArray, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings, clients } from '../../db/schema.js';
import { selectBookingRows } from '../../db/booking-rows.js';
import type { BookingExportRow, ClientExportRow } from './rows.js';

/** Rows per query: on PGlite each query runs on the event loop's thread, so a page is a few tens of ms there. */
export const EXPORT_PAGE = 500;

export interface ClientCursor {
  firstName: string;
  id: number;
}

/**
 * A page of clients, then the bookings of those clients only: one statement that joined and grouped
 * every client of the business per page held PGlite's thread (the event loop's) for hundreds of ms.
 */
export async function clientPage(db: Db, businessId: number, after: ClientCursor | undefined) {
  const page = await db
    .select({ id: clients.id, firstName: clients.firstName, phone: clients.phone, notes: clients.notes })
    .from(clients)
    .where(
      and(
        eq(clients.businessId, businessId),
        after ? sql`(${clients.firstName}, ${clients.id}) > (${after.firstName}, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(clients.firstName), asc(clients.id))
    .limit(EXPORT_PAGE);
  if (page.length === 0) return [];
  const stats = await db
    .select({ clientId: bookings.clientId, bookingsCount: count(bookings.id), lastBookingAt: max(bookings.startAt) })
    .from(bookings)
    .where(
      and(
        eq(bookings.businessId, businessId),
        inArray(
          bookings.clientId,
          page.map((client) => client.id),
        ),
      ),
    )
    .groupBy(bookings.clientId);
  const byClient = new Map(stats.map((row) => [row.clientId, row]));
  return page.map((client): ClientExportRow & { id: number } => {
    const stat = byClient.get(client.id);
    return { ...client, bookingsCount: Number(stat?.bookingsCount ?? 0), lastBookingAt: stat?.lastBookingAt ?? null };
  });
}

export async function countClientsOf(db: Db, businessId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(clients).where(eq(clients.businessId, businessId));
  return Number(row?.total ?? 0);
}

export interface BookingCursor {
  startAt: string;
  id: string;
}

/** Bookings starting in [from, to), every status, along (start_at, id). */
export async function bookingPage(
  db: Db,
  businessId: number,
  from: string,
  to: string,
  after: BookingCursor | undefined,
): Promise<BookingExportRow[]> {
  const rows = await selectBookingRows(db)
    .where(
      and(
        eq(bookings.businessId, businessId),
        gte(bookings.startAt, from),
        lt(bookings.startAt, to),
        after ? sql`(${bookings.startAt}, ${bookings.id}) > (${after.startAt}::timestamp, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(bookings.startAt), asc(bookings.id))
    .limit(EXPORT_PAGE);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    startAt: row.startAt,
    endAt: row.endAt,
    priceSnapshot: row.priceSnapshot,
    notes: row.notes,
    serviceName: row.service.name,
    masterName: row.master.name,
    clientFirstName: row.client.firstName,
    clientPhone: row.client.phone,
    visitId: row.visitId,
  }));
}

export async function countBookingsIn(db: Db, businessId: number, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(bookings)
    .where(and(eq(bookings.businessId, businessId), gte(bookings.startAt, from), lt(bookings.startAt, to)));
  return Number(row?.total ?? 0);
}
