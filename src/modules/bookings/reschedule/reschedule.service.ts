/** SPEC.md "RescheduleProposal status": propose (web or bot), answer (client), lazy expiry. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.js';
import { isActive } from '../../../core/booking-status.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { DomainError, isDomainError } from '../../../core/errors.js';
import { assertWallClock } from '../../../core/wall-clock-input.js';
import { notifySafely, type ProposalView } from '../notifier.js';
import { addMinutes, combine, datePart, timePart, type IsoDate, type NaiveDateTime } from '../../../core/wallclock.js';
import { notBeforeNow } from '../../../core/booking-window.js';
import type { Db } from '../../../db/client.js';
import { singleMasterSlots } from '../../../core/availability.js';
import { loadMasterDay } from '../../availability/slots.service.js';
import { freeStartTimes, START_STEP } from '../../../core/start-times.js';
import { findBookingView, moveIfReschedulable } from '../bookings.queries.js';
import { assertSlotFree } from '../strict-slots.js';
import { bookingEndFor, loadBookingTerms } from '../timing.js';
import type { BookingView } from '../view.js';
import type { MoveDay } from '../free-days.js';
import { findBusinessById, type BusinessRow } from '../../catalog/business.queries.js';
import {
  expireProposals,
  findProposal,
  insertProposal,
  pendingProposal,
  pendingProposalOfVisit,
  settleProposal,
} from './proposals.queries.js';

export const PROPOSAL_LIFETIME_MINUTES = 24 * 60;
const MINUTES_IN_DAY = 1440;
export const NOT_RESCHEDULABLE = 'Only pending or confirmed bookings can be rescheduled';
export const PENDING_EXISTS = 'A pending reschedule proposal already exists for this booking';

/** Only a booking still to take place can move to another time. */
export const isReschedulable = isActive;

export interface ProposalInput {
  date: string;
  time: string;
  by: 'PROVIDER_WEB' | 'PROVIDER_BOT';
}

/** Lazy expiry (SPEC.md): no background job; a PENDING proposal past expires_at is EXPIRED when someone reads it. */
export const hasLapsed = (proposal: Pick<ProposalView, 'status' | 'expiresAt'>, now: string): boolean =>
  proposal.status === 'PENDING' && proposal.expiresAt < now;

/** Lazy expiry of every proposal of the booking, before they are read. */
export const expireLapsedProposals = (ctx: Pick<AppContext, 'db' | 'time'>, bookingId: string): Promise<void> =>
  expireProposals(ctx.db, bookingId, ctx.time.now());

/**
 * Lazy expiry, then the PENDING proposal still open for the booking, if any; for a booking of a visit,
 * the one open on any of its bookings (CONTRACT.md §20: every proposal moves the whole visit).
 */
export async function openProposal(
  ctx: Pick<AppContext, 'db' | 'time'>,
  booking: Pick<BookingView, 'id' | 'visitId'>,
): Promise<ProposalView | undefined> {
  await expireLapsedProposals(ctx, booking.id);
  const own = await pendingProposal(ctx.db, booking.id);
  if (own || !booking.visitId) return own;
  return pendingProposalOfVisit(ctx.db, booking.visitId, ctx.time.now());
}

/**
 * Creates a PENDING proposal (expires_at = now + 24 h on the wall clock) and tells the
 * client when subscribed. Refused with not_reschedulable when the booking is not
 * pending/confirmed, proposal_pending when a PENDING one exists (the partial unique
 * index settles a race).
 */
