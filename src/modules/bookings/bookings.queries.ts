import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { AVAILABILITY_CHANNEL, BOOKING_CHANNEL } from '../../db/channels.js';
import type { Db } from '../../db/client.js';
import { preparedSql } from '../../db/prepared.js';
import { inlineValue } from '../../db/inline.js';
import { selectBookingRows } from '../../db/booking-rows.js';
import { businessIdsNamedLike } from '../catalog/business.queries.js';
import { bookings, clients, deletedBookings, idempotencyKeys, type BookingStatus } from '../../db/schema.js';
import { appendedClientNotes } from './client-record.js';
import { addDays, fromDbTimestamp, type NaiveDateTime } from '../../core/wallclock.js';
import type { BookingView } from './view.js';

export interface Page {
  limit?: number;
  offset?: number;
}

const selectViews = selectBookingRows;

const normalizeView = (row: BookingView): BookingView => ({
  ...row,
  startAt: fromDbTimestamp(row.startAt),
  endAt: fromDbTimestamp(row.endAt),
  createdAt: fromDbTimestamp(row.createdAt),
  updatedAt: fromDbTimestamp(row.updatedAt),
});

/** A booking by id, only within the given business (another business's booking is not found). */
export async function findBookingView(db: Db, id: string, businessId?: number): Promise<BookingView | undefined> {
  const where = businessId === undefined ? eq(bookings.id, id) : and(eq(bookings.id, id), eq(bookings.businessId, businessId));
  const [row] = await selectViews(db).where(where).limit(1);
  return row ? normalizeView(row) : undefined;
}

export interface BookingFilter {
  businessId?: number;
  from?: string; // naive date-time, inclusive
  to?: string; // naive date-time, exclusive
  status?: BookingStatus;
  masterId?: number;
  /** CONTRACT.md §13: that client's bookings only. */
  clientId?: number;
  /** CONTRACT.md §14: changed at or after this naive date-time; the list is then ordered by updated_at, id. */
  updatedSince?: NaiveDateTime;
  /** The business's name or slug contains this (the super admin's search). */
  businessText?: string;
}

function filterConditions(filter: BookingFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.businessId !== undefined) conditions.push(eq(bookings.businessId, filter.businessId));
  if (filter.from) conditions.push(gte(bookings.startAt, filter.from));
  if (filter.to) conditions.push(lt(bookings.startAt, filter.to));
  if (filter.status) conditions.push(eq(bookings.status, filter.status));
  if (filter.masterId !== undefined) conditions.push(eq(bookings.masterId, filter.masterId));
  if (filter.clientId !== undefined) conditions.push(eq(bookings.clientId, filter.clientId));
  if (filter.updatedSince) conditions.push(gte(bookings.updatedAt, filter.updatedSince));
  if (filter.businessText) conditions.push(sql`${bookings.businessId} IN (${businessIdsNamedLike(filter.businessText)})`);
  return and(...conditions);
}

const listOrder = [asc(bookings.startAt), asc(bookings.createdAt), asc(bookings.id)];
/** The sync order (CONTRACT.md §14), along bookings_business_updated_idx. */
const syncOrder = [asc(bookings.updatedAt), asc(bookings.id)];

/**
 * `page` (CONTRACT.md §12): limit and offset over one stable order; without them, every booking.
 * The page's ids are found first on bookings alone, along the index that holds this order
 * (bookings_business_list_idx), and only those rows are joined: a deep offset skips index
 * entries instead of joined rows.
 */
export async function listBookingViews(db: Db, filter: BookingFilter, page?: Page): Promise<BookingView[]> {
  const order = filter.updatedSince === undefined ? listOrder : syncOrder;
  const ids = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(filterConditions(filter))
    .orderBy(...order)
    .$dynamic();
  if (page?.limit !== undefined) ids.limit(page.limit);
  if (page?.offset) ids.offset(page.offset);
  const rows = await selectViews(db)
    .where(inArray(bookings.id, ids))
    .orderBy(...order);
  return rows.map(normalizeView);
}

/** The client card's history (CONTRACT.md §13): the client's newest `limit` bookings, newest start first. */
export async function clientBookingViews(db: Db, businessId: number, clientId: number, limit: number): Promise<BookingView[]> {
  const rows = await selectViews(db)
    .where(and(eq(bookings.businessId, businessId), eq(bookings.clientId, clientId)))
    .orderBy(desc(bookings.startAt), desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);
  return rows.map(normalizeView);
}

export async function countBookings(db: Db, filter: BookingFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(bookings).where(filterConditions(filter));
  return Number(row?.total ?? 0);
}

/*
 * Every write of a booking sets updated_at from the app's clock (`now`, CONTRACT.md §14): the clock
 * tests set, not the database's, so a sync client reads the same times the rest of the API answers.
 */

export async function setBookingStatus(db: Db, id: string, status: BookingStatus, now: NaiveDateTime): Promise<void> {
  await db.update(bookings).set({ status, updatedAt: now }).where(eq(bookings.id, id));
}

/** Conditional on the booking still being pending, so two racing decisions cannot both win. */
export function setStatusIfPending(db: Db, id: string, status: BookingStatus, now: NaiveDateTime): Promise<boolean> {
  return setStatusIfIn(db, id, status, now, ['pending']);
}

