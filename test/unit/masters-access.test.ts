/** CONTRACT.md §16's pure parts: the master's /start parameter, the master token, the master's scope and texts. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withinMasterScope } from '../../src/modules/bookings/master-scope.js';
import type { BookingView } from '../../src/modules/bookings/view.js';
import { parseStartPayload } from '../../src/modules/bot/callback-data.js';
import {
  masterLinkedText,
  masterMovedAwayText,
  masterMovedText,
  masterStatusChangedText,
  masterUnlinkedText,
  panelLinkText,
} from '../../src/modules/bot/master-messages.js';
import { TokenService } from '../../src/modules/identity/tokens.js';
import { legacyMarkdownError } from '../helpers/fake-telegram.js';

describe('parseStartPayload master_', () => {
  it('reads master_{id}_{code} as provider_ is read: no code, or a malformed one, links nothing', () => {
    expect(parseStartPayload('master_7_abcdefghijklmnop')).toEqual({ kind: 'master', masterId: 7, code: 'abcdefghijklmnop' });
    expect(parseStartPayload('master_7')).toEqual({ kind: 'master', masterId: 7, code: undefined });
    expect(parseStartPayload('master_7_short')).toEqual({ kind: 'master', masterId: 7, code: undefined });
    expect(parseStartPayload(`master_7_${'a'.repeat(56)}`)).toEqual({ kind: 'master', masterId: 7, code: undefined });
    expect(parseStartPayload('master_0_abcdefghijklmnop')).toEqual({ kind: 'unknown' });
    expect(parseStartPayload('master_x')).toEqual({ kind: 'unknown' });
  });
});

describe('a master token', () => {
  const tokens = new TokenService('x'.repeat(32), () => 1_790_000_000);

  it('verifies as the master it was signed for, never as a user', async () => {
    const token = await tokens.signMaster({ id: 5, businessId: 9, tokenVersion: 3 });
    expect(await tokens.verify(token)).toEqual({ kind: 'master', masterId: 5, businessId: 9, tokenVersion: 3 });
  });

  it('is refused when its subject and master_id disagree', async () => {
    const forged = await (tokens as unknown as { sign(p: object, s: string, m: number): Promise<string> }).sign(
      { role: 'MASTER', business_id: 9, master_id: 6, mver: 0 },
      'master:5',
      10,
    );
    await expect(tokens.verify(forged)).rejects.toMatchObject({ code: 'not_authenticated' });
  });
});

describe('withinMasterScope', () => {
  it("the owner sees every booking, a master only that master's", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1 }), fc.option(fc.integer({ min: 1 }), { nil: undefined }), (bookingMaster, caller) => {
        const visible = withinMasterScope({ master: { id: bookingMaster } }, caller);
        return visible === (caller === undefined || caller === bookingMaster);
      }),
    );
  });
});

describe("a master's texts", () => {
  const booking = (name: string, status: BookingView['status'] = 'confirmed'): BookingView => ({
    id: '0b7c3c4e-5d7f-4a59-9a7e-2f0d5b7c1a10',
    businessId: 1,
    status,
    startAt: '2026-11-24T11:00:00',
    endAt: '2026-11-24T12:00:00',
    priceSnapshot: 5000,
    notes: null,
    createdAt: '2026-11-23T10:00:00',
    updatedAt: '2026-11-23T10:00:00',
    service: { id: 1, name, duration: 60, price: 5000 },
    master: { id: 2, name },
    client: { id: 3, phone: '77015554433', firstName: name },
  });

  it('stay valid Markdown whatever the names', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        const business = { name, phone: '+7 701 000 00 00', address: name };
        const texts = [
          masterLinkedText(business, name),
          masterMovedAwayText(name),
          masterUnlinkedText(business, name),
          masterMovedText(booking(name), '2026-11-24T10:00:00'),
          masterStatusChangedText(booking(name))!,
          panelLinkText(`https://x.kz/admin#master=${name}`, 15),
        ];
        return texts.every((text) => legacyMarkdownError(text) === null);
      }),
    );
  });

  it('say nothing for pending and rejected, as the client hears nothing', () => {
    expect(masterStatusChangedText(booking('a', 'pending'))).toBeNull();
    expect(masterStatusChangedText(booking('a', 'rejected'))).toBeNull();
    expect(masterStatusChangedText(booking('a', 'completed'))).toContain('Запись ЗАВЕРШЕНА');
  });
});
