/**
 * CONTRACT.md §19's pure rules: fitsAt (is this start free, on the grid or off it) agrees with the start
 * times the pages offer; pickAnyMaster chooses the cheapest free master, then the least busy, then the
 * lowest id; anyMasterCandidates are the masters who do the service, or all when nobody is linked.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { singleMasterSlots, type DaySchedule, type TimedBooking } from '../../src/core/availability.js';
import { anyMasterCandidates, pickAnyMaster, startTimesOfAny, type AnyMasterCandidate } from '../../src/core/any-master.js';
import { fitsAt, freeStartTimes } from '../../src/core/start-times.js';
import { addMinutes, fromMinutes, toMinutes } from '../../src/core/wallclock.js';

const DAY = '2026-11-24';
const day: DaySchedule = { startTime: '09:00', endTime: '18:00', breakStartTime: '13:00', breakEndTime: '14:00', isActive: true };
const booking = (start: string, minutes: number, bufferAfter = 0): TimedBooking => ({
  startAt: `${DAY}T${start}:00`,
  endAt: addMinutes(`${DAY}T${start}:00`, minutes),
  status: 'pending',
  bufferAfter,
});

describe('fitsAt', () => {
  const answer = singleMasterSlots(DAY, day, [booking('11:15', 60, 15)]);

  it('takes a free start off the grid; refuses a booking, a buffer, the break, the window and "now"', () => {
    expect(fitsAt(answer, 60, toMinutes('09:05'))).toBe(true);
    expect(fitsAt(answer, 60, toMinutes('10:30'))).toBe(false); // runs into the booking
    expect(fitsAt(answer, 60, toMinutes('10:05'), { bufferAfter: 15 })).toBe(false); // its own buffer does
    expect(fitsAt(answer, 60, toMinutes('10:00'), { bufferAfter: 15 })).toBe(true);
    expect(fitsAt(answer, 15, toMinutes('12:15'))).toBe(false); // the other's buffer, 12:15-12:30
    expect(fitsAt(answer, 30, toMinutes('12:45'))).toBe(false); // the break
    expect(fitsAt(answer, 60, toMinutes('17:30'))).toBe(false);
    expect(fitsAt(answer, 60, toMinutes('08:30'))).toBe(false);
    expect(fitsAt(answer, 60, toMinutes('17:00'), { bufferAfter: 30 })).toBe(true); // tidying up after closing
    expect(fitsAt(answer, 60, toMinutes('09:00'), { notBefore: toMinutes('09:01') })).toBe(false);
  });

  it('on the grid, says exactly what freeStartTimes offers', () => {
    const generated = fc.record({
      starts: fc.array(fc.integer({ min: 32, max: 80 }), { maxLength: 6 }),
      duration: fc.integer({ min: 5, max: 180 }),
      buffer: fc.integer({ min: 0, max: 45 }),
      notBefore: fc.integer({ min: 0, max: 1440 }),
    });
    fc.assert(
      fc.property(generated, ({ starts, duration, buffer, notBefore }) => {
        const bookings = starts.map((quarter) => booking(fromMinutes(quarter * 15), duration, buffer));
        const slots = singleMasterSlots(DAY, day, bookings);
        const options = { notBefore, bufferAfter: buffer };
        const offered = new Set(freeStartTimes(slots, duration, { ...options, step: 15 }));
        for (let start = 0; start < 1440; start += 15)
          expect(fitsAt(slots, duration, start, options)).toBe(offered.has(fromMinutes(start)));
      }),
    );
  });
});

describe('pickAnyMaster', () => {
  const candidate = (id: number, price: number, dayBookings: number, free = true): AnyMasterCandidate => ({ id, price, dayBookings, free });

  it('the cheapest free, then the fewest bookings that day, then the lowest id; undefined when nobody is free', () => {
    expect(pickAnyMaster([candidate(1, 7000, 0), candidate(2, 5000, 4), candidate(3, 5000, 4, false)])?.id).toBe(2);
    expect(pickAnyMaster([candidate(3, 5000, 2), candidate(2, 5000, 1), candidate(1, 5000, 3)])?.id).toBe(2);
    expect(pickAnyMaster([candidate(3, 5000, 1), candidate(2, 5000, 1)])?.id).toBe(2);
    expect(pickAnyMaster([candidate(1, 5000, 0, false)])).toBeUndefined();
    expect(pickAnyMaster([])).toBeUndefined();
  });

  it('is free, and no free candidate ranks before it, whatever the order given', () => {
    const candidates = fc.uniqueArray(
      fc.record({ id: fc.integer({ min: 1, max: 50 }), price: fc.integer({ min: 0, max: 3 }), dayBookings: fc.nat(3), free: fc.boolean() }),
      { selector: (c) => c.id, maxLength: 8 },
    );
    fc.assert(
      fc.property(candidates, (list) => {
        const picked = pickAnyMaster(list);
        const free = list.filter((c) => c.free);
        if (free.length === 0) {
          expect(picked).toBeUndefined();
          return;
        }
        const key = (c: AnyMasterCandidate) => [c.price, c.dayBookings, c.id];
        const best = [...free].sort((a, b) => key(a)[0]! - key(b)[0]! || key(a)[1]! - key(b)[1]! || a.id - b.id)[0];
        expect(picked).toBe(best);
        expect(pickAnyMaster([...list].reverse())).toBe(best);
      }),
    );
  });
});

describe('anyMasterCandidates and startTimesOfAny', () => {
  it('the masters linked to the service, in the given order; all of them when nobody is linked', () => {
    expect(anyMasterCandidates([1, 2, 3], [3, 1, 9])).toEqual([1, 3]);
    expect(anyMasterCandidates([1, 2, 3], [9])).toEqual([1, 2, 3]);
    expect(anyMasterCandidates([], [1])).toEqual([]);
  });

  it("is the union of each master's own start times, each with their own duration", () => {
    const busy = singleMasterSlots(DAY, day, [booking('09:00', 240)]);
    const free = singleMasterSlots(DAY, day, []);
    const times = startTimesOfAny(
      [
        { answer: busy, duration: 60 },
        { answer: free, duration: 240 },
      ],
      { step: 60 },
    );
    expect(times).toEqual(['09:00', '14:00', '15:00', '16:00', '17:00']);
  });
});
