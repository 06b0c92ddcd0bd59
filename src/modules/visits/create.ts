/**
 * POST /public/{slug}/visits and POST /visits (CONTRACT.md §20): a visit of 2-5 services booked all or
 * nothing. One transaction locks every candidate master of every item (ascending ids, as §19's if_free),
 * reads the day once, places the items by core/visit-times.ts placeVisit (the rule the pages offer
 * times by) and inserts every booking through bookings/bookings.queries.ts insertBooking with one visit_id.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { anyMasterCandidates } from '../../core/any-master.js';
import { bookingWindow, notBeforeNow, outsideBookingWindow } from '../../core/booking-window.js';
import { DomainError, invalidInput, notFound } from '../../core/errors.js';
import { normalizePhone } from '../../core/phone.js';
import { nearestTimes } from '../../core/start-times.js';
import { assertWallClock } from '../../core/wall-clock-input.js';
import { addMinutes, combine, toMinutes, type IsoDate, type NaiveDateTime } from '../../core/wallclock.js';
import {
  MAX_VISIT_ITEMS,
  MAX_VISIT_MINUTES,
  placeVisit,
  visitSizeAllowed,
  visitStartTimes,
  visitTooLong,
  visitTotal,
  type PlacedItem,
  type VisitCandidate,
  type VisitItem,
} from '../../core/visit-times.js';
import type { BusinessRow } from '../catalog/business.queries.js';
import type { MasterOfService } from '../catalog/masters.queries.js';
import type { ServiceView } from '../catalog/services.queries.js';
import { START_STEP } from '../../core/start-times.js';
import { dayFromColumns, dayRead, masterSlotsOf, openingOn } from '../availability/slots.service.js';
import type { BusinessDay } from '../availability/slots.queries.js';
import { NO_MASTERS, OUTSIDE_BOOKING_WINDOW, PRICE_CHANGED } from '../bookings/create.js';
import { FREE_TIMES_OFFERED } from '../bookings/if-free.js';
import { withMastersLocked } from '../bookings/master-lock.js';
import { replayOf, requestHash, type Repeatable } from '../bookings/idempotency.js';
import { assertMasterDoesService } from '../bookings/master-for-service.js';
import { insertBooking, newBookingsAnnouncement } from '../bookings/bookings.queries.js';
import { notAnnounced } from '../bookings/create.js';
import { notifySafely, type KnownChats } from '../bookings/notifier.js';
import { SLOT_TAKEN } from '../bookings/strict-slots.js';
import { bookingTerms, type BookingTerms } from '../bookings/timing.js';
import type { BookingView } from '../bookings/view.js';
import { visitBookings, visitIdOf } from './visits.queries.js';
import { visitOf, type VisitView } from './view.js';
import { visitCatalog, type VisitCatalog } from './lookup.js';

export interface NewVisitInput {
  items: ReadonlyArray<{ service_id: number; master_id?: number | null }>;
  date: string;
  time: string;
  first_name: string;
  phone: string;
  notes?: string | null;
  captcha_token?: string;
  max_price?: number;
  /** The owner's only (POST /visits): overlaps allowed, as the owner's single bookings without strict slots. */
  force?: boolean;
}

export type VisitEntrance = 'public' | 'owner';

const VISIT_SIZE = `A visit is 2 to ${MAX_VISIT_ITEMS} services`;
const VISIT_TOO_LONG = `A visit lasts at most ${MAX_VISIT_MINUTES / 60} hours from its first start to its last end`;

/** A master who may do an item, with their terms of its service. */
interface ItemCandidate extends VisitCandidate {
  name: string;
  terms: BookingTerms;
}

interface ItemAsk {
  service: ServiceView;
  /** The masters who may do it, ascending ids; their day is read later, under the lock. */
  masters: ReadonlyArray<{ id: number; name: string; terms: BookingTerms }>;
}

/** The idempotency hash of a visit: its own namespace, apart from single bookings'. */
const hashOf = ({ captcha_token: _token, ...rest }: NewVisitInput, entrance: VisitEntrance): string =>
  requestHash({ ...rest, visit: entrance });

/** A visit as a repeat of its Idempotency-Key answers it (bookings/idempotency.ts): the visit first made. */
export const repeatableVisit = (db: Db, business: BusinessRow, input: NewVisitInput, entrance: VisitEntrance): Repeatable<VisitView> => ({
  db,
  businessId: business.id,
  hash: () => hashOf(input, entrance),
  answerOf: async (bookingId) => {
    const visitId = await visitIdOf(db, business.id, bookingId);
    const items = visitId ? await visitBookings(db, business.id, visitId) : [];
    return visitId && items.length > 0 ? visitOf(visitId, items) : undefined;
  },
});

