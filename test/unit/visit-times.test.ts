/**
 * CONTRACT.md §20's pure rule (core/visit-times.ts): the start times a visit is offered at are the ones the
 * server accepts, no placed item breaks its master's day (working hours, breaks, bookings, buffers, time off:
 * all inside /slots' answer), a master's consecutive items are one sitting, and a visit of one item is
 * §19's one booking.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickAnyMaster, startTimesOfAny } from '../../src/core/any-master.js';
import { fitsAt, type WindowAnswer } from '../../src/core/start-times.js';
import { visitStatus } from '../../src/core/visit-status.js';
import {
  itemBuffer,
  placeVisit,
  visitSizeAllowed,
  visitStartTimes,
  visitTooLong,
  type VisitCandidate,
  type VisitItem,
} from '../../src/core/visit-times.js';
import { fromMinutes, toMinutes } from '../../src/core/wallclock.js';

const STEP = 15;

/** A master's day as /slots answers it: a working window and sorted, disjoint busy intervals inside the day. */
const answerArb: fc.Arbitrary<WindowAnswer> = fc
  .record({
    open: fc.integer({ min: 0, max: 160 }).map((n) => n * 5),
    length: fc.integer({ min: 0, max: 130 }).map((n) => n * 5),
    busy: fc.array(fc.record({ start: fc.integer({ min: 0, max: 287 }), length: fc.integer({ min: 1, max: 24 }) }), { maxLength: 4 }),
  })
  .map(({ open, length, busy }) => {
    const close = Math.min(open + length, 1440);
    const intervals = busy
      .map(({ start, length: l }) => [start * 5, Math.min(start * 5 + l * 5, 1440)] as const)
      .sort((a, b) => a[0] - b[0])
      .reduce<Array<[number, number]>>((merged, [s, e]) => {
        const last = merged.at(-1);
        if (last && s <= last[1]) last[1] = Math.max(last[1], e);
        else merged.push([s, e]);
        return merged;
      }, []);
    return {
      work_start: fromMinutes(open),
      work_end: fromMinutes(close),
      busy_intervals: intervals.map(([s, e]) => [fromMinutes(s), fromMinutes(e)] as const),
    };
  });

/** A day of 1-3 masters and a visit of 1-5 items, each named or "any master" among some of them. */
const visitArb = fc
  .record({
    answers: fc.array(answerArb, { minLength: 1, maxLength: 3 }),
    dayBookings: fc.array(fc.nat(3), { minLength: 3, maxLength: 3 }),
  })
  .chain(({ answers, dayBookings }) =>
    fc
      .array(
        fc.record({
          masters: fc.subarray(
            answers.map((_, index) => index + 1),
            { minLength: 1 },
          ),
          durations: fc.array(
            fc.integer({ min: 1, max: 36 }).map((n) => n * 5),
            { minLength: 3, maxLength: 3 },
          ),
          prices: fc.array(
            fc.integer({ min: 1, max: 5 }).map((n) => n * 1000),
            { minLength: 3, maxLength: 3 },
          ),
          bufferAfter: fc.constantFrom(0, 0, 10, 15, 30),
        }),
        { minLength: 1, maxLength: 5 },
      )
      .map((items) =>
        items.map((item): VisitItem => ({
          bufferAfter: item.bufferAfter,
          candidates: item.masters.map((id): VisitCandidate => ({
            id,
            price: item.prices[id - 1]!,
            dayBookings: dayBookings[id - 1]!,
            window: { answer: answers[id - 1]!, duration: item.durations[id - 1]! },
          })),
        })),
      ),
  );

const notBeforeArb = fc.option(fc.integer({ min: 0, max: 1440 }), { nil: undefined });

const busyOf = (answer: WindowAnswer) => answer.busy_intervals.map(([s, e]) => [toMinutes(s), toMinutes(e)] as const);

