/** Inline keyboards of the bot; pure (no I/O), built from callback-data.ts. */
import { InlineKeyboard, Keyboard } from 'grammy';
import { callbackData } from './callback-data.js';
import { SHARE_CONTACT_BUTTON } from './messages.js';

export const HOURS_PER_ROW = 3;
export const MINUTES_PER_ROW = 4;

/** New booking → provider: confirm, reject, reschedule. */
export function bookingDecisionKeyboard(bookingId: string): InlineKeyboard {
  return new InlineKeyboard()
    .text('✅ Подтвердить', callbackData({ kind: 'confirm', bookingId }))
    .text('❌ Отклонить', callbackData({ kind: 'reject', bookingId }))
    .row()
    .text('🔄 Перенести', callbackData({ kind: 'reschedule', bookingId }));
}

/** Reschedule proposal → client: accept or decline. */
export function proposalKeyboard(proposalId: string): InlineKeyboard {
  return new InlineKeyboard()
    .text('✅ Принять', callbackData({ kind: 'accept', proposalId }))
    .text('❌ Отклонить', callbackData({ kind: 'decline', proposalId }));
}

function grid(buttons: { label: string; data: string }[], perRow: number): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  buttons.forEach((button, index) => {
    if (index > 0 && index % perRow === 0) keyboard.row();
    keyboard.text(button.label, button.data);
  });
  return keyboard;
}

/** The distinct hours ('HH') of a list of 'HH:MM' start times, in order. */
export const hoursOf = (times: readonly string[]): string[] => [...new Set(times.map((time) => time.slice(0, 2)))];

/** Free hours, three per row (SPEC.md limits: "hours in rows of 3 buttons"). */
export function hoursKeyboard(bookingId: string, times: readonly string[]): InlineKeyboard {
  return grid(
    hoursOf(times).map((hour) => ({ label: `${hour}:00`, data: callbackData({ kind: 'hour', bookingId, hour }) })),
    HOURS_PER_ROW,
  );
}

/** The free start times of one hour. */
export function minutesKeyboard(bookingId: string, times: readonly string[], hour: string): InlineKeyboard {
  return grid(
    times
      .filter((time) => time.startsWith(`${hour}:`))
      .map((time) => ({ label: time, data: callbackData({ kind: 'minute', bookingId, time }) })),
    MINUTES_PER_ROW,
  );
}

/** /start subscribe_…: a reply keyboard whose one button shares the sender's own number. */
export function shareContactKeyboard(): Keyboard {
  return new Keyboard().requestContact(SHARE_CONTACT_BUTTON).resized().oneTime();
}
