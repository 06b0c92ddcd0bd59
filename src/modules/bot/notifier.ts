/**
 * The Telegram side of src/modules/bookings/notifier.ts: the five notifications of
 * SPEC.md's table. A send that fails is logged and lost (no retry); nothing here
 * throws into the request that triggered it.
 */
import type { FastifyBaseLogger } from 'fastify';
import { GrammyError, type Api, type InlineKeyboard } from 'grammy';
import type { Db } from '../../db/client.js';
import type { KnownChats, Notifier, ProposalView } from '../bookings/notifier.js';
import type { BookingView } from '../bookings/view.js';
import type { BusinessRow } from '../catalog/business.queries.js';
import { bookingDecisionKeyboard, proposalKeyboard } from './keyboards.js';
import {
  bookingMovedText,
  fitMessage,
  newBookingText,
  newVisitText,
  passwordResetLinkText,
  passwordResetText,
  providerUnlinkedText,
  rescheduleAnsweredText,
  rescheduleProposedText,
  statusChangedText,
} from './messages.js';
import { PASSWORD_RESET_MINUTES } from '../accounts/password-reset.js';
import { masterChatOf } from './master-link.js';
import { masterMovedText, masterStatusChangedText, masterUnlinkedText } from './master-messages.js';
import { activeChats, bookingClientChats, visitClientChats } from './subscriptions.js';
import {
  masterVisitMovedText,
  masterVisitStatusChangedText,
  visitMovedText,
  visitRescheduleAnsweredText,
  visitRescheduleProposedText,
  visitStatusChangedText,
} from './visit-messages.js';
import { visitBookings } from '../visits/queries.js';
import { NotSent } from '../bookings/not-sent.js';
import { NOTIFY_DEADLINE_MS } from '../bookings/notifier.js';

/** What is safe to log of a Bot API failure: no message text, no token. */
export function describeTelegramError(error: unknown): Record<string, unknown> {
  if (error instanceof GrammyError) return { method: error.method, error_code: error.error_code, description: error.description };
  return { name: (error as Error)?.name, message: (error as Error)?.message };
}

export const MARKDOWN = { parse_mode: 'Markdown' } as const;

/** Two chats refused with 429 within this long: Telegram is limiting the whole bot, not one chat. */
const BOT_WIDE_WINDOW_MS = 1000;

export class TelegramNotifier implements Notifier {
  readonly notSent: NotSent;
  /** Until when (ms since epoch) Telegram asked not to send: to one chat, or (a bot-wide flood) at all. */
  private readonly chatPause = new Map<string, number>();
  private botPause = 0;
  private lastRefusal: { chatId: string; at: number } | undefined;

  constructor(
    private readonly api: Api,
    private readonly db: Db,
    log: FastifyBaseLogger,
  ) {
    this.notSent = new NotSent(log);
  }

  /**
   * One message to one chat; false when Telegram refused or did not answer (or `signal` gave up on
   * it). Telegram's 429 `retry_after` is obeyed, per chat and for the bot: nothing is sent there
   * meanwhile and nothing is retried (SPEC.md), the message is counted as not sent.
   */
  async send(chatId: string, text: string, keyboard?: InlineKeyboard, signal?: AbortSignal): Promise<boolean> {
    const now = Date.now();
    if (now < Math.max(this.botPause, this.chatPause.get(chatId) ?? 0)) {
      this.notSent.note('rate_limited', { waiting: true });
      return false;
    }
    try {
      await this.api.sendMessage(
        chatId,
        fitMessage(text),
        { ...MARKDOWN, ...(keyboard ? { reply_markup: keyboard } : {}) },
        signal as Parameters<Api['sendMessage']>[3],
      );
      return true;
    } catch (error) {
      const retryAfter = error instanceof GrammyError && error.error_code === 429 ? error.parameters.retry_after : undefined;
      if (retryAfter !== undefined) this.pause(chatId, retryAfter);
      const reason = retryAfter !== undefined ? 'rate_limited' : signal?.aborted ? 'timeout' : 'telegram_error';
      this.notSent.note(reason, { telegram: describeTelegramError(error) });
      return false;
    }
  }

  private pause(chatId: string, retryAfterSeconds: number): void {
    const now = Date.now();
    const until = now + retryAfterSeconds * 1000;
    this.chatPause.set(chatId, until);
    if (this.lastRefusal && this.lastRefusal.chatId !== chatId && now - this.lastRefusal.at < BOT_WIDE_WINDOW_MS) this.botPause = until;
    this.lastRefusal = { chatId, at: now };
    // Only pauses still running are kept: the map cannot grow with every chat ever refused.
    for (const [chat, end] of this.chatPause) if (end <= now) this.chatPause.delete(chat);
  }