describe('visitStartTimes and placeVisit (CONTRACT.md §20)', () => {
  it('every start offered is accepted by the server’s placeVisit, within 12 hours', () => {
    fc.assert(
      fc.property(visitArb, notBeforeArb, (items, notBefore) => {
        for (const time of visitStartTimes(items, { step: STEP, notBefore })) {
          const placed = placeVisit(items, toMinutes(time), { notBefore });
          expect(placed, time).toBeDefined();
          expect(visitTooLong(placed!)).toBe(false);
        }
      }),
      { numRuns: 10_000 },
    );
  });

  it("no placed item breaks its master's window, busy time (breaks, bookings, time off) or a sitting's buffer", () => {
    fc.assert(
      fc.property(visitArb, fc.integer({ min: 0, max: 287 }), (items, slot) => {
        const placed = placeVisit(items, slot * 5);
        if (!placed) return;
        placed.forEach((item, index) => {
          const { answer } = item.candidate.window;
          expect(item.start).toBeGreaterThanOrEqual(toMinutes(answer.work_start));
          expect(item.end).toBeLessThanOrEqual(toMinutes(answer.work_end));
          if (index > 0) expect(item.start).toBe(placed[index - 1]!.end);
          const sittingGoesOn = placed[index + 1]?.candidate.id === item.candidate.id;
          const occupied = item.end + (sittingGoesOn ? 0 : items[index]!.bufferAfter);
          for (const [s, e] of busyOf(answer)) expect(occupied <= s || item.start >= e).toBe(true);
          // A closed sitting's buffer never reaches the same master's later item of this visit.
          if (!sittingGoesOn)
            for (const later of placed.slice(index + 1))
              if (later.candidate.id === item.candidate.id) expect(later.start).toBeGreaterThanOrEqual(occupied);
        });
      }),
      { numRuns: 10_000 },
    );
  });

  it("a visit of one item is §19's one booking: the same start times, the same master", () => {
    fc.assert(
      fc.property(visitArb, notBeforeArb, fc.integer({ min: 0, max: 287 }), (items, notBefore, slot) => {
        const item = items[0]!;
        const windows = item.candidates.map((candidate) => candidate.window);
        expect(visitStartTimes([item], { step: STEP, notBefore })).toEqual(
          startTimesOfAny(windows, { step: STEP, notBefore, bufferAfter: item.bufferAfter }),
        );
        const start = slot * 5;
        const today = pickAnyMaster(
          item.candidates.map((candidate) => ({
            ...candidate,
            free: fitsAt(candidate.window.answer, candidate.window.duration, start, { notBefore, bufferAfter: item.bufferAfter }),
          })),
        );
        expect(placeVisit([item], start, { notBefore })?.[0]?.candidate.id).toBe(today?.id);
      }),
      { numRuns: 10_000 },
    );
  });
});

describe('the sitting and the other rules', () => {
  const day: WindowAnswer = { work_start: '09:00', work_end: '18:00', busy_intervals: [['11:40', '12:00']] };
  const master = (id: number, duration: number): VisitCandidate => ({ id, price: 1000, dayBookings: 0, window: { answer: day, duration } });

  it("skips the buffer between one master's consecutive items, keeps it after the sitting", () => {
    const items: VisitItem[] = [
      { bufferAfter: 30, candidates: [master(1, 60)] },
      { bufferAfter: 15, candidates: [master(1, 30)] },
    ];
    expect(itemBuffer(items, 0, 1)).toBe(0);
    expect(itemBuffer(items, 1, 1)).toBe(15);
    expect(placeVisit(items, toMinutes('10:00'))).toBeUndefined(); // 11:30 + 15 runs into 11:40
    expect(placeVisit(items, toMinutes('09:45'))?.map((item) => item.end)).toEqual([toMinutes('10:45'), toMinutes('11:15')]);
  });

  it('force places over busy time; 2 to 5 items; 12 hours at most; the status is common or mixed', () => {
    const items: VisitItem[] = [
      { bufferAfter: 0, candidates: [master(1, 60)] },
      { bufferAfter: 0, candidates: [master(1, 60)] },
    ];
    expect(placeVisit(items, toMinutes('11:00'))).toBeUndefined();
    expect(placeVisit(items, toMinutes('11:00'), { force: true })).toHaveLength(2);
    expect([1, 2, 5, 6].map(visitSizeAllowed)).toEqual([false, true, true, false]);
    expect(visitTooLong([{ candidate: master(1, 0), start: 0, end: 721 }])).toBe(true);
    expect(visitStatus(['pending', 'pending'])).toBe('pending');
    expect(visitStatus(['pending', 'confirmed'])).toBe('mixed');
  });
});
