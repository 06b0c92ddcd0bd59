/**
 * The bot's texts about a visit of several services (CONTRACT.md §20: one conversation per visit), pure, in
 * the Markdown of messages.ts: SPEC.md's headings, then the visit's items one line each. Every user value
 * goes through `line`/`md`, so a message parses whatever the names hold.
 */
import { formatPhone } from '../../core/phone.js';
import { toldStatus } from '../../core/notices.js';
import { addMinutes, combine, minutesBetween } from '../../core/wallclock.js';
import type { BookingView } from '../bookings/view.js';
import {
  clientStatusText,
  formatDate,
  formatPrice,
  line,
  lines,
  md,
  newVisitText,
  STATUS_HEADINGS,
  visitItemLines,
  when,
  type BusinessInfo,
  type ProposalInfo,
} from './messages.js';

const servicesWord = (count: number): string => (count === 1 ? 'услуга' : count < 5 ? 'услуги' : 'услуг');

/** The items (in order, at least one) as the client reads them: visit, date, one line per item, total. */
function visitLines(items: readonly BookingView[]): string {
  const total = items.reduce((sum, item) => sum + item.priceSnapshot, 0);
  return lines(
    line('Визит', `${items.length} ${servicesWord(items.length)}`),
    line('Дата', formatDate(items[0]!.startAt)),
    ...visitItemLines(items),
    line('Итого', formatPrice(total)),
  );
}

const contactBusiness = (business: BusinessInfo, ask: string): string =>
  `${ask} ${md(business.name)}${business.phone ? ` по телефону ${md(business.phone)}` : ''}`;

/** Status change of a visit's items → the client, once for all of them; null when the client hears nothing of it. */
export function visitStatusChangedText(business: BusinessInfo, items: readonly BookingView[]): string | null {
  const status = items[0] && toldStatus('client', items[0].status);
  return status ? clientStatusText(business, status, lines(line('Бизнес', business.name), visitLines(items))) : null;
}

/** The owner moved a whole visit → the client, once: the new times of every item and the old start. */
export const visitMovedText = (business: BusinessInfo, items: readonly BookingView[], previousStart: string): string =>
  lines(
    '🔄 *Запись ПЕРЕНЕСЕНА*',
    '',
    line('Бизнес', business.name),
    visitLines(items),
    line('Было', when(previousStart)),
    business.address ? line('Адрес', business.address) : null,
    '',
    `${contactBusiness(business, 'Если новое время не подходит, свяжитесь с')}.`,
  );

const clientLines = (item: BookingView): string =>
  lines(line('Клиент', item.client.firstName), line('Телефон', formatPhone(item.client.phone)));

/** A status change of a master's items of a visit → that master (CONTRACT.md §16); null when it notifies no one. */
export function masterVisitStatusChangedText(items: readonly BookingView[]): string | null {
  const status = items[0] && toldStatus('masters', items[0].status);
  return status ? lines(STATUS_HEADINGS[status], '', clientLines(items[0]!), visitLines(items)) : null;
}

/** The owner moved the visit → each master, their items. */
export const masterVisitMovedText = (items: readonly BookingView[], previousStart: string): string =>
  lines('🔄 *Запись ПЕРЕНЕСЕНА*', '', clientLines(items[0]!), visitLines(items), line('Было', when(previousStart)));

/** The provider's (or a master's) new-visit notice after a button press: same items, the decision instead of buttons. */
export function decidedVisitText(items: readonly BookingView[], status: 'confirmed' | 'cancelled'): string {
  const verdict = status === 'confirmed' ? '✅ *Вы подтвердили визит*' : '❌ *Вы отклонили визит*';
  return `${newVisitText(items)}\n\n${verdict}`;
}

/** How far a proposal moves: from its booking's old start to the proposed one, in minutes. */
const offsetOf = (proposal: ProposalInfo): number =>
  minutesBetween(combine(proposal.oldDate, proposal.oldTime), combine(proposal.proposedDate, proposal.proposedTime));

const shifted = (items: readonly BookingView[], offset: number): BookingView[] =>
  items.map((item) => ({ ...item, startAt: addMinutes(item.startAt, offset), endAt: addMinutes(item.endAt, offset) }));

/** A proposal on a visit (its items where they stand) → the client: the whole visit moves by the same offset. */
export function visitRescheduleProposedText(business: BusinessInfo, items: readonly BookingView[], proposal: ProposalInfo): string {
  const moved = shifted(items, offsetOf(proposal));
  return lines(
    '🔄 *Предложение перенести запись*',
    '',
    `${md(business.name)} предлагает перенести ваш визит целиком.`,
    '',
    line('Было', when(items[0]!.startAt)),
    line('Предлагается', when(moved[0]!.startAt)),
    ...visitItemLines(moved),
    '',
    `Ответьте до ${md(when(proposal.expiresAt))}.`,
  );
}

/** The client's message after answering a visit's proposal (buttons removed); `items` as they stand after the answer. */
export const visitProposalAnsweredForClientText = (business: BusinessInfo, items: readonly BookingView[], accepted: boolean): string =>
  lines(
    accepted ? '✅ *Вы приняли перенос*' : '❌ *Вы отклонили перенос*',
    '',
    line('Бизнес', business.name),
    line(accepted ? 'Новое время' : 'Время записи', when(items[0]!.startAt)),
    ...visitItemLines(items),
  );

/** A visit's reschedule result → the provider (and the visit's masters); `items` as they stand after the answer. */
export function visitRescheduleAnsweredText(items: readonly BookingView[], proposal: ProposalInfo, accepted: boolean): string {
  const who = clientLines(items[0]!);
  return accepted
    ? lines('✅ *Клиент подтвердил перенос*', '', who, line('Новое время', when(items[0]!.startAt)), ...visitItemLines(items))
    : lines(
        '❌ *Клиент отклонил перенос*',
        '',
        who,
        line('Предлагалось', when(shifted(items.slice(0, 1), offsetOf(proposal))[0]!.startAt)),
        line('Текущее время', when(items[0]!.startAt)),
        ...visitItemLines(items),
      );
}