  /**
   * All chats at once under one deadline: one after another, N chats of a Telegram that
   * hangs made the client wait N × the per-call timeout (and outlive the shutdown grace).
   */
  private async sendAll(chats: readonly string[], text: string, keyboard?: InlineKeyboard): Promise<boolean> {
    const signal = AbortSignal.timeout(NOTIFY_DEADLINE_MS);
    const results = await Promise.all(chats.map((chat) => this.send(chat, text, keyboard, signal)));
    return results.includes(true);
  }

  private providerChats(business: BusinessRow): Promise<string[]> {
    return activeChats(this.db, 'PROVIDER_BUSINESS', [String(business.id)]);
  }

  /** The chats that verified the client's phone, else those following the booking (CONTRACT.md §11 third pass, not SPEC.md's order). */
  private clientChats(booking: BookingView): Promise<string[]> {
    return bookingClientChats(this.db, booking);
  }

  /**
   * CONTRACT.md §16: the same notice to the booking's master's linked chat, when there is one and it is
   * not a chat that already got it (the owner's own master card linked to the provider chat).
   */
  private async toMaster(
    booking: BookingView,
    text: string | null,
    keyboard?: InlineKeyboard,
    already: readonly string[] = [],
    known?: ReadonlyMap<number, string>,
  ) {
    if (!text) return;
    const chatId = known ? known.get(booking.master.id) : (await masterChatOf(this.db, booking.master.id))?.chatId;
    if (!chatId || already.includes(chatId)) return;
    await this.sendAll([chatId], text, keyboard);
  }

  /** CONTRACT.md §16, §20: each linked master of the items one notice of their own items (not to `already`'s chats). */
  private toMastersOf(
    items: readonly BookingView[],
    textOf: (own: readonly BookingView[]) => string | null,
    already: readonly string[] = [],
  ): Promise<unknown> {
    const byMaster = new Map<number, BookingView[]>();
    for (const item of items) byMaster.set(item.master.id, [...(byMaster.get(item.master.id) ?? []), item]);
    return Promise.all([...byMaster.values()].map((own) => this.toMaster(own[0]!, textOf(own), undefined, already)));
  }

  /** The visit of a booking, in order, when it is an item of one (CONTRACT.md §20); undefined for a single booking. */
  private async visitOf(booking: BookingView): Promise<BookingView[] | undefined> {
    if (!booking.visitId) return undefined;
    const items = await visitBookings(this.db, booking.businessId, booking.visitId);
    return items.length > 0 ? items : undefined;
  }

  private async toVisitClient(items: readonly BookingView[], notice: string, text: string, keyboard?: InlineKeyboard): Promise<boolean> {
    const chats = await visitClientChats(this.db, items);
    if (chats.length === 0) {
      this.notSent.note('no_subscription', { notice });
      return false;
    }
    return this.sendAll(chats, text, keyboard);
  }

  async visitStatusChanged(business: BusinessRow, items: readonly BookingView[]): Promise<void> {
    const text = visitStatusChangedText(business, items);
    if (!text) return;
    await Promise.all([this.toVisitClient(items, 'visit status change', text), this.toMastersOf(items, masterVisitStatusChangedText)]);
  }

  async visitMoved(business: BusinessRow, items: readonly BookingView[], previousStart: string): Promise<void> {
    await Promise.all([
      this.toVisitClient(items, 'visit moved', visitMovedText(business, items, previousStart)),
      this.toMastersOf(items, (own) => masterVisitMovedText(own, previousStart)),
    ]);
  }

  async newBooking(business: BusinessRow, booking: BookingView, known?: KnownChats): Promise<void> {
    const chats = known?.providerChats ?? (await this.providerChats(business));
    // The master's buttons only when the owner lets masters decide (CONTRACT.md §16).
    const masterKeyboard = business.mastersCanDecide ? bookingDecisionKeyboard(booking.id) : undefined;
    const master = this.toMaster(booking, newBookingText(booking), masterKeyboard, chats, known?.masterChats);
    if (chats.length === 0) {
      this.notSent.note('no_subscription', { notice: 'new booking' });
      await master;
      return;
    }
    await Promise.all([this.sendAll(chats, newBookingText(booking), bookingDecisionKeyboard(booking.id)), master]);
  }

