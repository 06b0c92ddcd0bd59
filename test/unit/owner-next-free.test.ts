/**
 * "+ Новая запись" proposes the owner's next free time from the owner's own data (CONTRACT.md §17:
 * the owner's POST /bookings is not limited by the public notice or horizon): the master's schedule
 * row, the bookings with their services' buffers, the break; never the client's booking window.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { singleMasterSlots } from '../../src/core/availability.js';
import { bookingWindow, windowOnDate } from '../../src/core/booking-window.js';
import { freeStartTimes } from '../../src/core/start-times.js';
import { firstFreeStart, nextFreeStart, ownerFreeDays, type DayRow, type OwnBooking } from '../../web/src/admin/bookings/next-free.js';

const ROW: DayRow = { start_time: '09:00', end_time: '18:00', break_start_time: '13:00', break_end_time: '14:00', is_active: true };
const OFF: DayRow = { ...ROW, is_active: false };
const NOW = { date: '2026-11-23', minutes: 10 * 60 };
const NOW_NAIVE = '2026-11-23T10:00:00';
const buffers = new Map([
  [1, 15],
  [2, 0],
]);
const booking = (date: string, from: string, to: string, serviceId = 1, status = 'confirmed'): OwnBooking => ({
  start_at: `${date}T${from}:00`,
  end_at: `${date}T${to}:00`,
  status,
  service: { id: serviceId },
});
/** What the public slots would answer for the same master and day, with the client's booking window. */
const publicAnswer = (date: string, bookings: OwnBooking[], rules: { minNoticeMinutes: number; bookingHorizonDays: number | null }) =>
  singleMasterSlots(
    date,
    {
      startTime: ROW.start_time,
      endTime: ROW.end_time,
      breakStartTime: ROW.break_start_time,
      breakEndTime: ROW.break_end_time,
      isActive: true,
    },
    bookings.map((b) => ({ startAt: b.start_at, endAt: b.end_at, status: b.status, bufferAfter: buffers.get(b.service.id) })),
    windowOnDate(bookingWindow(NOW_NAIVE, rules), date),
  );

describe("the owner's next free time", () => {
  const bookings = [booking('2026-11-23', '10:00', '11:00'), booking('2026-11-23', '15:00', '16:00', 2, 'cancelled')];

  it('a business with notice 240 and horizon 1: the owner still gets now/the next slot and a date past the horizon', () => {
    const rules = { minNoticeMinutes: 240, bookingHorizonDays: 1 };
    // The client is offered nothing before 14:00 today and nothing on Wednesday.
    expect(freeStartTimes(publicAnswer('2026-11-23', bookings, rules), 30, { bufferAfter: 15 })[0]).toBe('14:00');
    expect(freeStartTimes(publicAnswer('2026-11-25', [], rules), 30)).toEqual([]);

    const days = ownerFreeDays(['2026-11-23', '2026-11-24', '2026-11-25'], () => ROW, bookings, buffers);
    // 10:00-11:00 with its 15-minute buffer keeps the master until 11:15; the cancelled one occupies nothing.
    expect(days[0]!.answer).toEqual({
      work_start: '09:00',
      work_end: '18:00',
      busy_intervals: [
        ['10:00', '11:15'],
        ['13:00', '14:00'],
      ],
    });
    expect(firstFreeStart(days, 30, NOW)).toEqual({ date: '2026-11-23', time: '11:15' });
    // Free right now: now itself.
    expect(
      firstFreeStart(
        ownerFreeDays(['2026-11-23'], () => ROW, [], buffers),
        30,
        NOW,
      ),
    ).toEqual({ date: '2026-11-23', time: '10:00' });
    // Past the horizon (Wednesday) the owner is still offered the morning.
    expect(firstFreeStart(days.slice(2), 30, NOW)).toEqual({ date: '2026-11-25', time: '09:00' });
  });

  it('the schedule row of each date (a day off is closed) and a booking from the evening before that runs past midnight', () => {
    const rowOf = (date: string) => (date === '2026-11-24' ? OFF : { ...ROW, start_time: '00:00' });
    const late = { start_at: '2026-11-22T23:00:00', end_at: '2026-11-23T01:00:00', status: 'confirmed', service: { id: 2 } };
    const days = ownerFreeDays(['2026-11-23', '2026-11-24'], rowOf, [late], buffers);
    expect(days[0]!.answer.busy_intervals[0]).toEqual(['00:00', '01:00']);
    expect(days[1]!.answer).toEqual({ work_start: '00:00', work_end: '00:00', busy_intervals: [] });
    expect(firstFreeStart(days, 30, { date: '2026-11-23', minutes: 0 })).toEqual({ date: '2026-11-23', time: '01:00' });
  });

  it('one request per week, the week from today when the calendar shows an earlier date', async () => {
    const asked: string[][] = [];
    const found = await nextFreeStart(
      async (dates) => (asked.push(dates), ownerFreeDays(dates, () => ROW, [booking('2026-11-23', '09:00', '18:00', 2)], buffers)),
      '2026-11-20',
      60,
      NOW,
    );
    expect(found).toEqual({ date: '2026-11-24', time: '09:00' });
    expect(asked).toEqual([['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']]);
  });

  it('whatever the notice and horizon, every start a client is offered is offered to the owner too', () => {
    const slot = fc.integer({ min: 36, max: 71 }).map((quarter) => quarter * 15);
    const hm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10080 }),
        fc.option(fc.integer({ min: 1, max: 365 }), { nil: null }),
        fc.array(fc.tuple(slot, fc.integer({ min: 1, max: 8 }), fc.constantFrom(1, 2)), { maxLength: 6 }),
        fc.constantFrom('2026-11-23', '2026-11-24', '2026-12-30'),
        fc.integer({ min: 15, max: 120 }),
        (notice, horizon, raw, date, duration) => {
          const list = raw.map(([start, quarters, service]) =>
            booking(date, hm(start), hm(Math.min(start + quarters * 15, 1439)), service),
          );
          const rules = { minNoticeMinutes: notice, bookingHorizonDays: horizon };
          const notBefore = date === NOW.date ? NOW.minutes : 0;
          const client = freeStartTimes(publicAnswer(date, list, rules), duration, { notBefore, bufferAfter: 15 });
          const [day] = ownerFreeDays([date], () => ROW, list, buffers);
          const owner = freeStartTimes(day!.answer, duration, { notBefore, bufferAfter: 15 });
          expect(owner).toEqual(
            freeStartTimes(publicAnswer(date, list, { minNoticeMinutes: 0, bookingHorizonDays: null }), duration, {
              notBefore,
              bufferAfter: 15,
            }),
          );
          for (const time of client) expect(owner).toContain(time);
        },
      ),
      { numRuns: 500 },
    );
  });
});
