/** When a booking ends (src/core/booking-timing.ts, src/modules/bookings/timing.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingEnd } from '../../src/core/booking-timing.js';
import { toMinutes, type NaiveDateTime } from '../../src/core/wallclock.js';
import { bookingEndFor, bookingTerms } from '../../src/modules/bookings/timing.js';

const minutesSinceEpoch = (naive: NaiveDateTime) => Date.parse(`${naive}Z`) / 60_000;

describe('bookingEnd', () => {
  it('adds the duration on the wall clock', () => {
    expect(bookingEnd('2026-11-24T10:00:00', 60)).toBe('2026-11-24T11:00:00');
    expect(bookingEnd('2026-11-24T10:15:00', 45)).toBe('2026-11-24T11:00:00');
  });

  it('crosses midnight, a month and a year end', () => {
    expect(bookingEnd('2026-11-24T23:30:00', 90)).toBe('2026-11-25T01:00:00');
    expect(bookingEnd('2026-11-30T23:00:00', 120)).toBe('2026-12-01T01:00:00');
    expect(bookingEnd('2026-12-31T23:45:00', 30)).toBe('2027-01-01T00:15:00');
  });

  it('property: ends exactly `duration` minutes after the start, seconds kept at :00', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 24 * 60 }), fc.integer({ min: 1, max: 24 * 60 }), (offset, duration) => {
        const start = new Date(Date.UTC(2026, 0, 1) + offset * 60_000).toISOString().slice(0, 19);
        const end = bookingEnd(start, duration);
        expect(minutesSinceEpoch(end) - minutesSinceEpoch(start)).toBe(duration);
        expect(end.endsWith(':00')).toBe(true);
        expect(toMinutes(end.slice(11, 16))).toBe((toMinutes(start.slice(11, 16)) + duration) % 1440);
      }),
    );
  });
});

describe('bookingTerms / bookingEndFor (service, master) — CONTRACT.md §17', () => {
  const service = { duration: 90, price: 5000, buffer_after: 15 };

  it('lasts the service duration for a master without an own one', () => {
    expect(bookingTerms(service, undefined).duration).toBe(90);
    expect(bookingTerms(service, { price: 7000, duration: null }).duration).toBe(90);
    expect(bookingEndFor('2026-11-24T10:00:00', bookingTerms(service, undefined))).toBe('2026-11-24T11:30:00');
  });

  it("takes the master's own duration and price, and the service's buffer", () => {
    expect(bookingTerms(service, { price: 7000, duration: 45 })).toEqual({ price: 7000, duration: 45, bufferAfter: 15 });
    expect(bookingTerms(service, { price: null, duration: 45 })).toEqual({ price: 5000, duration: 45, bufferAfter: 15 });
    expect(bookingEndFor('2026-11-24T10:00:00', bookingTerms(service, { price: null, duration: 45 }))).toBe('2026-11-24T10:45:00');
  });

  it('property: the end is the start plus the effective duration', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1440 }), fc.option(fc.integer({ min: 1, max: 1440 })), (base, own) => {
        const terms = bookingTerms({ duration: base, price: 0 }, { price: null, duration: own });
        const end = bookingEndFor('2026-11-24T00:00:00', terms);
        expect(minutesSinceEpoch(end) - minutesSinceEpoch('2026-11-24T00:00:00')).toBe(own ?? base);
      }),
    );
  });
});
