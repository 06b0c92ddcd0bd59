/**
 * POST /public/{slug}/booking: the ten rules of SPEC.md "Booking creation rules", in order.
 * POST /bookings (CONTRACT.md §12) runs the same rules for a booking the owner enters.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { DomainError, invalidInput, notFound } from '../../core/errors.js';
import { assertWallClock } from '../../core/wall-clock-input.js';
import { notifySafely } from './notifier.js';
import { combine } from '../../core/wallclock.js';
import type { BusinessRow } from '../catalog/business.queries.js';
import { findService } from '../catalog/services.queries.js';
import { replayOf, requestHash, type Repeatable } from './idempotency.js';
import { normalizePhone } from '../../core/phone.js';
import { announceNewBooking, findBookingView, insertBooking, newBookingsAnnouncement, type InsertedBooking } from './bookings.queries.js';
import type { Db } from '../../db/client.js';
import { linkedMasterIds, mastersWithService, type MasterOfService } from '../catalog/masters.queries.js';
import { anyMasterCandidates } from '../../core/any-master.js';
import { bookIfFree, type FreeCandidate, type FreeChoice } from './if-free.js';
import { assertMasterDoesService } from './master-for-service.js';
import { masterForBooking } from './assign-master.js';
import { assertSlotFree } from './strict-slots.js';
import { bookingEndFor, bookingTerms, loadBookingTerms } from './timing.js';
import { bookingWindow, outsideBookingWindow } from '../../core/booking-window.js';
import type { BookingView } from './view.js';
import type { BookingLookup } from './lookup.queries.js';

export interface NewBookingInput {
  service_id: number;
  date: string;
  time: string;
  first_name: string;
  phone: string;
  master_id?: number | null;
  notes?: string | null;
  captcha_token?: string;
  /** CONTRACT.md §19: book only a free time, atomically; "any master" chosen by the server. */
  if_free?: boolean;
  /** CONTRACT.md §19: refuse (409 price_changed) a booking that would cost more. */
  max_price?: number;
}

export const NO_MASTERS = 'No masters available';

/**
 * Who made the booking: a client through the public page, or the owner (CONTRACT.md §12). One
 * Idempotency-Key namespace per business, but a key used at one entrance is a different request at the other (409).
 */
export type Entrance = 'public' | 'owner';

/** A booking as a repeat of its Idempotency-Key answers it (idempotency.ts): the first booking. */
export const repeatableBooking = (
  db: Db,
  business: BusinessRow,
  input: NewBookingInput,
  entrance: Entrance = 'public',
): Repeatable<BookingView> => ({
  db,
  businessId: business.id,
  hash: () => hashOf(input, entrance),
  answerOf: (bookingId) => findBookingView(db, bookingId, business.id),
});

/** The public hash is what it always was (keys stored before stay valid); the owner's names its entrance. */
const hashOf = ({ captcha_token: _token, ...rest }: NewBookingInput, entrance: Entrance): string =>
  requestHash(entrance === 'public' ? rest : { ...rest, entrance });

/** The service, master and provider chats already read with the business (bookings/lookup.queries.ts): not read again. */
export type KnownParts = Pick<
  BookingLookup,
  'service' | 'master' | 'override' | 'linkedMasterIds' | 'mastersOfService' | 'providerChats' | 'masterChats'
>;

export const PRICE_CHANGED = 'The price has changed since it was shown';

/** CONTRACT.md §19 "The price shown is the price charged": above the price the client saw, nothing is booked. */
function assertPriceKept(price: number, maxPrice: number | undefined): void {
  if (maxPrice !== undefined && price > maxPrice) throw new DomainError('price_changed', PRICE_CHANGED, undefined, { price });
}

/**
 * "Any master" with if_free (CONTRACT.md §19): the masters who do the service, or all of them when nobody is linked;
 * out of every active master with their link (read with the public lookup, else here).
 */
