/** The provider's reschedule_ button and its hour (rh_) and minute (rm_) pickers: a proposal to the client. */
import { Composer, type Context } from 'grammy';
import { isDomainError } from '../../../core/errors.js';
import { addMinutes, combine, datePart, minutesBetween, timePart } from '../../../core/wallclock.js';
import { freeTimesForMove, isReschedulable, openProposal, proposeReschedule } from '../../bookings/reschedule/reschedule.service.js';
import type { BookingView } from '../../bookings/view.js';
import { visitBookings } from '../../visits/visits.queries.js';
import { freeTimesForVisitMove } from '../../visits/reschedule.js';
import type { CallbackAction } from '../callback-data.js';
import { hoursKeyboard, minutesKeyboard } from '../keyboards.js';
import {
  CANNOT_RESCHEDULE,
  chooseHourText,
  chooseMinuteText,
  NO_FREE_TIME,
  PENDING_PROPOSAL_EXISTS,
  proposalCreatedText,
  TIME_TAKEN,
} from '../messages.js';
import { onPress, refuse, type Answer } from './press.js';
import { isProviderBooking, providerBooking } from './provider-booking.js';
import { edit, say, type BotDeps } from './shared.js';

/**
 * What a reschedule moves and the start times it may move to: the booking alone, or (CONTRACT.md §20) its
 * whole visit, whose first item then stands for it (the times offered are the visit's start times).
 */
async function moving(deps: BotDeps, booking: BookingView): Promise<{ anchor: BookingView; times: string[] }> {
  const items = booking.visitId ? await visitBookings(deps.app.db, booking.businessId, booking.visitId) : [];
  if (items.length === 0) return { anchor: booking, times: await freeTimesForMove(deps.app, booking) };
  return { anchor: items[0]!, times: await freeTimesForVisitMove(deps.app, items) };
}

/** reschedule_ → free hours of the booking's date (3 per row), in a new message. */
async function startReschedule(deps: BotDeps, tg: Context, bookingId: string): Promise<Answer> {
  const found = await providerBooking(deps, tg, bookingId);
  if (!isProviderBooking(found)) return found;
  const { booking } = found;
  if (!isReschedulable(booking.status)) return refuse(CANNOT_RESCHEDULE);
  if (await openProposal(deps.app, booking)) return refuse(PENDING_PROPOSAL_EXISTS);
  const { anchor, times } = await moving(deps, booking);
  if (times.length === 0) return refuse(NO_FREE_TIME);
  await say(deps, tg, chooseHourText(anchor), { reply_markup: hoursKeyboard(booking.id, times) });
  return undefined;
}

/** rh_ → the free minutes of that hour; rm_ → the proposal (PROVIDER_BOT, same date). */
async function pickTime(deps: BotDeps, tg: Context, action: Extract<CallbackAction, { kind: 'hour' | 'minute' }>): Promise<Answer> {
  const found = await providerBooking(deps, tg, action.bookingId);
  if (!isProviderBooking(found)) return found;
  const { booking, business } = found;
  if (!isReschedulable(booking.status)) return refuse(CANNOT_RESCHEDULE);
  const { anchor, times } = await moving(deps, booking);
  if (times.length === 0) {
    await edit(deps, tg, NO_FREE_TIME);
    return refuse(NO_FREE_TIME);
  }
  const hour = action.kind === 'hour' ? action.hour : action.time.slice(0, 2);
  const stillFree = action.kind === 'hour' ? times.some((time) => time.startsWith(`${hour}:`)) : times.includes(action.time);
  if (!stillFree) {
    await edit(deps, tg, chooseHourText(anchor), { reply_markup: hoursKeyboard(booking.id, times) });
    return refuse(TIME_TAKEN);
  }
  if (action.kind === 'hour') {
    await edit(deps, tg, chooseMinuteText(anchor, hour), { reply_markup: minutesKeyboard(booking.id, times, hour) });
    return undefined;
  }
  const date = datePart(anchor.startAt);
  // The chosen time is the visit's new start; the pressed item keeps its place in it.
  const proposedStart = addMinutes(combine(date, action.time), minutesBetween(anchor.startAt, booking.startAt));
  try {
    const proposal = { date: datePart(proposedStart), time: timePart(proposedStart), by: 'PROVIDER_BOT' } as const;
    const { notified } = await proposeReschedule(deps.app, deps.log, business, booking, proposal);
    await edit(deps, tg, proposalCreatedText(anchor, date, action.time, notified));
    return { text: 'Предложение создано' };
  } catch (error) {
    if (isDomainError(error, 'proposal_pending')) return refuse(PENDING_PROPOSAL_EXISTS);
    if (isDomainError(error, 'not_reschedulable')) return refuse(CANNOT_RESCHEDULE);
    throw error;
  }
}

export function rescheduleHandlers(deps: BotDeps): Composer<Context> {
  const reschedule = new Composer<Context>();
  onPress(reschedule, deps, ['reschedule'], (tg, action) => startReschedule(deps, tg, action.bookingId));
  onPress(reschedule, deps, ['hour', 'minute'], (tg, action) => pickTime(deps, tg, action));
  return reschedule;
}
