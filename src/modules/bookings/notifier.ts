/**
 * The one seam between the domain and the messenger (SPEC.md "Notifications").
 * The domain calls these at exactly the points SPEC.md names; the Telegram
 * implementation lives in src/modules/bot. A notifier never throws into a
 * request: use `notifySafely`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ProposalStatus } from '../../db/schema.js';
import type { BookingView } from './view.js';
import type { BusinessRow } from '../catalog/business.queries.js';
import { NotSent } from './not-sent.js';

export interface ProposalView {
  id: string;
  bookingId: string;
  oldDate: string;
  oldTime: string;
  proposedDate: string;
  proposedTime: string;
  proposedBy: 'PROVIDER_WEB' | 'PROVIDER_BOT';
  status: ProposalStatus;
  expiresAt: string;
  createdAt: string;
}

/** The chats a new-booking notice goes to, when the caller already read them (the public booking's cached lookup). */
export interface KnownChats {
  providerChats: readonly string[];
  /** Master id → that master's linked chat (CONTRACT.md §16). */
  masterChats: ReadonlyMap<number, string>;
}

export interface Notifier {
  /** What did not go out, by reason (for /metrics). */
  readonly notSent: NotSent;
  /**
   * New booking → the provider's PROVIDER_BUSINESS chat, with confirm/reject/reschedule buttons, and the
   * booking's master's chat (CONTRACT.md §16); `known` when the caller already read them (the public
   * booking's lookup does), else looked up.
   */
  newBooking(business: BusinessRow, booking: BookingView, known?: KnownChats): Promise<void>;
  /**
   * CONTRACT.md §20: a new visit (its bookings in order) → one notice to the provider listing every item and the
   * total, its buttons on the first booking; each master of §16 one notice of their own items.
   */
  newVisit(business: BusinessRow, items: readonly BookingView[], known?: KnownChats): Promise<void>;
  /** Status change → the client (the chats that verified its phone, else CLIENT_BOOKING: CONTRACT.md §11 third pass); pending and rejected send nothing. */
  bookingStatusChanged(business: BusinessRow, booking: BookingView): Promise<void>;
  /** The owner moved a booking (CONTRACT.md §12) → the client, same lookup as status changes. */
  bookingMoved(business: BusinessRow, booking: BookingView, previousStart: string): Promise<void>;
  /**
   * CONTRACT.md §20: items of one visit got one status together (the whole visit, or one master's items) → ONE
   * notice to the client listing them (lookup as for one booking), and one to each linked master of their items.
   */
  visitStatusChanged(business: BusinessRow, items: readonly BookingView[]): Promise<void>;
  /** CONTRACT.md §20: the owner moved a whole visit (its items as moved; `previousStart` the visit's old start) → once, as visitStatusChanged. */
  visitMoved(business: BusinessRow, items: readonly BookingView[], previousStart: string): Promise<void>;
  /** Reschedule proposal → the client; true when a message was sent. */
  rescheduleProposed(business: BusinessRow, booking: BookingView, proposal: ProposalView): Promise<boolean>;
  /** The client's answer → the provider. */
  rescheduleAnswered(business: BusinessRow, booking: BookingView, proposal: ProposalView): Promise<void>;
  /** Super-admin password reset → the provider. */
  passwordReset(business: BusinessRow, password: string): Promise<void>;
  /** Forgotten password → the business's linked chat: a single-use link to set a new one. */
  passwordResetLink(business: BusinessRow, link: string): Promise<void>;
  /** The owner disconnected Telegram in the panel → the chat that was linked. */
  providerUnlinked(business: BusinessRow, chatId: string): Promise<void>;
  /** The owner disconnected a master's Telegram (CONTRACT.md §16) → the master's chat that was linked. */
  masterUnlinked(business: BusinessRow, masterName: string, chatId: string): Promise<void>;
}

/**
 * Used when BOT_TOKEN is unset: every notification is skipped and counted (bot_off). The start-up
 * summary says once that the bot is off; a line per booking would say nothing new.
 */
export class DisabledNotifier implements Notifier {
  readonly notSent = new NotSent(undefined);

  private skip(): void {
    this.notSent.note('bot_off');
  }

  async newBooking(): Promise<void> {
    this.skip();
  }

  async newVisit(): Promise<void> {
    this.skip();
  }

  async bookingStatusChanged(): Promise<void> {
    this.skip();
  }

  async bookingMoved(): Promise<void> {
    this.skip();
  }

  async visitStatusChanged(): Promise<void> {
    this.skip();
  }

  async visitMoved(): Promise<void> {
    this.skip();
  }

  async rescheduleProposed(): Promise<boolean> {
    this.skip();
    return false;
  }

  async rescheduleAnswered(): Promise<void> {
    this.skip();
  }

  async passwordReset(): Promise<void> {
    this.skip();
  }

  async passwordResetLink(): Promise<void> {
    this.skip();
  }

  async providerUnlinked(): Promise<void> {
    this.skip();
  }

  async masterUnlinked(): Promise<void> {
    this.skip();
  }
}

/**
 * The most a request waits on the messenger for one notification, all of its chats together
 * (they are sent concurrently). The shutdown grace (src/server.ts) is longer than any request
 * can take with this bound, so a stored booking is always answered.
 */
export const NOTIFY_DEADLINE_MS = 5_000;

/** A backstop over the notifier's own deadline: chat lookups and a slow abort still end here. */
const NOTIFY_HARD_LIMIT_MS = NOTIFY_DEADLINE_MS + 1_000;

/** Runs a notification; a failure is logged and never reaches the caller (SPEC.md: no retries). */
export async function notifySafely<T>(log: FastifyBaseLogger, what: string, send: () => Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`gave up after ${NOTIFY_HARD_LIMIT_MS} ms`)), NOTIFY_HARD_LIMIT_MS);
  });
  try {
    return await Promise.race([send(), limit]);
  } catch (error) {
    log.error({ err: error }, `${what} notification failed`);
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}
