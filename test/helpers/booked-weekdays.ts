/** Straight into the database, for tests of size: one client's confirmed one-hour bookings on every weekday of a range. */
import { addDays, dayOfWeek } from '../../src/core/wallclock.js';
import { bookings, clients } from '../../src/db/schema.js';
import type { RegisteredBusiness, TestApp } from './app.js';

export interface WeekdayBookings {
  masterIds: readonly number[];
  from: string;
  days: number;
  /** Start hours ('09', '10'…): each master is booked at each, every weekday. */
  hours: readonly string[];
  /** Left free: `master` is an index into masterIds. */
  free?: readonly { date: string; master: number; hour: string }[];
}

/** Books the business's own service; answers how many bookings were written. */
export async function bookWeekdays(t: TestApp, owner: RegisteredBusiness, plan: WeekdayBookings): Promise<number> {
  const { db } = t.database;
  const [client] = await db.insert(clients).values({ businessId: owner.business.id, phone: '77010000000', firstName: 'Алия' }).returning();
  const booked = [];
  for (let day = 0; day < plan.days; day += 1) {
    const date = addDays(plan.from, day);
    if (dayOfWeek(date) === 0 || dayOfWeek(date) === 6) continue;
    for (const [index, masterId] of plan.masterIds.entries())
      for (const hour of plan.hours) {
        if (plan.free?.some((slot) => slot.date === date && slot.master === index && slot.hour === hour)) continue;
        const next = String(Number(hour) + 1).padStart(2, '0');
        booked.push({
          businessId: owner.business.id,
          serviceId: owner.service.id,
          masterId,
          clientId: client!.id,
          status: 'confirmed' as const,
          startAt: `${date}T${hour}:00:00`,
          endAt: `${date}T${next}:00:00`,
          priceSnapshot: 5000,
        });
      }
  }
  for (let i = 0; i < booked.length; i += 2000) await db.insert(bookings).values(booked.slice(i, i + 2000));
  return booked.length;
}
