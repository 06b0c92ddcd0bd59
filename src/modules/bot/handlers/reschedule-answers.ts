/** The client's ra_ (accept) / rd_ (decline) buttons on a reschedule proposal. */
import { Composer, type Context } from 'grammy';
import type { BookingView } from '../../bookings/view.js';
import { answerProposal } from '../../bookings/reschedule/reschedule.service.js';
import {
  BOOKING_NOT_FOUND,
  PROPOSAL_ALREADY_ANSWERED,
  PROPOSAL_EXPIRED,
  PROPOSAL_NOT_FOUND,
  proposalAnsweredForClientText,
} from '../messages.js';
import { chatSpeaksForClient } from '../recipients.js';
import { shiftVisit } from '../../visits/manage.js';
import { visitBookings } from '../../visits/visits.queries.js';
import { visitProposalAnsweredForClientText } from '../visit-messages.js';
import { onPress, refuse, type Answer } from './press.js';
import { attempt, chatIdOf, edit, type BotDeps } from './shared.js';

export const SLOT_TAKEN_FOR_CLIENT = 'Это время уже занято. Свяжитесь с бизнесом, чтобы выбрать другое';

/** ra_ / rd_: the client's answer, only from a chat subscribed to that booking (CONTRACT.md §11). */
async function answer(deps: BotDeps, tg: Context, proposalId: string, accept: boolean): Promise<Answer> {
  const chatId = chatIdOf(tg);
  const fromClientChat = async (booking: BookingView) => chatId !== undefined && chatSpeaksForClient(deps.app.db, chatId, booking);
  const outcome = await answerProposal(deps.app, deps.log, proposalId, accept, fromClientChat, shiftVisit);
  const dropButtons = () => attempt(deps.log, 'editMessageReplyMarkup', () => tg.editMessageReplyMarkup());
  switch (outcome.kind) {
    case 'not_found':
      return refuse(PROPOSAL_NOT_FOUND);
    case 'not_yours':
      deps.log.warn('reschedule answer from a chat not subscribed to the booking; ignored');
      return refuse(BOOKING_NOT_FOUND);
    case 'expired':
      await dropButtons();
      return refuse(PROPOSAL_EXPIRED);
    case 'already_answered':
      await dropButtons();
      return refuse(PROPOSAL_ALREADY_ANSWERED);
    case 'slot_taken':
      return refuse(SLOT_TAKEN_FOR_CLIENT);
    case 'done': {
      const { business, booking } = outcome;
      const visit = booking.visitId ? await visitBookings(deps.app.db, booking.businessId, booking.visitId) : [];
      await edit(
        deps,
        tg,
        visit.length > 0
          ? visitProposalAnsweredForClientText(business, visit, outcome.accepted)
          : proposalAnsweredForClientText(business, booking, outcome.proposal, outcome.accepted),
      );
      return { text: outcome.accepted ? 'Перенос принят' : 'Перенос отклонён' };
    }
  }
}

export function rescheduleAnswerHandlers(deps: BotDeps): Composer<Context> {
  const answers = new Composer<Context>();
  onPress(answers, deps, ['accept', 'decline'], (tg, action) => answer(deps, tg, action.proposalId, action.kind === 'accept'));
  return answers;
}
