/**
 * The masters × services grid's arithmetic (CONTRACT.md §17): the row tool's % rounded to the
 * nearest 100 ₸ and minutes, inside the PUT body's bounds; what counts as a changed cell; and the
 * save's bounded concurrency.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DURATION_MAX,
  DURATION_MIN,
  PRICE_MAX,
  applyRowChange,
  cellChanged,
  cellOf,
  changedDuration,
  changedPrice,
  parseChange,
  settleLimited,
  termsBody,
} from '../../web/src/admin/masters/terms-tool.js';

const item = (price: number, duration: number, base_price = 5000, base_duration = 60) => ({
  id: 1,
  price,
  duration,
  base_price,
  base_duration,
});

describe('the row tool', () => {
  it('reads "+20", "-10", "−10", "20 %", "2,5"; blank, zero or nonsense change nothing', () => {
    expect(['+20', '-10', '−10', '20 %', '2,5', '15'].map(parseChange)).toEqual([20, -10, -10, 20, 2.5, 15]);
    expect(['', ' ', '0', '+', '-', 'abc', '+0'].map(parseChange)).toEqual([null, null, null, null, null, null, null]);
  });

  it('rounds a changed price to the nearest 100 ₸, half up; adds minutes', () => {
    expect(changedPrice(5000, 20)).toBe(6000);
    expect(changedPrice(4500, 10)).toBe(5000); // 4950 → 5000
    expect(changedPrice(4300, 10)).toBe(4700); // 4730 → 4700
    expect(changedPrice(5000, -10)).toBe(4500);
    expect(changedPrice(3500, 7)).toBe(3700); // 3745 → 3700
    expect(changedPrice(250, 0)).toBe(300); // 250 is half way: up
    expect(changedPrice(5000, -100)).toBe(0);
    expect(changedPrice(5000, -150)).toBe(0);
    expect(changedDuration(60, 15)).toBe(75);
    expect(changedDuration(10, -30)).toBe(1);
    expect(changedDuration(1430, 60)).toBe(1440);
  });

  it('property: a price stays a multiple of 100 within 50 ₸ of the exact change, inside [0, 1e9]; a duration inside [1, 1440]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: -300, max: 300 }), (price, percent) => {
        const result = changedPrice(price, percent);
        expect(result % 100).toBe(0);
        expect(result).toBeGreaterThanOrEqual(0);
        expect(result).toBeLessThanOrEqual(PRICE_MAX);
        const exact = price * (1 + percent / 100);
        if (exact >= 0) expect(Math.abs(result - exact)).toBeLessThanOrEqual(50 + 1e-6);
        else expect(result).toBe(0);
      }),
      { numRuns: 10_000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1440 }), fc.integer({ min: -3000, max: 3000 }), (duration, minutes) => {
        const result = changedDuration(duration, minutes);
        expect(Number.isInteger(result)).toBe(true);
        expect(result).toBe(Math.min(DURATION_MAX, Math.max(DURATION_MIN, duration + minutes)));
      }),
      { numRuns: 10_000 },
    );
  });

  it("changes a cell from what it holds now (an unsaved edit, else the master's value); the service's own value stays blank", () => {
    // Inherits 5000/60: +20 % and +15 minutes.
    expect(applyRowChange(cellOf(item(5000, 60)), item(5000, 60), { percent: 20, minutes: 15 })).toEqual({ price: '6000', duration: '75' });
    // The master's own 6000 −10 % → 5400; the duration stays.
    expect(applyRowChange(cellOf(item(6000, 45)), item(6000, 45), { percent: -10, minutes: null })).toEqual({
      price: '5400',
      duration: '45',
    });
    // An unsaved edit is the start; landing on the service's own value leaves the cell blank (it inherits).
    expect(applyRowChange({ price: '4000', duration: '45' }, item(6000, 45), { percent: 25, minutes: 15 })).toEqual({
      price: '',
      duration: '',
    });
    // Nothing asked, nothing changes; an unreadable field is left as typed.
    expect(applyRowChange({ price: 'x', duration: '' }, item(5000, 60), { percent: null, minutes: null })).toEqual({
      price: 'x',
      duration: '',
    });
    expect(applyRowChange({ price: 'x', duration: '' }, item(5000, 60), { percent: 10, minutes: 5 })).toEqual({
      price: 'x',
      duration: '65',
    });
  });

  it('property: any change keeps the body inside the PUT bounds (price ≥ 0, duration 1..1440)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 1440 }),
        fc.option(fc.integer({ min: -200, max: 200 }), { nil: null }),
        fc.option(fc.integer({ min: -2000, max: 2000 }), { nil: null }),
        (price, duration, percent, minutes) => {
          const it = item(price, duration);
          const body = termsBody(applyRowChange(cellOf(it), it, { percent, minutes }));
          const effectivePrice = body.price ?? it.base_price;
          const effectiveDuration = body.duration ?? it.base_duration;
          expect(effectivePrice).toBeGreaterThanOrEqual(0);
          expect(effectiveDuration).toBeGreaterThanOrEqual(1);
          expect(effectiveDuration).toBeLessThanOrEqual(1440);
          if (percent === null) expect(effectivePrice).toBe(price);
          if (minutes === null) expect(effectiveDuration).toBe(duration);
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('saving', () => {
  it('a cell is changed only when its body differs from the server’s', () => {
    expect(cellChanged({ price: '', duration: '' }, item(5000, 60))).toBe(false);
    expect(cellChanged({ price: '5000', duration: '' }, item(5000, 60))).toBe(true); // pins the price to the master
    expect(cellChanged({ price: '7000', duration: '' }, item(7000, 60))).toBe(false);
    expect(cellChanged({ price: '7000', duration: '45' }, item(7000, 60))).toBe(true);
  });

  it('runs at most 4 at a time, every item once, and reports each failure at its place', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const items = Array.from({ length: 23 }, (_, i) => i);
    const errors = await settleLimited(items, 4, async (i) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, (i * 7) % 5));
      running--;
      if (i % 10 === 3) throw new Error(`cell ${i}`);
      done.push(i);
    });
    expect(most).toBe(4);
    expect(done.sort((a, b) => a - b)).toEqual(items.filter((i) => i % 10 !== 3));
    expect(errors.map((e, i) => (e ? i : -1)).filter((i) => i >= 0)).toEqual([3, 13]);
    expect(await settleLimited([], 4, async () => undefined)).toEqual([]);
  });
});
