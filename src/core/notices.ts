/**
 * Who hears about a change of a booking (or of a visit's items together): the one rule behind every
 * notice (SPEC.md "Notifications", CONTRACT.md §12, §16, §20). The bot's notifier asks it which audiences
 * a change reaches and finds their chats in one place (src/modules/bot/recipients.ts); the texts ask it
 * whether they have anything to say. Pure.
 */
import { isActive } from './booking-status.js';

/** The provider's chat, the booking's masters' own chats (§16), the client's chats by §11's order. */
export type Audience = 'provider' | 'masters' | 'client';

export type BookingChange =
  /** A client made a booking or visit (an owner's entry, confirmed at once, is told as its status: §12). */
  | { kind: 'created' }
  /** PATCH, DELETE (cancelled first), the bot's confirm/reject: the status it now has. */
  | { kind: 'status'; status: string }
  /** The owner moved it (§12, §20); `status` is its status, unchanged by the move. */
  | { kind: 'moved'; status: string }
  /** A reschedule proposal was made (SPEC.md: the client, when subscribed). */
  | { kind: 'proposed' }
  /** The client accepted or declined a proposal. */
  | { kind: 'answered' };

const NOBODY: readonly Audience[] = [];

/** The statuses SPEC.md gives a status-change text (pending and rejected send nothing): the texts' keys. */
const NOTICE_STATUSES = ['confirmed', 'cancelled', 'completed'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

const isNoticeStatus = (status: string): status is NoticeStatus => (NOTICE_STATUSES as readonly string[]).includes(status);

/**
 * Which audiences a change reaches. A status change reaches the client and the masters only for the
 * statuses SPEC.md gives a text (confirmed, cancelled, completed; pending and rejected send nothing);
 * a move only of a booking still to take place (a "moved" notice about a cancelled one would mislead).
 */
export function whoHears(change: BookingChange): readonly Audience[] {
  switch (change.kind) {
    case 'created':
      return ['provider', 'masters'];
    case 'status':
      return isNoticeStatus(change.status) ? ['client', 'masters'] : NOBODY;
    case 'moved':
      return isActive(change.status) ? ['client', 'masters'] : NOBODY;
    case 'proposed':
      return ['client'];
    case 'answered':
      return ['provider', 'masters'];
  }
}

/** Whether `audience` hears of `change`. */
export const hears = (audience: Audience, change: BookingChange): boolean => whoHears(change).includes(audience);

/** The status whose text `audience` gets when a booking takes `status`; undefined when it hears nothing. */
export function toldStatus(audience: Audience, status: string): NoticeStatus | undefined {
  return hears(audience, { kind: 'status', status }) && isNoticeStatus(status) ? status : undefined;
}
