/** Pure helpers of the booking page: the +7 phone mask, the .ics file, prices and durations. */
import { describe, expect, it } from 'vitest';
import { buildIcs, instantOf } from '../../web/src/booking/ics.js';
import { formatDate, formatDuration, formatPrice } from '../../web/src/shared/i18n.js';
import { durationRange, priceText, termsWith } from '../../web/src/booking/terms.js';

describe('ics', () => {
  it('turns Almaty wall-clock times into UTC', () => {
    expect(instantOf('2026-11-24T15:00:00', 'Asia/Almaty').toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(instantOf('2026-07-01T09:30:00', 'Europe/Berlin').toISOString()).toBe('2026-07-01T07:30:00.000Z');
  });

  it('escapes text, folds long lines at 75 octets and ends lines with CRLF', () => {
    const ics = buildIcs(
      {
        uid: 'b1@example',
        start: '2026-11-24T15:00:00',
        end: '2026-11-24T16:00:00',
        timeZone: 'Asia/Almaty',
        summary: 'Стрижка; окрашивание, укладка — Салон «Ажар» на Абая с очень длинным названием',
        location: 'Алматы, ул. Абая 10',
      },
      new Date('2026-11-23T05:00:00Z'),
    );
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('DTSTAMP:20261123T050000Z\r\n');
    expect(ics).toContain('DTSTART:20261124T100000Z\r\nDTEND:20261124T110000Z\r\n');
    expect(ics).toContain('LOCATION:Алматы\\, ул. Абая 10\r\n');
    const lines = ics.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const summary = lines.slice(lines.findIndex((l) => l.startsWith('SUMMARY:'))).filter((l, i) => i === 0 || l.startsWith(' '));
    expect(summary.length).toBeGreaterThan(1);
    expect(summary.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(
      'SUMMARY:Стрижка\\; окрашивание\\, укладка — Салон «Ажар» на Абая с очень длинным названием',
    );
  });
});

describe('formats', () => {
  it('prices as "1 500 ₸" with no-break spaces', () => {
    expect(formatPrice(1500).replace(/[\u202f\u00a0]/g, ' ')).toBe('1 500 ₸');
    expect(formatPrice(0).replace(/\u00a0/g, ' ')).toBe('0 ₸');
    expect(formatPrice(1234567.5).replace(/[\u202f\u00a0]/g, ' ')).toBe('1 234 567,50 ₸');
    expect(formatPrice(1500)).not.toContain(' ');
  });

  it('dates in Kazakh without relying on the browser having Kazakh locale data', () => {
    expect(formatDate('2026-11-25', 'kk')).toBe('сәрсенбі, 25 қараша');
    expect(formatDate('2026-11-23', 'kk', { weekday: 'short' })).toBe('дс');
    expect(formatDate('2026-01-04', 'kk', { month: 'short' })).toBe('қаң');
    expect(formatDate('2026-11-25', 'ru')).toBe('среда, 25 ноября');
  });

  it('durations in hours and minutes', () => {
    expect(formatDuration(90, 'ru').replace(/\u00a0/g, ' ')).toBe('1 ч 30 мин');
    expect(formatDuration(45, 'en').replace(/\u00a0/g, ' ')).toBe('45 min');
    expect(formatDuration(120, 'kk').replace(/\u00a0/g, ' ')).toBe('2 сағ');
  });
});

describe('prices and durations per master (CONTRACT.md §17)', () => {
  const service = {
    ...{ id: 1, name: 'Стрижка', duration: 60, price: 5000, buffer_after: 15, category: null },
    ...{ price_min: 5000, price_max: 7000, duration_min: 45, duration_max: 60 },
  };
  const item = (price: number, duration: number) => ({ ...service, price, duration, base_price: 5000, base_duration: 60 });
  const senior = { id: 2, name: 'Дана', services: [item(7000, 45)] };
  const stranger = { id: 3, name: 'Ерлан', services: [] };

  it('a range until a master is chosen, then that master’s price; the service’s own for a master without the link', () => {
    expect(priceText(service).replace(/\s/g, ' ')).toBe('5 000 – 7 000 ₸');
    expect(priceText(service, 'any').replace(/\s/g, ' ')).toBe('5 000 – 7 000 ₸');
    expect(priceText(service, senior).replace(/\s/g, ' ')).toBe('7 000 ₸');
    expect(priceText(service, stranger).replace(/\s/g, ' ')).toBe('5 000 ₸');
    expect(priceText({ ...service, price_max: 5000 }).replace(/\s/g, ' ')).toBe('5 000 ₸');
    expect(durationRange(service)).toEqual([45, 60]);
    expect(durationRange(service, senior)).toEqual([45, 45]);
    expect(termsWith(service, senior)).toEqual({ price: 7000, duration: 45 });
  });
});
