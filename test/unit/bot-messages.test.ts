/** The bot's texts (src/modules/bot/messages.ts) and the fake's legacy-Markdown checker they must pass. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookingView } from '../../src/modules/bookings/view.js';
import {
  bookingMovedText,
  clip,
  fitMessage,
  TELEGRAM_MESSAGE_LIMIT,
  clientSubscribedText,
  decidedBookingText,
  formatDate,
  formatPrice,
  helpText,
  md,
  newBookingText,
  passwordResetText,
  phoneSubscribedText,
  providerLinkedText,
  providerMovedAwayText,
  proposalAnsweredForClientText,
  proposalCreatedText,
  qrCaption,
  rescheduleAnsweredText,
  rescheduleProposedText,
  statusChangedText,
  statusText,
  welcomeText,
  chooseHourText,
  chooseMinuteText,
} from '../../src/modules/bot/messages.js';
import { legacyMarkdownError } from '../helpers/fake-telegram.js';
import { itParsesWhateverTheUserTyped } from '../helpers/markdown-texts.js';

const booking = (over: Partial<BookingView> = {}): BookingView => ({
  id: '0b7c3c4e-5d7f-4a59-9a7e-2f0d5b7c1a10',
  businessId: 1,
  status: 'pending',
  startAt: '2026-11-24T11:00:00',
  endAt: '2026-11-24T12:00:00',
  priceSnapshot: 12500,
  notes: null,
  createdAt: '2026-11-23T10:00:00',
  updatedAt: '2026-11-23T10:00:00',
  service: { id: 1, name: 'Стрижка', duration: 60, price: 12500 },
  master: { id: 2, name: 'Динара' },
  client: { id: 3, phone: '77015554433', firstName: 'Алия' },
  ...over,
});

const business = { name: 'Салон «Ажар»', phone: '+7 701 000 00 00', address: 'Алматы, Абая 10' };
const proposal = {
  oldDate: '2026-11-24',
  oldTime: '11:00',
  proposedDate: '2026-11-25',
  proposedTime: '15:30',
  expiresAt: '2026-11-24T10:00:00',
};

/** Every text of the module built from the given user-supplied values. */
function allTexts(value: string): string[] {
  const b = booking({
    notes: value,
    service: { id: 1, name: value, duration: 30, price: 1 },
    master: { id: 2, name: value },
    client: { id: 3, phone: '77015554433', firstName: value },
  });
  const biz = { name: value, phone: value, address: value };
  const statuses = ['pending', 'confirmed', 'cancelled', 'completed', 'rejected'] as const;
  return [
    newBookingText(b),
    decidedBookingText(b, 'confirmed'),
    decidedBookingText(b, 'cancelled'),
    ...statuses.map((status) => statusChangedText(biz, { ...b, status }) ?? ''),
    ...statuses.map((status) => clientSubscribedText(biz, { ...b, status })),
    rescheduleProposedText(biz, b, proposal),
    bookingMovedText(biz, b, '2026-11-23T09:00:00'),
    proposalAnsweredForClientText(biz, b, proposal, true),
    proposalAnsweredForClientText(biz, b, proposal, false),
    rescheduleAnsweredText(b, proposal, true),
    rescheduleAnsweredText(b, proposal, false),
    passwordResetText(biz, value),
    providerLinkedText(biz),
    providerMovedAwayText(biz),
    qrCaption(`https://x.kz/${value}`),
    statusText([
      { contextType: 'PROVIDER_BUSINESS', label: value },
      { contextType: 'CLIENT_PHONE', label: value },
      { contextType: 'CLIENT_BOOKING', label: value },
    ]),
    chooseHourText(b),
    chooseMinuteText(b, '15'),
    proposalCreatedText(b, '2026-11-24', '15:30', true),
  ];
}

describe('legacy Markdown checker (the fake Bot API)', () => {
  it('accepts closed entities and escapes, refuses what Telegram refuses', () => {
    expect(legacyMarkdownError('*bold* _it_ `code` [link](https://x.kz) ```\npre\n```')).toBeNull();
    expect(legacyMarkdownError('a\\_b\\*c\\[d\\`e')).toBeNull();
    expect(legacyMarkdownError('Ann_x')).toMatch(/can't parse entities/);
    expect(legacyMarkdownError('a*b')).toMatch(/byte offset 1/);
    expect(legacyMarkdownError('[x')).toMatch(/can't parse entities/);
    expect(legacyMarkdownError('`x')).toMatch(/can't parse entities/);
  });
});

describe('md()', () => {
  it('escapes exactly _ * ` [', () => {
    expect(md('a_b*c`d[e]f\\g')).toBe('a\\_b\\*c\\`d\\[e]f\\g');
    expect(md(5)).toBe('5');
  });

  it('property: any text, escaped, parses as legacy Markdown', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => legacyMarkdownError(md(text)) === null));
  });
});

describe('every message parses whatever the user typed', () => {
  itParsesWhateverTheUserTyped(allTexts);

  it('the static texts parse too', () => {
    for (const text of [welcomeText(), helpText(), phoneSubscribedText('77015554433', 2)]) expect(legacyMarkdownError(text)).toBeNull();
  });
});