async function anyMasterOf(db: Db, businessId: number, serviceId: number, known?: readonly MasterOfService[]): Promise<FreeCandidate[]> {
  const all = known ?? (await mastersWithService(db, businessId, serviceId));
  const ids = new Set(
    anyMasterCandidates(
      all.map((master) => master.id),
      all.filter((master) => master.linked).map((master) => master.id),
    ),
  );
  const candidates = all.filter((master) => ids.has(master.id));
  if (candidates.length === 0) throw new DomainError('no_masters_available', NO_MASTERS);
  return candidates;
}

export const OUTSIDE_BOOKING_WINDOW = 'This time is outside the booking window: too soon or too far ahead';

export async function createBooking(
  ctx: Pick<AppContext, 'db' | 'notifier' | 'time'>,
  log: FastifyBaseLogger,
  business: BusinessRow,
  input: NewBookingInput,
  idempotencyKey: string | undefined,
  known?: KnownParts,
  /** The Telegram user who booked from the mini app (CONTRACT.md §18): GET /public/{slug}/my-bookings shows it to them. */
  telegramUserId?: string,
): Promise<BookingView> {
  const booking = await placeBooking(ctx, log, business, input, 'pending', idempotencyKey, known, telegramUserId);
  await notifySafely(log, 'new booking', () => ctx.notifier.newBooking(business, booking, known), undefined);
  return booking;
}

/**
 * CONTRACT.md §12: a booking the owner enters (walk-in, phone call) is confirmed at once.
 * The provider made it, so only the client hears of it, and only when already subscribed.
 */
export async function createOwnerBooking(
  ctx: Pick<AppContext, 'db' | 'notifier' | 'time'>,
  log: FastifyBaseLogger,
  business: BusinessRow,
  input: NewBookingInput,
  idempotencyKey: string | undefined,
): Promise<BookingView> {
  const booking = await placeBooking(ctx, log, business, input, 'confirmed', idempotencyKey);
  await notifySafely(log, 'owner booking', () => ctx.notifier.bookingStatusChanged(business, booking), undefined);
  return booking;
}

