/**
 * Inline buttons (SPEC.md "Callback data"). Every press is answered exactly once,
 * also when the data is unknown or a handler fails, so no client keeps spinning.
 */
import { and, eq } from 'drizzle-orm';
import { Composer, type Context } from 'grammy';
import { bookings } from '../../../db/schema.js';
import { isDomainError } from '../../../core/errors.js';
import { notifySafely } from '../../../notifications/notifier.js';
import { datePart } from '../../../time/wallclock.js';
import { findBookingView } from '../../bookings/queries.js';
import type { BookingView } from '../../bookings/view.js';
import { findBusinessById, type BusinessRow } from '../../catalog/business.queries.js';
import { answerProposal, freeTimesForMove, isReschedulable, openProposal, proposeReschedule } from '../../reschedule/service.js';
import { parseCallbackData, type CallbackAction } from '../callback-data.js';
import { hoursKeyboard, minutesKeyboard } from '../keyboards.js';
import { chatFollowsBooking } from '../subscriptions.js';
import {
  ALREADY_HANDLED,
  BOOKING_NOT_FOUND,
  CANNOT_RESCHEDULE,
  chooseHourText,
  chooseMinuteText,
  decidedBookingText,
  NO_FREE_TIME,
  NOT_ALLOWED,
  PENDING_PROPOSAL_EXISTS,
  PROPOSAL_ALREADY_ANSWERED,
  PROPOSAL_EXPIRED,
  PROPOSAL_NOT_FOUND,
  proposalAnsweredForClientText,
  proposalCreatedText,
  TIME_TAKEN,
} from '../messages.js';
import { attempt, chatIdOf, edit, say, type BotDeps } from './shared.js';

export const SOMETHING_WENT_WRONG = 'Не получилось, попробуйте ещё раз';
export const SLOT_TAKEN_FOR_CLIENT = 'Это время уже занято. Свяжитесь с бизнесом, чтобы выбрать другое';

/** What the press answers: a short text in the callback answer (alert for refusals). */
type Answer = { text?: string; alert?: boolean } | undefined;
const refuse = (text: string): Answer => ({ text, alert: true });

interface ProviderBooking {
  booking: BookingView;
  business: BusinessRow;
}

/** SPEC.md Authentication 5: a provider button counts only from the chat linked to the booking's business. */
async function providerBooking(deps: BotDeps, tg: Context, bookingId: string): Promise<ProviderBooking | Answer> {
  const booking = await findBookingView(deps.app.db, bookingId);
  const business = booking && (await findBusinessById(deps.app.db, booking.businessId));
  if (!booking || !business) return refuse(BOOKING_NOT_FOUND);
  if (!business.messengerChatId || business.messengerChatId !== chatIdOf(tg)) {
    deps.log.warn({ bookingId }, 'bot button pressed from a chat not linked to the business; ignored');
    return refuse(NOT_ALLOWED);
  }
  return { booking, business };
}

const isProviderBooking = (value: ProviderBooking | Answer): value is ProviderBooking => value !== undefined && 'booking' in value;

/** Conditional, so two presses racing cannot both decide the booking. */
async function settlePending(deps: BotDeps, bookingId: string, status: 'confirmed' | 'cancelled'): Promise<boolean> {
  const rows = await deps.app.db
    .update(bookings)
    .set({ status })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'pending')))
    .returning({ id: bookings.id });
  return rows.length > 0;
}

/** confirm_ → confirmed, reject_ → cancelled (never rejected); only from pending. */
async function decide(deps: BotDeps, tg: Context, bookingId: string, status: 'confirmed' | 'cancelled'): Promise<Answer> {
  const found = await providerBooking(deps, tg, bookingId);
  if (!isProviderBooking(found)) return found;
  const { booking, business } = found;
  if (booking.status !== 'pending' || !(await settlePending(deps, booking.id, status))) return refuse(ALREADY_HANDLED);
  const decided: BookingView = { ...booking, status };
  await edit(deps, tg, decidedBookingText(decided, status));
  await notifySafely(deps.log, 'status change', () => deps.app.notifier.bookingStatusChanged(business, decided), undefined);
  return { text: status === 'confirmed' ? 'Запись подтверждена' : 'Запись отклонена' };
}

/** reschedule_ → free hours of the booking's date (3 per row), in a new message. */
async function startReschedule(deps: BotDeps, tg: Context, bookingId: string): Promise<Answer> {
  const found = await providerBooking(deps, tg, bookingId);
  if (!isProviderBooking(found)) return found;
  const { booking } = found;
  if (!isReschedulable(booking.status)) return refuse(CANNOT_RESCHEDULE);
  if (await openProposal(deps.app, booking.id)) return refuse(PENDING_PROPOSAL_EXISTS);
  const times = await freeTimesForMove(deps.app, booking);
  if (times.length === 0) return refuse(NO_FREE_TIME);
  await say(deps, tg, chooseHourText(booking), { reply_markup: hoursKeyboard(booking.id, times) });
  return undefined;
}

