/**
 * web/src/booking/quote.ts: the master and price the booking page shows for "any master" before
 * «Записаться» (CONTRACT.md §19) are the server's rule (core/any-master.ts pickAnyMaster) over what the
 * page sees; a price tie names nobody (decision 0074).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickAnyMaster } from '../../src/core/any-master.js';
import { fitsAt } from '../../src/core/start-times.js';
import { toMinutes } from '../../src/core/wallclock.js';
import { anyMasterQuote, visitQuote, type QuoteCandidate } from '../../web/src/booking/quote.js';

const day = (busy: [string, string][] = []) => ({ work_start: '09:00', work_end: '18:00', busy_intervals: busy });
const junior: QuoteCandidate = { id: 1, price: 5000, duration: 60, answer: day() };
const senior: QuoteCandidate = { id: 2, price: 7000, duration: 45, answer: day() };

describe('anyMasterQuote', () => {
  it('names the cheapest free master with their price; the dearer one when the cheaper is busy; null when nobody is free', () => {
    expect(anyMasterQuote([senior, junior], '10:00', {})).toEqual({ masterId: 1, price: 5000 });
    const busyJunior = { ...junior, answer: day([['10:00', '11:00']]) };
    expect(anyMasterQuote([busyJunior, senior], '10:00', {})).toEqual({ masterId: 2, price: 7000 });
    // The buffer after counts: the junior's 60 minutes + 15 run into 11:00.
    const laterBusy = { ...junior, answer: day([['11:00', '12:00']]) };
    expect(anyMasterQuote([laterBusy, senior], '10:00', { bufferAfter: 15 })).toEqual({ masterId: 2, price: 7000 });
    expect(anyMasterQuote([busyJunior, { ...senior, answer: day([['09:00', '18:00']]) }], '10:00', {})).toBeNull();
    expect(anyMasterQuote([junior, senior], '09:30', { notBefore: toMinutes('10:00') })).toBeNull();
  });

  it('names nobody when another free master costs the same: the price holds whoever the server picks', () => {
    expect(anyMasterQuote([junior, { ...senior, price: 5000 }], '10:00', {})).toEqual({ masterId: null, price: 5000 });
  });

  it('property: the price is the price pickAnyMaster charges for any count of bookings the page cannot see', () => {
    const candidate = fc.record({
      id: fc.integer({ min: 1, max: 50 }),
      price: fc.constantFrom(4000, 5000, 7000),
      duration: fc.constantFrom(30, 45, 60),
      busyFrom: fc.integer({ min: 36, max: 70 }).map((q) => q * 15),
      dayBookings: fc.integer({ min: 0, max: 5 }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(candidate, { selector: (c) => c.id, maxLength: 5 }), fc.integer({ min: 36, max: 68 }), (list, q) => {
        const time = `${String(Math.floor((q * 15) / 60)).padStart(2, '0')}:${String((q * 15) % 60).padStart(2, '0')}`;
        const withAnswers = list.map((c) => {
          const busyStart = `${String(Math.floor(c.busyFrom / 60)).padStart(2, '0')}:${String(c.busyFrom % 60).padStart(2, '0')}`;
          return { ...c, answer: day([[busyStart, '18:00']]) };
        });
        const quote = anyMasterQuote(withAnswers, time, {});
        const server = pickAnyMaster(withAnswers.map((c) => ({ ...c, free: fitsAt(c.answer, c.duration, toMinutes(time)) })));
        expect(quote?.price).toBe(server?.price);
        if (quote?.masterId != null) expect(quote.masterId).toBe(server!.id);
      }),
    );
  });
});

describe('visitQuote (CONTRACT.md §20)', () => {
  const item = (bufferAfter: number, ...candidates: QuoteCandidate[]) => ({
    bufferAfter,
    candidates: candidates.map(({ id, price, duration, answer }) => ({ id, price, dayBookings: 0, window: { answer, duration } })),
  });

  it("each item's master, time and price back to back, and the total; null when an item fits nobody", () => {
    const beard = { ...junior, price: 2000, duration: 10 };
    expect(visitQuote([item(0, junior), item(0, beard)], '10:00', 0)).toEqual({
      masterId: null,
      price: 7000,
      items: [
        { masterId: 1, start: '10:00', end: '11:00', price: 5000 },
        { masterId: 1, start: '11:00', end: '11:10', price: 2000 },
      ],
    });
    const busyBeard = { ...beard, answer: day([['11:00', '11:30']]) };
    expect(visitQuote([item(0, junior), item(0, busyBeard)], '10:00', 0)).toBeNull();
    expect(visitQuote([item(0, junior), item(0, beard)], '10:00', toMinutes('10:30'))).toBeNull();
  });

  it('an "any master" item names nobody when another master free then costs the same', () => {
    const twin = { ...junior, id: 3 };
    const quote = visitQuote([item(0, junior, twin), item(0, senior)], '10:00', 0);
    expect(quote?.items?.map((quoted) => quoted.masterId)).toEqual([null, 2]);
    expect(quote?.price).toBe(12000);
  });
});