/** Every item's service (404 when one is not the business's active service) and masters, out of the visit's catalog. */
function itemAsks(catalog: VisitCatalog, items: NewVisitInput['items']): ItemAsk[] {
  if (items.some((item) => !catalog.services.has(item.service_id))) throw notFound('Service');
  return items.map((item) => itemAsk(catalog.services.get(item.service_id)!, catalog.mastersOf.get(item.service_id)!, item));
}

/** Who may do one item: the named master (404 when not the business's active one; §19's master_not_for_service), or "any master". */
function itemAsk(service: ServiceView, all: readonly MasterOfService[], item: NewVisitInput['items'][number]): ItemAsk {
  const linked = all.filter((master) => master.linked).map((master) => master.id);
  const named = item.master_id ?? undefined;
  let ids: Set<number>;
  if (named !== undefined) {
    if (!all.some((master) => master.id === named)) throw notFound('Master');
    assertMasterDoesService(linked, named);
    ids = new Set([named]);
  } else {
    ids = new Set(
      anyMasterCandidates(
        all.map((master) => master.id),
        linked,
      ),
    );
    if (ids.size === 0) throw new DomainError('no_masters_available', NO_MASTERS);
  }
  return {
    service,
    masters: all
      .filter((master) => ids.has(master.id))
      .map((master) => ({ id: master.id, name: master.name, terms: bookingTerms(service, master.override) })),
  };
}

/** The items as the pure rule reads them: each candidate's day as /slots answers it. */
function visitItems(day: BusinessDay | undefined, date: IsoDate, asks: readonly ItemAsk[], opening: ReturnType<typeof openingOn>) {
  const active = new Set(day?.masterIds);
  return asks.map((ask): VisitItem<ItemCandidate> => ({
    bufferAfter: ask.service.buffer_after,
    candidates: ask.masters
      .filter((master) => active.has(master.id))
      .map((master) => ({
        id: master.id,
        name: master.name,
        terms: master.terms,
        price: master.terms.price,
        dayBookings: day!.bookings.filter((booking) => booking.masterId === master.id && booking.startAt.startsWith(date)).length,
        window: { answer: masterSlotsOf(day!, date, master.id, opening), duration: master.terms.duration },
      })),
  }));
}

