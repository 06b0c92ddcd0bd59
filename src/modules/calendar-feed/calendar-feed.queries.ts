import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings, businesses, masters } from '../../db/schema.js';
import { fromDbTimestamp } from '../../core/wallclock.js';
import { occupiesTimeSql } from '../../db/booking-status.js';
import { selectBookingRows } from '../../db/booking-rows.js';
import { activeMasterOf } from '../../db/active-masters.js';

/** 32 random bytes as base64url: 43 characters of A-Z a-z 0-9 _ - (CONTRACT.md §14 asks at least 32). */
export const newCalendarToken = (): string => randomBytes(32).toString('base64url');

export const CALENDAR_TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

/**
 * The master's feed token, made on the first ask in one statement (two panels asking at once get the
 * same one); `rotate` replaces it. Undefined when the master is not an active one of this business.
 */
export async function masterCalendarToken(db: Db, businessId: number, masterId: number, rotate: boolean): Promise<string | undefined> {
  const fresh = newCalendarToken();
  const [row] = await db
    .update(masters)
    .set({ calendarToken: rotate ? fresh : sql`coalesce(${masters.calendarToken}, ${fresh})` })
    .where(activeMasterOf(businessId, masterId))
    .returning({ token: masters.calendarToken });
  return row?.token ?? undefined;
}

export interface FeedOwner {
  masterId: number;
  masterName: string;
  businessId: number;
  businessName: string;
}

/** The active master a feed token belongs to, with its business. */
export async function feedOwner(db: Db, token: string): Promise<FeedOwner | undefined> {
  const [row] = await db
    .select({ masterId: masters.id, masterName: masters.name, businessId: businesses.id, businessName: businesses.name })
    .from(masters)
    .innerJoin(businesses, eq(businesses.id, masters.businessId))
    .where(and(eq(masters.calendarToken, token), eq(masters.archived, false)))
    .limit(1);
  return row;
}

export interface FeedBooking {
  id: string;
  status: string;
  startAt: string;
  endAt: string;
  serviceName: string;
  clientFirstName: string;
  /** CONTRACT.md §20: the visit it is an item of (the description names it), null for a single booking. */
  visitId?: string | null;
}

/** The master's bookings starting in [from, to) that occupy time, at most `cap`, earliest first. */
export async function feedBookings(db: Db, owner: FeedOwner, from: string, to: string, cap: number): Promise<FeedBooking[]> {
  const rows = await selectBookingRows(db)
    .where(
      and(
        eq(bookings.masterId, owner.masterId),
        eq(bookings.businessId, owner.businessId),
        gte(bookings.startAt, from),
        lt(bookings.startAt, to),
        occupiesTimeSql(),
      ),
    )
    .orderBy(asc(bookings.startAt), asc(bookings.id))
    .limit(cap);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    startAt: fromDbTimestamp(row.startAt),
    endAt: fromDbTimestamp(row.endAt),
    serviceName: row.service.name,
    clientFirstName: row.client.firstName,
    visitId: row.visitId,
  }));
}
