/** The owner's booking use cases behind provider-bookings.routes.ts (CONTRACT.md §12-§14, §16). */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { invalidInput } from '../../core/errors.js';
import { addDays, type NaiveDateTime } from '../../core/wallclock.js';
import type { BookingStatus } from '../../db/schema.js';
import { MAX_PAGE, pageTotal } from '../../http/schemas.js';
import type { ProviderAuth } from '../identity/guards.js';
import { createOwnerBooking, messengerUrl, repeatableBooking, type NewBookingInput } from './create.js';
import { withIdempotency, type Created } from './idempotency.js';
import { moveOwnBooking, type MoveInput } from './move.js';
import { findOwnBooking, findOwnBusiness, type OwnBookingRef } from './own-booking.js';
import { countBookings, countDeletedBookings, listBookingViews, listDeletedBookings } from './bookings.queries.js';
import { changeStatus, removeBooking } from './status.js';
import { bookingBody, type BookingView } from './view.js';

type Deps = Pick<AppContext, 'db' | 'notifier' | 'time'>;

export interface BookingListQuery {
  date?: string;
  date_from?: string;
  date_to?: string;
  status?: string;
  master_id?: number;
  client_id?: number;
  updated_since?: NaiveDateTime;
  limit?: number;
  offset?: number;
}

/** One page of the business's bookings and the number of all that match (X-Total-Count); a master's token sees only theirs. */
export async function listOwnBookings(
  ctx: Pick<AppContext, 'db'>,
  businessId: number,
  masterId: number | undefined,
  query: BookingListQuery,
) {
  const from = query.date_from ?? query.date;
  const to = query.date_to ?? query.date;
  const filter = {
    businessId,
    from: from ? `${from}T00:00:00` : undefined,
    to: to ? `${addDays(to, 1)}T00:00:00` : undefined,
    status: query.status as BookingStatus | undefined,
    masterId: masterId ?? query.master_id,
    clientId: query.client_id,
    updatedSince: query.updated_since,
  };
  const page = { limit: query.limit ?? MAX_PAGE, offset: query.offset };
  const bookings = await listBookingViews(ctx.db, filter, page);
  return { bookings, total: await pageTotal(bookings.length, page, () => countBookings(ctx.db, filter)) };
}

/** One page of the bookings deleted at or after `since` (CONTRACT.md §14) and the number of all of them. */
export async function listDeletedSince(
  ctx: Pick<AppContext, 'db'>,
  businessId: number,
  query: { since?: NaiveDateTime; limit?: number; offset?: number },
) {
  const page = { limit: query.limit ?? MAX_PAGE, offset: query.offset ?? 0 };
  const rows = await listDeletedBookings(ctx.db, businessId, query.since, page);
  const total = await pageTotal(rows.length, page, () => countDeletedBookings(ctx.db, businessId, query.since));
  return { deleted: rows.map((row) => ({ id: row.id, deleted_at: row.deletedAt })), total };
}

/** A booking the owner enters (CONTRACT.md §12); a retry with the same Idempotency-Key answers the first one (§14). */
export async function enterOwnerBooking(
  ctx: Deps,
  log: FastifyBaseLogger,
  provider: ProviderAuth,
  input: NewBookingInput,
  idempotencyKey: string | undefined,
): Promise<Created<BookingView>> {
  const business = await findOwnBusiness(ctx.db, provider.businessId);
  return withIdempotency(repeatableBooking(ctx.db, business, input, 'owner'), provider, idempotencyKey, (key) =>
    createOwnerBooking(ctx, log, business, input, key),
  );
}

/** The owner's answer: the booking and the client's messenger link. */
export const ownerBookingBody = (botUsername: string | undefined, booking: BookingView) => ({
  ...bookingBody(booking),
  messenger_url: messengerUrl(botUsername, booking.id),
});

export interface BookingChanges extends MoveInput {
  status?: string;
}

/** Whether the changes move the booking (a date, time or master), which a master's token may never do (CONTRACT.md §16). */
export const movesBooking = ({ date, time, master_id }: BookingChanges): boolean =>
  date !== undefined || time !== undefined || master_id !== undefined;

/** PATCH /bookings/{id}: the move first (CONTRACT.md §12), then the status (SPEC.md: any from any). */
export async function updateOwnBooking(
  ctx: Deps,
  log: FastifyBaseLogger,
  ref: OwnBookingRef,
  changes: BookingChanges,
): Promise<BookingView> {
  const { status, date, time, master_id } = changes;
  if (status === undefined && !movesBooking(changes)) throw invalidInput('Nothing to change: send status, date, time or master_id');
  let booking = await findOwnBooking(ctx.db, ref.businessId, ref.id, ref.masterId);
  if (movesBooking(changes)) {
    const business = await findOwnBusiness(ctx.db, ref.businessId);
    booking = await moveOwnBooking(ctx, log, business, booking, { date, time, master_id });
  }
  if (status !== undefined) booking = await changeStatus(ctx, log, booking, status as BookingStatus);
  return booking;
}

/** DELETE /bookings/{id}: cancelled first (the client told), then gone (SPEC.md, CONTRACT.md §14). */
export async function deleteOwnBooking(ctx: Deps, log: FastifyBaseLogger, businessId: number, id: string): Promise<void> {
  await removeBooking(ctx, log, await findOwnBooking(ctx.db, businessId, id, undefined));
}
