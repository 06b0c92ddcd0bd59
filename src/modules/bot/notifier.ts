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
import { masterMovedText, masterStatusChangedText, masterUnlinkedText } from './master-messages.js';
import { clientChats, masterChats, providerChats } from './recipients.js';
import { whoHears, type BookingChange } from '../../core/notices.js';
import {
  masterVisitMovedText,
  masterVisitStatusChangedText,
  visitMovedText,
  visitRescheduleAnsweredText,
  visitRescheduleProposedText,
  visitStatusChangedText,
} from './visit-messages.js';
import { visitBookings } from '../visits/visits.queries.js';
import { NotSent } from '../bookings/not-sent.js';
import { mastersMayDecide } from '../identity/policy.js';
import { NOTIFY_DEADLINE_MS } from '../bookings/notifier.js';

/** What is safe to log of a Bot API failure: no message text, no token. */
export function describeTelegramError(error: unknown): Record<string, unknown> {
  if (error instanceof GrammyError) return { method: error.method, error_code: error.error_code, description: error.description };
  return { name: (error as Error)?.name, message: (error as Error)?.message };
}

export const MARKDOWN = { parse_mode: 'Markdown' } as const;

/** A notice's text (null: nothing to say) and its buttons. */
interface Notice {
  text: string | null;
  keyboard?: InlineKeyboard;
}

