/** callback_data and /start payloads (src/modules/bot/callback-data.ts) and the keyboards built from them. */
import fc from 'fast-check';
import type { InlineKeyboard } from 'grammy';
import { describe, expect, it } from 'vitest';
import { callbackData, parseCallbackData, parseStartPayload, type CallbackAction } from '../../src/modules/bot/callback-data.js';
import { bookingDecisionKeyboard, hoursKeyboard, hoursOf, minutesKeyboard, proposalKeyboard } from '../../src/modules/bot/keyboards.js';

const ID = '0b7c3c4e-5d7f-4a59-9a7e-2f0d5b7c1a10';

const dataOf = (keyboard: InlineKeyboard) =>
  keyboard.inline_keyboard.map((row) => row.map((button) => (button as { callback_data?: string }).callback_data));

describe('parseCallbackData', () => {
  it('reads every prefix of SPEC.md and CONTRACT.md §7', () => {
    expect(parseCallbackData(`confirm_${ID}`)).toEqual({ kind: 'confirm', bookingId: ID });
    expect(parseCallbackData(`reject_${ID}`)).toEqual({ kind: 'reject', bookingId: ID });
    expect(parseCallbackData(`reschedule_${ID}`)).toEqual({ kind: 'reschedule', bookingId: ID });
    expect(parseCallbackData(`rh_${ID}_09`)).toEqual({ kind: 'hour', bookingId: ID, hour: '09' });
    expect(parseCallbackData(`rm_${ID}_1545`)).toEqual({ kind: 'minute', bookingId: ID, time: '15:45' });
    expect(parseCallbackData(`ra_${ID}`)).toEqual({ kind: 'accept', proposalId: ID });
    expect(parseCallbackData(`rd_${ID}`)).toEqual({ kind: 'decline', proposalId: ID });
    expect(parseCallbackData(`confirm_${ID.toUpperCase()}`)).toEqual({ kind: 'confirm', bookingId: ID });
  });

  it('refuses anything else', () => {
    for (const data of [
      '',
      'confirm_',
      'confirm_42',
      `confirm_${ID}x`,
      `rh_${ID}_24`,
      `rh_${ID}_9`,
      `rm_${ID}_1560`,
      `rm_${ID}_2400`,
      `xx_${ID}`,
      `ra_${ID}_1`,
    ]) {
      expect(parseCallbackData(data), data).toBeUndefined();
    }
  });

  const action = fc.oneof(
    fc.uuid().map((id): CallbackAction => ({ kind: 'confirm', bookingId: id })),
    fc.uuid().map((id): CallbackAction => ({ kind: 'reject', bookingId: id })),
    fc.uuid().map((id): CallbackAction => ({ kind: 'reschedule', bookingId: id })),
    fc
      .tuple(fc.uuid(), fc.integer({ min: 0, max: 23 }))
      .map(([id, h]): CallbackAction => ({ kind: 'hour', bookingId: id, hour: String(h).padStart(2, '0') })),
    fc.tuple(fc.uuid(), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([id, h, m]): CallbackAction => ({
      kind: 'minute',
      bookingId: id,
      time: `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`,
    })),
    fc.uuid().map((id): CallbackAction => ({ kind: 'accept', proposalId: id })),
    fc.uuid().map((id): CallbackAction => ({ kind: 'decline', proposalId: id })),
  );

  it("property: data round-trips and fits Telegram's 64 bytes", () => {
    fc.assert(
      fc.property(action, (a) => {
        const data = callbackData(a);
        return Buffer.byteLength(data) <= 64 && JSON.stringify(parseCallbackData(data)) === JSON.stringify(a);
      }),
    );
  });
});

describe('parseStartPayload', () => {
  it('reads provider_, client_ and subscribe_', () => {
    expect(parseStartPayload('')).toEqual({ kind: 'none' });
    // CONTRACT.md §11: the bare link carries no code; a code is 16+ url-safe characters, the whole at most 64.
    expect(parseStartPayload('provider_12')).toEqual({ kind: 'provider', businessId: 12, code: undefined });
    expect(parseStartPayload('provider_12_abcdefghijklmnop')).toEqual({ kind: 'provider', businessId: 12, code: 'abcdefghijklmnop' });
    expect(parseStartPayload('provider_12_a-b_c-d_e-f_g-h_')).toEqual({ kind: 'provider', businessId: 12, code: 'a-b_c-d_e-f_g-h_' });
    expect(parseStartPayload('provider_12_short')).toEqual({ kind: 'provider', businessId: 12, code: undefined });
    expect(parseStartPayload('provider_12_abcdefghijklmnop!')).toEqual({ kind: 'provider', businessId: 12, code: undefined });
    expect(parseStartPayload(`provider_12_${'a'.repeat(53)}`)).toEqual({ kind: 'provider', businessId: 12, code: undefined });
    expect(parseStartPayload(`provider_12_${'a'.repeat(52)}`)).toMatchObject({ code: 'a'.repeat(52) });
    expect(parseStartPayload(`client_${ID}`)).toEqual({ kind: 'client', bookingId: ID });
    expect(parseStartPayload('subscribe_87015554433')).toEqual({ kind: 'subscribe', phone: '87015554433' });
    expect(parseStartPayload('provider_0')).toEqual({ kind: 'unknown' });
    expect(parseStartPayload('provider_9999999999')).toEqual({ kind: 'unknown' });
    expect(parseStartPayload('provider_x')).toEqual({ kind: 'unknown' });
    expect(parseStartPayload('hello')).toEqual({ kind: 'unknown' });
  });
});

describe('keyboards', () => {
  it('new booking: confirm and reject, then reschedule', () => {
    expect(dataOf(bookingDecisionKeyboard(ID))).toEqual([[`confirm_${ID}`, `reject_${ID}`], [`reschedule_${ID}`]]);
  });

  it('proposal: accept and decline', () => {
    expect(dataOf(proposalKeyboard(ID))).toEqual([[`ra_${ID}`, `rd_${ID}`]]);
  });

  it('hours three per row, minutes of the chosen hour', () => {
    const times = ['09:00', '09:15', '10:00', '11:30', '12:00', '14:45', '15:00'];
    expect(hoursOf(times)).toEqual(['09', '10', '11', '12', '14', '15']);
    expect(dataOf(hoursKeyboard(ID, times))).toEqual([
      [`rh_${ID}_09`, `rh_${ID}_10`, `rh_${ID}_11`],
      [`rh_${ID}_12`, `rh_${ID}_14`, `rh_${ID}_15`],
    ]);
    expect(dataOf(minutesKeyboard(ID, times, '09'))).toEqual([[`rm_${ID}_0900`, `rm_${ID}_0915`]]);
  });
});
