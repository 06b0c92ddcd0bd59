/** The owner's side of reschedule proposals (PROVIDER_WEB): propose a new time, list a booking's proposals. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.js';
import { findOwnBooking, findOwnBusiness, type OwnBookingRef } from '../own-booking.js';
import { listProposals, proposalBody } from './proposals.queries.js';
import { expireLapsedProposals, proposeReschedule } from './reschedule.service.js';

/** Proposes the new time of the booking the request names (a master's token: theirs only, another's is 404, CONTRACT.md §16). */
export async function proposeNewTime(
  ctx: Pick<AppContext, 'db' | 'time' | 'notifier'>,
  log: FastifyBaseLogger,
  ref: OwnBookingRef,
  proposed: { date: string; time: string },
) {
  const booking = await findOwnBooking(ctx.db, ref.businessId, ref.id, ref.masterId);
  const business = await findOwnBusiness(ctx.db, booking.businessId);
  const { proposal, notified } = await proposeReschedule(ctx, log, business, booking, { ...proposed, by: 'PROVIDER_WEB' });
  return { proposal: proposalBody(proposal), notified };
}

/** The booking's proposals, newest first, lapsed PENDING ones expired first. */
export async function listBookingProposals(ctx: Pick<AppContext, 'db' | 'time'>, ref: OwnBookingRef) {
  const booking = await findOwnBooking(ctx.db, ref.businessId, ref.id, ref.masterId);
  await expireLapsedProposals(ctx, booking.id);
  return (await listProposals(ctx.db, booking.id)).map(proposalBody);
}