/** Conditional on the booking's status still being one of `from`; false when it no longer is (a change raced in). */
export async function setStatusIfIn(
  db: Db,
  id: string,
  status: BookingStatus,
  now: NaiveDateTime,
  from: readonly BookingStatus[],
): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ status, updatedAt: now })
    .where(and(eq(bookings.id, id), inArray(bookings.status, [...from])))
    .returning({ id: bookings.id });
  return rows.length > 0;
}

export interface Move {
  startAt: NaiveDateTime;
  endAt: NaiveDateTime;
  /** Another master, or undefined to keep it. */
  masterId?: number;
}

/** New start and end, and with `masterId` another master: they change together. */
export async function moveBooking(db: Db, id: string, move: Move, now: NaiveDateTime): Promise<void> {
  const { startAt, endAt, masterId } = move;
  await db
    .update(bookings)
    .set(masterId === undefined ? { startAt, endAt, updatedAt: now } : { startAt, endAt, masterId, updatedAt: now })
    .where(eq(bookings.id, id));
}

/**
 * The client's accepted proposal: moves the booking only while it is still pending or confirmed (a
 * cancellation racing the answer wins); false when it no longer is.
 */
export async function moveIfReschedulable(db: Db, id: string, move: Move, now: NaiveDateTime): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ startAt: move.startAt, endAt: move.endAt, updatedAt: now })
    .where(and(eq(bookings.id, id), inArray(bookings.status, ['pending', 'confirmed'])))
    .returning({ id: bookings.id });
  return rows.length > 0;
}

/** How long GET /bookings/deleted remembers a deleted booking (docs/decisions/0021-incremental-sync.md). */
export const DELETED_KEPT_DAYS = 90;

/**
 * Removes the booking and leaves its tombstone for GET /bookings/deleted, in one statement (atomic by
 * itself); the business's tombstones older than DELETED_KEPT_DAYS go at the same time.
 */
export async function deleteBooking(db: Db, id: string, now: NaiveDateTime): Promise<void> {
  const cutoff = `${addDays(now.slice(0, 10), -DELETED_KEPT_DAYS)}${now.slice(10)}`;
  await db.execute(sql`
    WITH gone AS (
      DELETE FROM ${bookings} WHERE id = ${id} RETURNING id, business_id
    ), pruned AS (
      DELETE FROM ${deletedBookings} WHERE business_id IN (SELECT business_id FROM gone) AND deleted_at < ${cutoff}::timestamp
    )
    INSERT INTO ${deletedBookings} (id, business_id, deleted_at)
    SELECT id, business_id, ${now}::timestamp FROM gone
    ON CONFLICT (id) DO NOTHING`);
}

export interface DeletedBooking {
  id: string;
  deletedAt: NaiveDateTime;
}

const deletedFilter = (businessId: number, since: NaiveDateTime | undefined): SQL | undefined =>
  and(eq(deletedBookings.businessId, businessId), since === undefined ? undefined : gte(deletedBookings.deletedAt, since));

