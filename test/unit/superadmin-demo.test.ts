import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_MASTERS, DEMO_SERVICES, demoBookingPlan } from '../../src/modules/superadmin/demo.js';
import { addDays, dayOfWeek, toMinutes } from '../../src/core/wallclock.js';

const dates = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('demoBookingPlan', () => {
  it('keeps every booking inside the next 7 days, a working day of its master, outside the break, without overlaps', () => {
    fc.assert(
      fc.property(dates, (today) => {
        const plan = demoBookingPlan(today);
        expect(plan.length).toBeGreaterThan(10);
        for (const booking of plan) {
          const date = booking.startAt.slice(0, 10);
          expect(date >= today && date < addDays(today, 7)).toBe(true);
          const master = DEMO_MASTERS[booking.master]!;
          expect(master.services).toContain(booking.service);
          const day = master.week.find((row) => row.dayOfWeek === dayOfWeek(date))!;
          expect(day.isActive).toBe(true);
          const start = toMinutes(booking.startAt.slice(11, 16));
          const end = start + DEMO_SERVICES[booking.service]!.duration;
          expect(start).toBeGreaterThanOrEqual(toMinutes(day.startTime));
          expect(end).toBeLessThanOrEqual(toMinutes(day.endTime));
          if (day.breakStartTime && day.breakEndTime) {
            expect(end <= toMinutes(day.breakStartTime) || start >= toMinutes(day.breakEndTime)).toBe(true);
          }
        }
        for (const a of plan) {
          for (const b of plan) {
            if (a !== b && a.master === b.master) expect(a.endAt <= b.startAt || b.endAt <= a.startAt).toBe(true);
          }
        }
      }),
      { numRuns: 50 },
    );
  });
});