export async function proposeReschedule(
  ctx: Pick<AppContext, 'db' | 'time' | 'notifier'>,
  log: FastifyBaseLogger,
  business: BusinessRow,
  booking: BookingView,
  input: ProposalInput,
): Promise<{ proposal: ProposalView; notified: boolean }> {
  assertWallClock('wall-date', input.date, 'proposed_date');
  assertWallClock('wall-time', input.time, 'proposed_time');
  if (!isReschedulable(booking.status)) throw new DomainError('not_reschedulable', NOT_RESCHEDULABLE);
  const now = ctx.time.now();
  await expireLapsedProposals(ctx, booking.id);
  if (booking.visitId && (await pendingProposalOfVisit(ctx.db, booking.visitId, now)))
    throw new DomainError('proposal_pending', PENDING_EXISTS);
  let proposal: ProposalView;
  try {
    proposal = await insertProposal(ctx.db, {
      bookingId: booking.id,
      oldDate: datePart(booking.startAt),
      oldTime: timePart(booking.startAt),
      proposedDate: input.date,
      proposedTime: input.time,
      proposedBy: input.by,
      status: 'PENDING',
      expiresAt: addMinutes(now, PROPOSAL_LIFETIME_MINUTES),
      createdAt: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('proposal_pending', PENDING_EXISTS);
    throw error;
  }
  const notified = await notifySafely(
    log,
    'reschedule proposal',
    () => ctx.notifier.rescheduleProposed(business, booking, proposal),
    false,
  );
  return { proposal, notified };
}

/** Where a booking would move: a date and a master (the booking's own by default). */
export interface MoveTarget {
  date?: IsoDate;
  masterId?: number;
}

/**
 * Start times a booking can move to, the one rule behind the bot's reschedule offer and the panel's move
 * picker (GET /bookings/{id}/free-times): the target master's day on the date (schedule, break, time
 * off, every other booking that occupies time with its buffer; the booking itself left out, so it may
 * shift within its own time), the target master's duration and the service's buffer (CONTRACT.md §17,
 * §21), every START_STEP minutes, not before now (core notBeforeNow) and never the time it already has.
 * The owner's notice and horizon do not apply (CONTRACT.md §17: moves are not limited). By default the
 * booking's own date and master.
 */
export async function freeTimesForMove(
  ctx: Pick<AppContext, 'db' | 'time'>,
  booking: BookingView,
  target: MoveTarget = {},
): Promise<string[]> {
  const masterId = target.masterId ?? booking.master.id;
  const [day] = await freeTimesForMoveOn(ctx, booking, masterId, [target.date ?? datePart(booking.startAt)]);
  return day?.times ?? [];
}

/** freeTimesForMove on several dates of one master (the master's terms read once), in the order given, with whether they work. */
export async function freeTimesForMoveOn(
  ctx: Pick<AppContext, 'db' | 'time'>,
  booking: BookingView,
  masterId: number,
  dates: readonly IsoDate[],
): Promise<MoveDay[]> {
  const now = ctx.time.now();
  const terms = await loadBookingTerms(ctx.db, booking.service.id, masterId);
  const answers: MoveDay[] = [];
  for (const date of dates) {
    const notBefore = notBeforeNow(now, date);
    const day = await loadMasterDay(ctx.db, booking.businessId, masterId, date, booking.id);
    if (notBefore >= MINUTES_IN_DAY) {
      answers.push({ times: [], work: day.work });
      continue;
    }
    const answer = singleMasterSlots(date, day.schedule, day.bookings);
    const unchanged = masterId === booking.master.id && date === datePart(booking.startAt) ? timePart(booking.startAt) : undefined;
    const options = { step: START_STEP, notBefore, bufferAfter: terms.bufferAfter };
    answers.push({ times: freeStartTimes(answer, terms.duration, options).filter((time) => time !== unchanged), work: day.work });
  }
  return answers;
}

async function voidProposal(ctx: Pick<AppContext, 'db'>, proposalId: string): Promise<AnswerOutcome> {
  await settleProposal(ctx.db, proposalId, 'EXPIRED');
  return { kind: 'expired' };
}

export type AnswerOutcome =
  | { kind: 'not_found' }
  | { kind: 'not_yours' }
  | { kind: 'expired' }
  | { kind: 'already_answered' }
  | { kind: 'slot_taken'; business: BusinessRow }
  | { kind: 'done'; accepted: boolean; business: BusinessRow; booking: BookingView; proposal: ProposalView };

/** Whether the one answering may answer for this booking's client (the bot: a chat subscribed to it). */
export type AnswerGate = (booking: BookingView) => Promise<boolean>;

/**
 * CONTRACT.md §20: moves every booking of the booking's visit by the offset that brings the booking to
 * `startAt`, inside the caller's transaction; the booking as moved. Supplied by the visits module (a layer up).
 */
export type VisitShift = (tx: Db, booking: BookingView, startAt: NaiveDateTime, now: NaiveDateTime) => Promise<BookingView>;

/**
 * The client's ra_/rd_: accept moves the booking (no availability re-check unless strict slots), decline leaves it.
 * `mayAnswer` runs before anything else can change, so a stranger's press changes nothing (CONTRACT.md §11).
 * A booking of a visit moves with its whole visit by `shiftVisit` (CONTRACT.md §20, availability not re-checked).
 */
export async function answerProposal(
  ctx: Pick<AppContext, 'db' | 'time' | 'notifier'>,
  log: FastifyBaseLogger,
  proposalId: string,
  accept: boolean,
  mayAnswer: AnswerGate,
  shiftVisit?: VisitShift,
): Promise<AnswerOutcome> {
  const proposal = await findProposal(ctx.db, proposalId);
  if (!proposal) return { kind: 'not_found' };
  const booking = await findBookingView(ctx.db, proposal.bookingId);
  const business = booking && (await findBusinessById(ctx.db, booking.businessId));
  if (!booking || !business) return { kind: 'not_found' };
  if (!(await mayAnswer(booking))) return { kind: 'not_yours' };
  if (proposal.status === 'EXPIRED') return { kind: 'expired' };
  if (hasLapsed(proposal, ctx.time.now())) {
    await settleProposal(ctx.db, proposal.id, 'EXPIRED');
    return { kind: 'expired' };
  }
  if (proposal.status !== 'PENDING') return { kind: 'already_answered' };
  // A proposal of a booking cancelled, rejected or completed since can never be accepted: it would put an ended booking back on the calendar.
  if (!isReschedulable(booking.status)) return voidProposal(ctx, proposal.id);

  let settled: ProposalView | undefined;
  let moved = booking;
  if (accept) {
    const startAt = combine(proposal.proposedDate, proposal.proposedTime);
    const terms = await loadBookingTerms(ctx.db, booking.service.id, booking.master.id);
    const endAt = bookingEndFor(startAt, terms);
    const now = ctx.time.now();
    const visitShift = booking.visitId ? shiftVisit : undefined;
    try {
      settled = await ctx.db.transaction(async (tx) => {
        const accepted = await settleProposal(tx, proposal.id, 'ACCEPTED');
        if (!accepted) return undefined;
        if (visitShift) {
          moved = await visitShift(tx, booking, startAt, now);
          return accepted;
        }
        if (business.strictSlots) await assertSlotFree(tx, booking.master.id, startAt, endAt, terms.bufferAfter, booking.id);
        if (!(await moveIfReschedulable(tx, booking.id, { startAt, endAt }, now)))
          throw new DomainError('not_reschedulable', NOT_RESCHEDULABLE);
        moved = { ...booking, startAt, endAt, updatedAt: now };
        return accepted;
      });
    } catch (error) {
      if (isDomainError(error, 'slot_taken')) return { kind: 'slot_taken', business };
      if (isDomainError(error, 'not_reschedulable')) return voidProposal(ctx, proposal.id);
      throw error;
    }
  } else {
    settled = await settleProposal(ctx.db, proposal.id, 'DECLINED');
  }
  if (!settled) return { kind: 'already_answered' };
  await notifySafely(log, 'reschedule result', () => ctx.notifier.rescheduleAnswered(business, moved, settled), undefined);
  return { kind: 'done', accepted: accept, business, booking: moved, proposal: settled };
}