export async function createVisit(
  ctx: Pick<AppContext, 'db' | 'notifier' | 'time'>,
  log: FastifyBaseLogger,
  business: BusinessRow,
  input: NewVisitInput,
  entrance: VisitEntrance,
  idempotencyKey: string | undefined,
  /** The mini app's user (CONTRACT.md §18): remembered with every booking of the visit for my-bookings. */
  telegramUserId?: string,
  /** What the caller already read (the public visit's cached lookup, lookup.ts); else read here. */
  known: { catalog?: VisitCatalog; chats?: KnownChats } = {},
): Promise<VisitView> {
  if (!visitSizeAllowed(input.items.length)) throw invalidInput(VISIT_SIZE, 'items');
  assertWallClock('wall-date', input.date, 'date');
  assertWallClock('wall-time', input.time, 'time');
  const phone = normalizePhone(input.phone);
  if (!phone) throw invalidInput('Invalid phone: expected a Kazakhstan number of 10 or 11 digits', 'phone');
  const asks = itemAsks(
    known.catalog ??
      (await visitCatalog(
        ctx.db,
        business.id,
        input.items.map((item) => item.service_id),
      )),
    input.items,
  );
  // Too long whoever does the items: 400 before any time is looked at.
  const shortest = asks.reduce((sum, ask) => sum + Math.min(...ask.masters.map((master) => master.terms.duration)), 0);
  if (shortest > MAX_VISIT_MINUTES) throw invalidInput(VISIT_TOO_LONG, 'items');
  const now = ctx.time.now();
  const startAt = combine(input.date, input.time);
  if (entrance === 'public' && outsideBookingWindow(startAt, bookingWindow(now, business)))
    throw new DomainError('outside_booking_window', OUTSIDE_BOOKING_WINDOW);
  const visitId = randomUUID();
  const status = entrance === 'owner' ? 'confirmed' : 'pending';
  const notes = input.notes?.trim() || null;
  const client = { phone, firstName: input.first_name.trim() };
  const lockIds = [...new Set(asks.flatMap((ask) => ask.masters.map((master) => master.id)))].sort((a, b) => a - b);
  let inserted: BookingView[];
  try {
    inserted = await withMastersLocked(
      ctx.db,
      lockIds,
      async (tx, read) => {
        const placed = placeItems(dayFromColumns(read), input, asks, entrance, now);
        const rows: BookingView[] = [];
        for (const [index, item] of placed.entries()) {
          const itemStart = addMinutes(startAt, item.start - placed[0]!.start);
          const itemEnd = addMinutes(startAt, item.end - placed[0]!.start);
          const row = await insertBooking(tx, {
            businessId: business.id,
            serviceId: asks[index]!.service.id,
            masterId: item.candidate.id,
            startAt: itemStart,
            endAt: itemEnd,
            priceSnapshot: item.candidate.price,
            notes,
            clientNotes: index === 0 ? notes : null,
            status,
            client,
            now,
            visitId,
            telegramUserId,
            idempotency: index === 0 && idempotencyKey ? { key: idempotencyKey, requestHash: hashOf(input, entrance) } : undefined,
          });
          const service = asks[index]!.service;
          rows.push({
            id: row.id,
            businessId: business.id,
            status,
            startAt: itemStart,
            endAt: itemEnd,
            priceSnapshot: item.candidate.price,
            notes,
            visitId,
            createdAt: now,
            updatedAt: now,
            service: { id: service.id, name: service.name, duration: service.duration, price: service.price },
            master: { id: item.candidate.id, name: item.candidate.name },
            client: row.client,
          });
        }
        return rows;
      },
      {
        // The day read under the lock: a visit with one master reads that master's day, not every master's bookings.
        read: dayRead(ctx.db, business.slug, input.date, lockIds.length === 1 ? lockIds[0] : undefined),
        // As a single booking's (bookings/create.ts): after the commit, with it; every item in one statement.
        after: { statement: (rows) => newBookingsAnnouncement(business.id, rows), failed: (error) => notAnnounced(log, error) },
      },
    );
  } catch (error) {
    if (idempotencyKey && isUniqueViolation(error)) {
      const winner = await replayOf(idempotencyKey, repeatableVisit(ctx.db, business, input, entrance));
      if (winner) return winner;
    }
    throw error;
  }
  // One notice per visit: the provider and each master hear of a client's visit; a client subscribed by phone of the owner's (§12).
  if (entrance === 'public') await notifySafely(log, 'new visit', () => ctx.notifier.newVisit(business, inserted, known.chats), undefined);
  else await notifySafely(log, 'owner visit', () => ctx.notifier.visitStatusChanged(business, inserted), undefined);
  return visitOf(visitId, inserted);
}

/**
 * Under the lock: the day read once, every item placed (409 slot_taken with the whole visit's free
 * times when one has nobody free), at most 12 hours (400), the total within max_price (409 price_changed).
 */
function placeItems(
  day: BusinessDay | undefined,
  input: NewVisitInput,
  asks: readonly ItemAsk[],
  entrance: VisitEntrance,
  now: NaiveDateTime,
): PlacedItem<ItemCandidate>[] {
  const date = input.date;
  // The owner is limited neither by the notice and horizon nor by "now" (CONTRACT.md §17), the client is.
  const opening = entrance === 'public' ? (day ? openingOn(day, now, date) : 'closed') : 0;
  const items = visitItems(day, date, asks, opening);
  const options = {
    notBefore: entrance === 'public' ? notBeforeNow(now, date) : undefined,
    force: input.force === true && entrance === 'owner',
  };
  const placed = items.some((item) => item.candidates.length === 0) ? undefined : placeVisit(items, toMinutes(input.time), options);
  if (!placed) {
    const times = visitStartTimes(items, { ...options, step: START_STEP });
    throw new DomainError('slot_taken', SLOT_TAKEN, undefined, { free_times: nearestTimes(times, input.time, FREE_TIMES_OFFERED) });
  }
  if (visitTooLong(placed)) throw invalidInput(VISIT_TOO_LONG, 'items');
  const total = visitTotal(placed);
  if (input.max_price !== undefined && total > input.max_price)
    throw new DomainError('price_changed', PRICE_CHANGED, undefined, { price: total });
  return placed;
}