/** GET /bookings/deleted: the business's tombstones deleted at or after `since`, oldest first. */
export async function listDeletedBookings(
  db: Db,
  businessId: number,
  since: NaiveDateTime | undefined,
  page: Required<Page>,
): Promise<DeletedBooking[]> {
  const rows = await db
    .select({ id: deletedBookings.id, deletedAt: deletedBookings.deletedAt })
    .from(deletedBookings)
    .where(deletedFilter(businessId, since))
    .orderBy(asc(deletedBookings.deletedAt), asc(deletedBookings.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({ id: row.id, deletedAt: fromDbTimestamp(row.deletedAt) }));
}

export async function countDeletedBookings(db: Db, businessId: number, since: NaiveDateTime | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(deletedBookings).where(deletedFilter(businessId, since));
  return Number(row?.total ?? 0);
}

export interface BookingInsert {
  businessId: number;
  serviceId: number;
  masterId: number;
  startAt: string;
  endAt: string;
  priceSnapshot: number;
  notes: string | null;
  /** pending for a client's booking, confirmed for one the owner enters (CONTRACT.md §12). */
  status?: 'pending' | 'confirmed';
  client: { phone: string; firstName: string };
  /** created_at and updated_at, from the app's clock. */
  now: NaiveDateTime;
  /** Idempotency-Key and the request's hash: remembered with the booking, in the same statement. */
  idempotency?: { key: string; requestHash: string };
  /** The Telegram user who booked from the mini app (CONTRACT.md §18). */
  telegramUserId?: string;
  /** CONTRACT.md §20: the visit it is an item of. */
  visitId?: string;
  /** What the client's notes get appended (SPEC.md rule 6); `notes` when not given (a visit appends its notes once). */
  clientNotes?: string | null;
}

export interface InsertedBooking {
  id: string;
  client: { id: number; phone: string; firstName: string };
}

/**
 * SPEC.md rules 6-8 of booking creation in one statement: the client upsert
 * (notes appended), the pending booking and, with an Idempotency-Key, its
 * record. One statement is atomic by itself, so no BEGIN/COMMIT round trips
 * (4 round trips became 1, the write path's largest cost); a duplicate key fails all of it, as the
 * transaction did. Column names are spelled out: an INSERT's column list
 * cannot take drizzle's qualified column references. It turns the bookings triggers' NOTIFY off for
 * its own transaction (drizzle/0010: the notify lock would make every booking's commit wait for the
 * one before); the caller announces the booking with `announceNewBooking` once it is committed.
 */
const p = sql.placeholder;

/** Prepared once per connection: parsing and planning three inserts was a fifth of PostgreSQL's time per booking. */
const insertBookingStatement = preparedSql<{ id: string; client_id: number; phone: string; first_name: string }>(
  'public_booking_insert',
  sql`
    WITH client AS (
      INSERT INTO ${clients} (business_id, phone, first_name, notes)
      VALUES (${p('businessId')}, ${p('phone')}, ${p('firstName')}, ${p('clientNotes')})
      ON CONFLICT (business_id, phone) DO UPDATE SET first_name = excluded.first_name, notes = ${appendedClientNotes}
      RETURNING id, phone, first_name
    ), booking AS (
      INSERT INTO ${bookings} (business_id, service_id, master_id, client_id, status, start_at, end_at, price_snapshot, notes,
        created_at, updated_at, telegram_user_id, visit_id)
      SELECT ${p('businessId')}, ${p('serviceId')}, ${p('masterId')}, client.id, ${p('status')},
        ${p('startAt')}::timestamp, ${p('endAt')}::timestamp, ${p('priceSnapshot')}, ${p('notes')},
        ${p('now')}::timestamp, ${p('now')}::timestamp, ${p('telegramUserId')}::text, ${p('visitId')}::uuid
      -- Set before the row is written: an AFTER trigger's WHEN is read as each row is written.
      FROM client WHERE set_config('app.notify_after_commit', 'on', true) = 'on'
      RETURNING id
    ), remembered AS (
      INSERT INTO ${idempotencyKeys} (business_id, key, request_hash, booking_id)
      SELECT ${p('businessId')}, ${p('key')}::text, ${p('requestHash')}::text, booking.id
      FROM booking WHERE ${p('key')}::text IS NOT NULL
    )
    SELECT booking.id, client.id AS client_id, client.phone, client.first_name FROM booking CROSS JOIN client`,
);

export async function insertBooking(db: Db, values: BookingInsert): Promise<InsertedBooking> {
  const [row] = await insertBookingStatement(db).execute({
    businessId: values.businessId,
    phone: values.client.phone,
    firstName: values.client.firstName,
    notes: values.notes,
    clientNotes: values.clientNotes === undefined ? values.notes : values.clientNotes,
    visitId: values.visitId ?? null,
    serviceId: values.serviceId,
    masterId: values.masterId,
    status: values.status ?? 'pending',
    startAt: values.startAt,
    endAt: values.endAt,
    priceSnapshot: values.priceSnapshot,
    now: values.now,
    key: values.idempotency?.key ?? null,
    requestHash: values.idempotency?.requestHash ?? null,
    telegramUserId: values.telegramUserId ?? null,
  });
  return { id: row!.id, client: { id: Number(row!.client_id), phone: row!.phone, firstName: row!.first_name } };
}

const announceStatement = preparedSql(
  'booking_announce',
  sql`SELECT pg_notify(${AVAILABILITY_CHANNEL}, ${p('slots')}), pg_notify(${BOOKING_CHANNEL}, ${p('change')})`,
);

/** A new booking as GET /events hears of it (drizzle/0008's payload). */
interface AnnouncedBooking {
  businessId: number;
  id: string;
  status: BookingStatus;
  visitId?: string | null;
}

const createdChange = (booking: AnnouncedBooking): string =>
  JSON.stringify({
    business_id: booking.businessId,
    id: booking.id,
    status: booking.status,
    change: 'created',
    visit_id: booking.visitId ?? null,
  });

/**
 * What the bookings triggers would have said of a new booking (drizzle/0008 and 0011), said after its
 * commit: the slots caches of every instance forget the business, and its open GET /events
 * streams hear of it. A transaction that writes nothing waits for no WAL flush, so it holds the notify
 * lock only for a moment.
 */
export async function announceNewBooking(db: Db, booking: AnnouncedBooking): Promise<void> {
  await announceStatement(db).execute({ slots: `slots:${booking.businessId}`, change: createdChange(booking) });
}

/**
 * The same announcement of one business's new bookings (a visit's items: one statement, the slots
 * forgotten once) with its values in its text, to go with the COMMIT (db/transaction.ts).
 */
export function newBookingsAnnouncement(businessId: number, booked: readonly AnnouncedBooking[]): SQL {
  const text = (value: string) => sql.raw(inlineValue(value));
  const notices = booked.map((booking) => sql`pg_notify(${text(BOOKING_CHANNEL)}, ${text(createdChange(booking))})`);
  return sql`SELECT pg_notify(${text(AVAILABILITY_CHANNEL)}, ${text(`slots:${businessId}`)}), ${sql.join(notices, sql`, `)}`;
}
