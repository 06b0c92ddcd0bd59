/**
 * GET /days reads the range's bookings in pages of DAYS_PAGE in start order (days.service.ts dayByDay), not a
 * date a query: a salon's month is one read, and a page that ends inside a date still works that date out
 * with all its bookings. The test clock: Monday 2026-11-23 10:00 Asia/Almaty; 09:00-18:00, break 13:00-14:00.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../src/core/wallclock.js';
import { masters, masterServices } from '../../../src/db/schema.js';
import { DAYS_PAGE } from '../../../src/modules/availability/days.service.js';
import { registerBusiness, useTestApp } from '../../helpers/app.js';
import { bookWeekdays } from '../../helpers/booked-weekdays.js';

const queries: string[] = [];
const t = useTestApp({ onQuery: (query) => queries.push(query) });
const TUESDAY = '2026-11-24';
const HOURS = ['09', '10', '11', '12', '14', '15', '16', '17'];

/** A salon of `count` masters doing its 60-minute service, every weekday of [from, from + days) booked solid but `free`. */
async function bookedSalon(count: number, from: string, days: number, free: { date: string; master: number; hour: string }[]) {
  const owner = await registerBusiness(t);
  const { db } = t.database;
  const rows = await db
    .insert(masters)
    .values(Array.from({ length: count }, (_, i) => ({ businessId: owner.business.id, name: `Мастер ${i}` })))
    .returning({ id: masters.id });
  await db.insert(masterServices).values(rows.map((row) => ({ masterId: row.id, serviceId: owner.service.id })));
  const booked = await bookWeekdays(t, owner, { masterIds: rows.map((row) => row.id), from, days, hours: HOURS, free });
  return { owner, booked };
}

const daysOf = (owner: Awaited<ReturnType<typeof registerBusiness>>, from: string, to: string) =>
  t.op('get', '/api/v1/public/{slug}/days', { path: { slug: owner.business.slug }, query: { service_id: owner.service.id, from, to } });

const bookingReads = () => queries.filter((query) => /from "bookings"/i.test(query) && /order by/i.test(query));

describe('the date strip reads its bookings a page at a time', () => {
  it('over more than a page: a date split between two pages is worked out with all its bookings', async () => {
    // 12 masters × 8 hours × 5 weekdays: the 400th booking falls on the fifth weekday, Monday 2026-11-30.
    const free = [
      { date: '2026-11-25', master: 3, hour: '15' },
      { date: '2026-11-30', master: 11, hour: '17' },
    ];
    const { owner, booked } = await bookedSalon(12, TUESDAY, 8, free);
    expect(booked).toBeGreaterThan(DAYS_PAGE);
    queries.length = 0;
    const answer = await daysOf(owner, TUESDAY, '2026-12-01');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.data).toEqual([
      { date: TUESDAY, available: false, day_off: false },
      { date: '2026-11-25', available: true, day_off: false },
      { date: '2026-11-26', available: false, day_off: false },
      { date: '2026-11-27', available: false, day_off: false },
      { date: '2026-11-28', available: false, day_off: true },
      { date: '2026-11-29', available: false, day_off: true },
      { date: '2026-11-30', available: true, day_off: false },
      { date: '2026-12-01', available: false, day_off: false },
    ]);
    expect(bookingReads()).toHaveLength(Math.ceil((booked + 1) / DAYS_PAGE));
  });

  it("a salon's month is one read of its bookings, not one a date", async () => {
    const { owner } = await bookedSalon(2, TUESDAY, 10, []);
    queries.length = 0;
    const answer = await daysOf(owner, TUESDAY, addDays(TUESDAY, 29));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.data).toHaveLength(30);
    expect(bookingReads()).toHaveLength(1);
  });
});
