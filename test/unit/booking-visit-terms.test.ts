/** web/src/booking/terms.ts: a visit's total before a time is chosen (CONTRACT.md §20), "1 ч 10 мин · 7 000 ₸". */
import { describe, expect, it } from 'vitest';
import { ANY } from '../../web/src/booking/masters.js';
import { visitExactText, visitTotalText } from '../../web/src/booking/terms.js';

const service = (id: number, price: number, duration: number, over: { price?: [number, number]; duration?: [number, number] } = {}) => ({
  id,
  price,
  duration,
  price_min: over.price?.[0] ?? price,
  price_max: over.price?.[1] ?? price,
  duration_min: over.duration?.[0] ?? duration,
  duration_max: over.duration?.[1] ?? duration,
});
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('visitTotalText', () => {
  it('sums the durations and prices of the items', () => {
    const parts = [
      { service: service(1, 5000, 60), master: ANY },
      { service: service(2, 2000, 10), master: ANY },
    ];
    expect(flat(visitTotalText(parts, 'ru'))).toBe('1 ч 10 мин · 7 000 ₸');
  });

  it('a range while "any master" items differ in price or duration; a chosen master its own terms', () => {
    const cut = service(1, 5000, 60, { price: [5000, 7000], duration: [45, 60] });
    const beard = service(2, 2000, 10);
    expect(
      flat(
        visitTotalText(
          [
            { service: cut, master: ANY },
            { service: beard, master: ANY },
          ],
          'ru',
        ),
      ),
    ).toBe('55 мин – 1 ч 10 мин · 7 000 – 9 000 ₸');
    const senior = { services: [{ id: 1, price: 7000, duration: 45 }] };
    expect(
      flat(
        visitTotalText(
          [
            { service: cut, master: senior },
            { service: beard, master: ANY },
          ],
          'ru',
        ),
      ),
    ).toBe('55 мин · 9 000 ₸');
    expect(flat(visitExactText(70, 7000, 'ru'))).toBe('1 ч 10 мин · 7 000 ₸');
  });
});