/** What each audience of one change is told (an audience without a text here hears nothing of it). */
interface NoticeTexts {
  business: BusinessRow;
  /** The notice's name in the not-sent counts. */
  notice: string;
  /** `noteMissing`: a provider without a chat is counted as not sent (else silent, SPEC.md's reschedule result). */
  provider?: { text: string; keyboard?: InlineKeyboard; noteMissing: boolean };
  /** A master's text of their own items. */
  master?: (own: readonly BookingView[]) => Notice;
  client?: Notice;
}

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
    return providerChats(this.db, business.id);
  }

  /**
   * One change of `items` (one booking, or a visit's items together) told to every audience core/notices.ts
   * whoHears names, each by its own text: the provider's chats; each linked master their own items (§16, §20),
   * never a chat that got the provider's notice (the owner's own master card linked to the provider chat);
   * the client's chats in §11's order. True when the client got it.
   */
  private async deliver(change: BookingChange, items: readonly BookingView[], texts: NoticeTexts, known?: KnownChats): Promise<boolean> {
    const audiences = whoHears(change);
    const sends: Promise<unknown>[] = [];
    const provider = audiences.includes('provider') && texts.provider ? texts.provider : undefined;
    const chats = provider ? (known?.providerChats ?? (await this.providerChats(texts.business))) : [];
    if (provider && chats.length > 0) sends.push(this.sendAll(chats, provider.text, provider.keyboard));
    else if (provider && provider.noteMissing) this.notSent.note('no_subscription', { notice: texts.notice });
    if (audiences.includes('masters') && texts.master) {
      for (const { chatId, own } of await masterChats(this.db, items, known?.masterChats)) {
        const notice = texts.master(own);
        if (chatId && notice.text && !chats.includes(chatId)) sends.push(this.sendAll([chatId], notice.text, notice.keyboard));
      }
    }
    let toClient: Promise<boolean> = Promise.resolve(false);
    if (audiences.includes('client') && texts.client?.text) {
      const clients = await clientChats(this.db, items);
      if (clients.length > 0) toClient = this.sendAll(clients, texts.client.text, texts.client.keyboard);
      else this.notSent.note('no_subscription', { notice: texts.notice });
    }
    const [client] = await Promise.all([toClient, ...sends]);
    return client;
  }

  async newBooking(business: BusinessRow, booking: BookingView, known?: KnownChats): Promise<void> {
    const text = newBookingText(booking);
    // The master's buttons only when the owner lets masters decide (CONTRACT.md §16).
    const masterKeyboard = mastersMayDecide(business) ? bookingDecisionKeyboard(booking.id) : undefined;
    await this.deliver(
      { kind: 'created' },
      [booking],
      {
        business,
        notice: 'new booking',
        provider: { text, keyboard: bookingDecisionKeyboard(booking.id), noteMissing: true },
        master: () => ({ text, keyboard: masterKeyboard }),
      },
      known,
    );
  }

  async newVisit(business: BusinessRow, items: readonly BookingView[], known?: KnownChats): Promise<void> {
    // Each master hears of their own items, the buttons on their first one (CONTRACT.md §16, §20).
    await this.deliver(
      { kind: 'created' },
      items,
      {
        business,
        notice: 'new visit',
        provider: { text: newVisitText(items), keyboard: bookingDecisionKeyboard(items[0]!.id), noteMissing: true },
        master: (own) => ({
          text: newVisitText(own),
          keyboard: mastersMayDecide(business) ? bookingDecisionKeyboard(own[0]!.id) : undefined,
        }),
      },
      known,
    );
  }

  async bookingStatusChanged(business: BusinessRow, booking: BookingView): Promise<void> {
    await this.deliver({ kind: 'status', status: booking.status }, [booking], {
      business,
      notice: 'status change',
      client: { text: statusChangedText(business, booking) },
      master: () => ({ text: masterStatusChangedText(booking) }),
    });
  }

  async visitStatusChanged(business: BusinessRow, items: readonly BookingView[]): Promise<void> {
    await this.deliver({ kind: 'status', status: items[0]?.status ?? '' }, items, {
      business,
      notice: 'visit status change',
      client: { text: visitStatusChangedText(business, items) },
      master: (own) => ({ text: masterVisitStatusChangedText(own) }),
    });
  }

  async bookingMoved(business: BusinessRow, booking: BookingView, previousStart: string): Promise<void> {
    await this.deliver({ kind: 'moved', status: booking.status }, [booking], {
      business,
      notice: 'booking moved',
      client: { text: bookingMovedText(business, booking, previousStart) },
      master: () => ({ text: masterMovedText(booking, previousStart) }),
    });
  }

  async visitMoved(business: BusinessRow, items: readonly BookingView[], previousStart: string): Promise<void> {
    await this.deliver({ kind: 'moved', status: items[0]?.status ?? '' }, items, {
      business,
      notice: 'visit moved',
      client: { text: visitMovedText(business, items, previousStart) },
      master: (own) => ({ text: masterVisitMovedText(own, previousStart) }),
    });
  }

  /** The visit of a booking, in order, when it is an item of one (CONTRACT.md §20); undefined for a single booking. */
  private async visitOf(booking: BookingView): Promise<BookingView[] | undefined> {
    if (!booking.visitId) return undefined;
    const items = await visitBookings(this.db, booking.businessId, booking.visitId);
    return items.length > 0 ? items : undefined;
  }

  async rescheduleProposed(business: BusinessRow, booking: BookingView, proposal: ProposalView): Promise<boolean> {
    const visit = await this.visitOf(booking);
    const text = visit ? visitRescheduleProposedText(business, visit, proposal) : rescheduleProposedText(business, booking, proposal);
    return this.deliver({ kind: 'proposed' }, visit ?? [booking], {
      business,
      notice: 'reschedule proposal',
      client: { text, keyboard: proposalKeyboard(proposal.id) },
    });
  }

  async rescheduleAnswered(business: BusinessRow, booking: BookingView, proposal: ProposalView): Promise<void> {
    const accepted = proposal.status === 'ACCEPTED';
    const visit = await this.visitOf(booking);
    const textOf = (own: readonly BookingView[]) =>
      visit ? visitRescheduleAnsweredText(own, proposal, accepted) : rescheduleAnsweredText(booking, proposal, accepted);
    // SPEC.md: silent when the provider has no chat.
    await this.deliver({ kind: 'answered' }, visit ?? [booking], {
      business,
      notice: 'reschedule result',
      provider: { text: textOf(visit ?? [booking]), noteMissing: false },
      master: (own) => ({ text: textOf(own) }),
    });
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