async function placeBooking(
  ctx: Pick<AppContext, 'db' | 'time'>,
  log: FastifyBaseLogger,
  business: BusinessRow,
  input: NewBookingInput,
  status: 'pending' | 'confirmed',
  idempotencyKey: string | undefined,
  known?: KnownParts,
  telegramUserId?: string,
): Promise<BookingView> {
  assertWallClock('wall-date', input.date, 'date');
  assertWallClock('wall-time', input.time, 'time');
  const phone = normalizePhone(input.phone);
  if (!phone) throw invalidInput('Invalid phone: expected a Kazakhstan number of 10 or 11 digits', 'phone');
  // One after the other: under a burst, parallel lookups would hold two pool connections per request.
  const service = known ? known.service : await findService(ctx.db, business.id, input.service_id);
  if (!service) throw notFound('Service');
  const named = input.master_id !== undefined && input.master_id !== null;
  const startAt = combine(input.date, input.time);
  const notes = input.notes?.trim() || null;
  const entrance: Entrance = status === 'confirmed' ? 'owner' : 'public';
  const now = ctx.time.now();
  let chosen: FreeChoice | undefined;
  let candidates: FreeCandidate[] | undefined;
  if (named || !input.if_free) {
    const found =
      known && named ? { master: known.master, picked: false } : await masterForBooking(ctx.db, business.id, service.id, input.master_id);
    if (!found.master) throw found.picked ? new DomainError('no_masters_available', NO_MASTERS) : notFound('Master');
    const master = found.master;
    if (named) assertMasterDoesService(known ? known.linkedMasterIds : await linkedMasterIds(ctx.db, business.id, service.id), master.id);
    const terms = known && named ? bookingTerms(service, known.override) : await loadBookingTerms(ctx.db, service.id, master.id);
    chosen = { master, terms };
    if (input.if_free) candidates = [{ id: master.id, name: master.name, override: { price: terms.price, duration: terms.duration } }];
  } else {
    candidates = await anyMasterOf(ctx.db, business.id, service.id, known?.mastersOfService);
  }
  // CONTRACT.md §17: the notice and the horizon limit clients; the owner's own bookings are not limited.
  if (entrance === 'public' && outsideBookingWindow(startAt, bookingWindow(now, business)))
    throw new DomainError('outside_booking_window', OUTSIDE_BOOKING_WINDOW);
  let booking: BookingView;
  try {
    const insertFor = ({ master, terms }: FreeChoice) => {
      assertPriceKept(terms.price, input.max_price);
      return {
        businessId: business.id,
        serviceId: service.id,
        masterId: master.id,
        startAt,
        endAt: bookingEndFor(startAt, terms),
        priceSnapshot: terms.price,
        notes,
        status,
        client: { phone, firstName: input.first_name.trim() },
        now,
        idempotency: idempotencyKey ? { key: idempotencyKey, requestHash: hashOf(input, entrance) } : undefined,
        telegramUserId,
      };
    };
    let placed: readonly [FreeChoice, InsertedBooking];
    if (candidates) {
      // CONTRACT.md §19 if_free: the master locked, the day read, the choice made and the booking written in one transaction.
      const ask = { business, service, date: input.date, time: input.time, now, candidates };
      // Its announcement goes with the COMMIT (one round trip on PostgreSQL).
      const announcement = ([, inserted]: readonly [FreeChoice, InsertedBooking]) =>
        newBookingsAnnouncement(business.id, [{ businessId: business.id, id: inserted.id, status }]);
      placed = await bookIfFree(ctx.db, ask, (tx, choice) => insertBooking(tx, insertFor(choice)), {
        statement: announcement,
        failed: (error) => notAnnounced(log, error),
      });
    } else {
      const choice = chosen!;
      // Strict slots lock the master and check for a clash first (before the price), so they need a transaction around both.
      const inserted = business.strictSlots
        ? await ctx.db.transaction(async (tx) => {
            await assertSlotFree(tx, choice.master.id, startAt, bookingEndFor(startAt, choice.terms), choice.terms.bufferAfter);
            return insertBooking(tx, insertFor(choice));
          })
        : await insertBooking(ctx.db, insertFor(choice));
      placed = [choice, inserted];
    }
    const [{ master, terms }, inserted] = placed;
    // The view from what this request already holds: no second read of the row just written.
    booking = {
      id: inserted.id,
      businessId: business.id,
      status,
      startAt,
      endAt: bookingEndFor(startAt, terms),
      priceSnapshot: terms.price,
      notes,
      visitId: null,
      createdAt: now,
      updatedAt: now,
      service: { id: service.id, name: service.name, duration: service.duration, price: service.price },
      master: { id: master.id, name: master.name },
      client: inserted.client,
    };
  } catch (error) {
    // The same key raced in from a parallel request: answer with the booking that won.
    if (idempotencyKey && isUniqueViolation(error)) {
      const winner = await replayOf(idempotencyKey, repeatableBooking(ctx.db, business, input, entrance));
      if (winner) return winner;
    }
    throw error;
  }
  if (!candidates) await announce(ctx, log, booking);
  return booking;
}

/**
 * Said after the commit (queries.ts insertBooking), before the client is answered, so its next
 * read on any instance sees the booking. The booking stands whatever happens here: a notice lost to a
 * failing database or a crash leaves other instances' caches stale for at most their age limit
 * (src/db/business-cache.ts MAX_ANSWER_AGE_MS).
 */
async function announce(ctx: Pick<AppContext, 'db'>, log: FastifyBaseLogger, booking: BookingView): Promise<void> {
  try {
    await announceNewBooking(ctx.db, booking);
  } catch (error) {
    notAnnounced(log, error);
  }
}

/** A lost announcement only leaves other instances' caches to age out: the booking stands. */
export function notAnnounced(log: FastifyBaseLogger, error: unknown): void {
  log.warn({ err: error }, 'a new booking was not announced: other instances keep their cached answers until these age out');
}

/** SPEC.md rule 10: always a bot deep link to client_<booking_id>. */
export function messengerUrl(botUsername: string | undefined, bookingId: string): string {
  return `https://t.me/${botUsername ?? ''}?start=client_${bookingId}`;
}