/** rh_ → the free minutes of that hour; rm_ → the proposal (PROVIDER_BOT, same date). */
async function pickTime(deps: BotDeps, tg: Context, action: Extract<CallbackAction, { kind: 'hour' | 'minute' }>): Promise<Answer> {
  const found = await providerBooking(deps, tg, action.bookingId);
  if (!isProviderBooking(found)) return found;
  const { booking, business } = found;
  if (!isReschedulable(booking.status)) return refuse(CANNOT_RESCHEDULE);
  const times = await freeTimesForMove(deps.app, booking);
  if (times.length === 0) {
    await edit(deps, tg, NO_FREE_TIME);
    return refuse(NO_FREE_TIME);
  }
  const hour = action.kind === 'hour' ? action.hour : action.time.slice(0, 2);
  const stillFree = action.kind === 'hour' ? times.some((time) => time.startsWith(`${hour}:`)) : times.includes(action.time);
  if (!stillFree) {
    await edit(deps, tg, chooseHourText(booking), { reply_markup: hoursKeyboard(booking.id, times) });
    return refuse(TIME_TAKEN);
  }
  if (action.kind === 'hour') {
    await edit(deps, tg, chooseMinuteText(booking, hour), { reply_markup: minutesKeyboard(booking.id, times, hour) });
    return undefined;
  }
  const date = datePart(booking.startAt);
  try {
    const { notified } = await proposeReschedule(deps.app, deps.log, business, booking, { date, time: action.time, by: 'PROVIDER_BOT' });
    await edit(deps, tg, proposalCreatedText(booking, date, action.time, notified));
    return { text: 'Предложение создано' };
  } catch (error) {
    if (isDomainError(error, 'proposal_pending')) return refuse(PENDING_PROPOSAL_EXISTS);
    if (isDomainError(error, 'not_reschedulable')) return refuse(CANNOT_RESCHEDULE);
    throw error;
  }
}

/** ra_ / rd_: the client's answer, only from a chat subscribed to that booking (CONTRACT.md §11). */
async function answer(deps: BotDeps, tg: Context, proposalId: string, accept: boolean): Promise<Answer> {
  const chatId = chatIdOf(tg);
  const fromClientChat = async (booking: BookingView) => chatId !== undefined && chatFollowsBooking(deps.app.db, chatId, booking);
  const outcome = await answerProposal(deps.app, deps.log, proposalId, accept, fromClientChat);
  const dropButtons = () => attempt(deps.log, 'editMessageReplyMarkup', () => tg.editMessageReplyMarkup());
  switch (outcome.kind) {
    case 'not_found':
      return refuse(PROPOSAL_NOT_FOUND);
    case 'not_yours':
      deps.log.warn({ proposalId }, 'reschedule answer from a chat not subscribed to the booking; ignored');
      return refuse(BOOKING_NOT_FOUND);
    case 'expired':
      await dropButtons();
      return refuse(PROPOSAL_EXPIRED);
    case 'already_answered':
      await dropButtons();
      return refuse(PROPOSAL_ALREADY_ANSWERED);
    case 'slot_taken':
      return refuse(SLOT_TAKEN_FOR_CLIENT);
    case 'done':
      await edit(deps, tg, proposalAnsweredForClientText(outcome.business, outcome.booking, outcome.proposal, outcome.accepted));
      return { text: outcome.accepted ? 'Перенос принят' : 'Перенос отклонён' };
  }
}

function dispatch(deps: BotDeps, tg: Context, action: CallbackAction): Promise<Answer> {
  switch (action.kind) {
    case 'confirm':
      return decide(deps, tg, action.bookingId, 'confirmed');
    case 'reject':
      return decide(deps, tg, action.bookingId, 'cancelled');
    case 'reschedule':
      return startReschedule(deps, tg, action.bookingId);
    case 'hour':
    case 'minute':
      return pickTime(deps, tg, action);
    case 'accept':
      return answer(deps, tg, action.proposalId, true);
    case 'decline':
      return answer(deps, tg, action.proposalId, false);
  }
}

export function callbackHandlers(deps: BotDeps): Composer<Context> {
  const callbacks = new Composer<Context>();
  // Also the catch-all: unknown data and data-less presses are answered without text.
  callbacks.on('callback_query', async (tg) => {
    const data = tg.callbackQuery.data;
    const action = typeof data === 'string' ? parseCallbackData(data) : undefined;
    let reply: Answer;
    try {
      reply = action ? await dispatch(deps, tg, action) : undefined;
    } catch (error) {
      deps.log.error({ err: error, kind: action?.kind }, 'bot button handler failed');
      reply = refuse(SOMETHING_WENT_WRONG);
    }
    await attempt(deps.log, 'answerCallbackQuery', () =>
      tg.answerCallbackQuery(reply?.text ? { text: reply.text, show_alert: reply.alert ?? false } : undefined),
    );
  });
  return callbacks;
}
