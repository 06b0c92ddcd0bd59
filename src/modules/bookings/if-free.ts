/**
 * CONTRACT.md §19 `if_free`: a public booking made only when its master is free for [start, end + buffer),
 * by the same day and the same rule as the start times the pages offer (availability/slots.service.ts
 * loadDay + masterSlotsOf, core/start-times.ts fitsAt), and "any master" chosen by core/any-master.ts
 * pickAnyMaster. One transaction: the candidates' rows are locked first, in ascending id order (no
 * deadlock between two requests), then the day is read, so the check and the insert are one step.
 */
import type { Db } from '../../db/client.js';
import type { AfterCommit } from '../../db/transaction.js';
import { pickAnyMaster, startTimesOfAny, type MasterWindow } from '../../core/any-master.js';
import { DomainError } from '../../core/errors.js';
import { fitsAt, nearestTimes, START_STEP } from '../../core/start-times.js';
import { toMinutes, type IsoDate, type NaiveDateTime } from '../../core/wallclock.js';
import { notBeforeNow } from '../../core/booking-window.js';
import type { TermsOverride } from '../../core/master-terms.js';
import type { BusinessRow } from '../catalog/business.queries.js';
import type { ServiceView } from '../catalog/services.queries.js';
import { dayFromColumns, dayRead, masterSlotsOf, openingOn } from '../availability/slots.service.js';
import type { BusinessDay } from '../availability/slots.queries.js';
import { SLOT_TAKEN } from './strict-slots.js';
import { withMastersLocked } from './master-lock.js';
import { bookingTerms, type BookingTerms } from './timing.js';

/** How many free times a refusal offers instead. */
export const FREE_TIMES_OFFERED = 6;

/** A master who may take the booking, with their own terms of the service. */
export interface FreeCandidate {
  id: number;
  name: string;
  override: TermsOverride;
}

export interface FreeChoice {
  master: { id: number; name: string };
  terms: BookingTerms;
}

export interface FreeTimeAsk {
  business: BusinessRow;
  service: ServiceView;
  date: IsoDate;
  time: string;
  now: NaiveDateTime;
  /** One (a named master) or several ("any master", ascending ids). */
  candidates: readonly FreeCandidate[];
}

/** `book` runs with the master chosen at that time, under the lock the choice was made by; `after` once it committed. */
export function bookIfFree<R>(
  db: Db,
  ask: FreeTimeAsk,
  book: (tx: Db, choice: FreeChoice) => Promise<R>,
  after?: AfterCommit<readonly [FreeChoice, R]>,
): Promise<readonly [FreeChoice, R]> {
  const ids = ask.candidates.map((candidate) => candidate.id);
  const work = async (tx: Db, read: unknown[][]) => {
    const choice = takeFreeTime(dayFromColumns(read), ask);
    return [choice, await book(tx, choice)] as const;
  };
  const read = dayRead(db, ask.business.slug, ask.date, ids.length === 1 ? ids[0] : undefined);
  return withMastersLocked(db, ids, work, { read, after });
}

/**
 * The master who takes the booking at that time: the one named, or "any master" by pickAnyMaster;
 * else 409 slot_taken with up to 6 free start times of that day, the nearest to the one asked.
 */
function takeFreeTime(day: BusinessDay | undefined, ask: FreeTimeAsk): FreeChoice {
  const { service, date, time, now } = ask;
  const opening = day ? openingOn(day, now, date) : 'closed';
  const active = new Set(day?.masterIds);
  // Nothing starts before now: a time already past is no more free than a booked one (the pages offer neither).
  const options = { notBefore: notBeforeNow(now, date), bufferAfter: service.buffer_after };
  const start = toMinutes(time);
  const seen = ask.candidates
    .filter((candidate) => active.has(candidate.id))
    .map((candidate) => {
      const terms = bookingTerms(service, candidate.override);
      const answer = masterSlotsOf(day!, date, candidate.id, opening);
      return {
        id: candidate.id,
        name: candidate.name,
        terms,
        window: { answer, duration: terms.duration } satisfies MasterWindow,
        price: terms.price,
        dayBookings: day!.bookings.filter((booking) => booking.masterId === candidate.id && booking.startAt.startsWith(date)).length,
        free: fitsAt(answer, terms.duration, start, options),
      };
    });
  const picked = pickAnyMaster(seen);
  if (picked) return { master: { id: picked.id, name: picked.name }, terms: picked.terms };
  const times = startTimesOfAny(
    seen.map((candidate) => candidate.window),
    { ...options, step: START_STEP },
  );
  throw new DomainError('slot_taken', SLOT_TAKEN, undefined, { free_times: nearestTimes(times, time, FREE_TIMES_OFFERED) });
}