  async newVisit(business: BusinessRow, items: readonly BookingView[]): Promise<void> {
    const chats = await this.providerChats(business);
    const byMaster = new Map<number, BookingView[]>();
    for (const item of items) byMaster.set(item.master.id, [...(byMaster.get(item.master.id) ?? []), item]);
    // Each master hears of their own items, the buttons on their first one (CONTRACT.md §16, §20).
    const masters: Promise<unknown>[] = [...byMaster.values()].map((own) =>
      this.toMaster(own[0]!, newVisitText(own), business.mastersCanDecide ? bookingDecisionKeyboard(own[0]!.id) : undefined, chats),
    );
    if (chats.length === 0) this.notSent.note('no_subscription', { notice: 'new visit' });
    else masters.push(this.sendAll(chats, newVisitText(items), bookingDecisionKeyboard(items[0]!.id)));
    await Promise.all(masters);
  }

  async bookingStatusChanged(business: BusinessRow, booking: BookingView): Promise<void> {
    const text = statusChangedText(business, booking);
    if (!text) return;
    await Promise.all([this.statusToClient(booking, text), this.toMaster(booking, masterStatusChangedText(booking))]);
  }

  private async statusToClient(booking: BookingView, text: string): Promise<void> {
    const chats = await this.clientChats(booking);
    if (chats.length === 0) {
      this.notSent.note('no_subscription', { notice: 'status change' });
      return;
    }
    await this.sendAll(chats, text);
  }

  async bookingMoved(business: BusinessRow, booking: BookingView, previousStart: string): Promise<void> {
    await Promise.all([
      this.moveToClient(business, booking, previousStart),
      this.toMaster(booking, masterMovedText(booking, previousStart)),
    ]);
  }

  private async moveToClient(business: BusinessRow, booking: BookingView, previousStart: string): Promise<void> {
    const chats = await this.clientChats(booking);
    if (chats.length === 0) {
      this.notSent.note('no_subscription', { notice: 'booking moved' });
      return;
    }
    await this.sendAll(chats, bookingMovedText(business, booking, previousStart));
  }

  async rescheduleProposed(business: BusinessRow, booking: BookingView, proposal: ProposalView): Promise<boolean> {
    const visit = await this.visitOf(booking);
    if (visit) {
      const text = visitRescheduleProposedText(business, visit, proposal);
      return this.toVisitClient(visit, 'reschedule proposal', text, proposalKeyboard(proposal.id));
    }
    const chats = await this.clientChats(booking);
    if (chats.length === 0) {
      this.notSent.note('no_subscription', { notice: 'reschedule proposal' });
      return false;
    }
    return this.sendAll(chats, rescheduleProposedText(business, booking, proposal), proposalKeyboard(proposal.id));
  }

  async rescheduleAnswered(business: BusinessRow, booking: BookingView, proposal: ProposalView): Promise<void> {
    const chats = await this.providerChats(business);
    const visit = await this.visitOf(booking);
    if (visit) {
      const accepted = proposal.status === 'ACCEPTED';
      const text = visitRescheduleAnsweredText(visit, proposal, accepted);
      await Promise.all([
        this.sendAll(chats, text),
        this.toMastersOf(visit, (own) => visitRescheduleAnsweredText(own, proposal, accepted), chats),
      ]);
      return;
    }
    const text = rescheduleAnsweredText(booking, proposal, proposal.status === 'ACCEPTED');
    await Promise.all([this.sendAll(chats, text), this.toMaster(booking, text, undefined, chats)]);
  }

  async passwordReset(business: BusinessRow, password: string): Promise<void> {
    const chats = await this.providerChats(business);
    if (chats.length === 0) {
      this.notSent.note('no_subscription', { notice: 'password reset' });
      return;
    }
    await this.sendAll(chats, passwordResetText(business, password));
  }

  async passwordResetLink(business: BusinessRow, link: string): Promise<void> {
    if (!business.messengerChatId) return;
    await this.sendAll([business.messengerChatId], passwordResetLinkText(business, link, PASSWORD_RESET_MINUTES));
  }

  async providerUnlinked(business: BusinessRow, chatId: string): Promise<void> {
    await this.sendAll([chatId], providerUnlinkedText(business));
  }

  async masterUnlinked(business: BusinessRow, masterName: string, chatId: string): Promise<void> {
    await this.sendAll([chatId], masterUnlinkedText(business, masterName));
  }
}