describe('contents', () => {
  it('new booking: name, phone, service, master, DD.MM.YYYY, HH:MM, price in KZT, notes', () => {
    const text = newBookingText(booking({ notes: 'у окна' }));
    for (const part of ['Алия', '+7 701 555 44 33', 'Стрижка', 'Динара', '24.11.2026', '11:00', '12 500 KZT', 'у окна'])
      expect(text).toContain(part);
  });

  it('price falls back to the service price when no snapshot is there', () => {
    const b = booking();
    (b as { priceSnapshot: number | null }).priceSnapshot = null;
    expect(newBookingText(b)).toContain('12 500 KZT');
  });

  it('status change: the phrases of SPEC.md; pending and rejected send nothing', () => {
    expect(statusChangedText(business, booking({ status: 'confirmed' }))).toContain('Запись ПОДТВЕРЖДЕНА');
    expect(statusChangedText(business, booking({ status: 'confirmed' }))).toContain('Алматы, Абая 10');
    const cancelled = statusChangedText(business, booking({ status: 'cancelled' }))!;
    expect(cancelled).toContain('Запись ОТМЕНЕНА');
    expect(cancelled).toContain('свяжитесь');
    expect(statusChangedText(business, booking({ status: 'completed' }))).toContain('Запись ЗАВЕРШЕНА');
    expect(statusChangedText(business, booking({ status: 'pending' }))).toBeNull();
    expect(statusChangedText(business, booking({ status: 'rejected' }))).toBeNull();
  });

  it('a move by the owner: ПЕРЕНЕСЕНА with the new date and time, and the old ones', () => {
    const text = bookingMovedText(
      business,
      booking({ startAt: '2026-11-26T14:15:00', master: { id: 5, name: 'Ольга' } }),
      '2026-11-24T11:00:00',
    );
    expect(text).toContain('Запись ПЕРЕНЕСЕНА');
    expect(text).toContain('26.11.2026');
    expect(text).toContain('14:15');
    expect(text).toContain('Ольга');
    expect(text).toContain('24.11.2026 11:00');
  });

  it('reschedule texts carry old and new times', () => {
    const offer = rescheduleProposedText(business, booking(), proposal);
    expect(offer).toContain('24.11.2026 11:00');
    expect(offer).toContain('25.11.2026 15:30');
    expect(offer).toContain('Стрижка');
    expect(rescheduleAnsweredText(booking({ startAt: '2026-11-25T15:30:00' }), proposal, true)).toContain('25.11.2026 15:30');
    const declined = rescheduleAnsweredText(booking(), proposal, false);
    expect(declined).toContain('25.11.2026 15:30');
    expect(declined).toContain('24.11.2026 11:00');
  });

  it('password reset shows the password, in a code entity unless it holds a backtick', () => {
    expect(passwordResetText(business, 'Abc23xyz')).toContain('`Abc23xyz`');
    expect(legacyMarkdownError(passwordResetText(business, 'a`b_c'))).toBeNull();
  });

  it('formats dates and prices', () => {
    expect(formatDate('2026-01-05')).toBe('05.01.2026');
    expect(formatDate('2026-01-05T09:15:00')).toBe('05.01.2026');
    expect(formatPrice(0)).toBe('0 KZT');
    expect(formatPrice(1234567)).toBe('1 234 567 KZT');
    expect(formatPrice(99.5)).toBe('99.50 KZT');
  });
});

describe('message length (CONTRACT.md §11)', () => {
  it('a new-booking message with the longest allowed values, all escaped, stays within 4 096 characters', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 0, maxLength: 200 }),
        fc.string({ minLength: 0, maxLength: 1000 }),
        fc.constantFrom('_', '*', '[', '`', 'а'),
        (name, notes, special) => {
          const longName = name.padEnd(200, special);
          const longNotes = notes.padEnd(1000, special);
          const text = newBookingText(
            booking({
              notes: longNotes,
              service: { id: 1, name: longName, duration: 30, price: 1 },
              master: { id: 2, name: longName },
              client: { id: 3, phone: '77015554433', firstName: longName },
            }),
          );
          expect(text.length).toBeLessThanOrEqual(TELEGRAM_MESSAGE_LIMIT);
          expect(legacyMarkdownError(text)).toBeNull();
        },
      ),
      { numRuns: 50 },
    );
  });

  it('a comment longer than 1 000 characters (stored before the limit) is cut with "…"', () => {
    const text = newBookingText(booking({ notes: 'x'.repeat(1500) }));
    expect(text).toContain(`${'x'.repeat(999)}…`);
    expect(text).not.toContain('x'.repeat(1000));
  });

  it('fitMessage cuts anything longer at a line break and marks it', () => {
    const long = Array.from({ length: 300 }, (_, i) => `line ${i} ${'y'.repeat(20)}`).join('\n');
    const fitted = fitMessage(long);
    expect(fitted.length).toBeLessThanOrEqual(TELEGRAM_MESSAGE_LIMIT);
    expect(fitted.endsWith('\n…')).toBe(true);
    expect(long.startsWith(fitted.slice(0, -2))).toBe(true);
    expect(fitMessage('short')).toBe('short');
  });
});

describe('clip (red team, third pass: notes ending in an emoji)', () => {
  it('never leaves half of a surrogate pair', () => {
    expect(clip('ab😀cd', 4)).toBe('ab…');
    expect(clip('ab😀cd', 5)).toBe('ab😀…');
  });

  it('property: well-formed text stays well-formed, at most max units, a prefix of the text then an ellipsis', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.integer({ min: 1, max: 80 }), (text, max) => {
        const clipped = clip(text, max);
        // A lone surrogate is what String.prototype.isWellFormed (ES2024, beyond our lib) refuses.
        expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(clipped)).toBe(false);
        expect(clipped.length).toBeLessThanOrEqual(max);
        if (text.length <= max) expect(clipped).toBe(text);
        else expect(text.startsWith(clipped.slice(0, -1)) && clipped.endsWith('…')).toBe(true);
      }),
    );
  });
});
