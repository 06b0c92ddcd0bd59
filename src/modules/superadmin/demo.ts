/** The demo business of POST /superadmin/seed: pure data and the booking plan (no I/O). */
import type { ScheduleValues } from '../schedules/defaults.js';
import { defaultMasterWeek } from '../schedules/defaults.js';
import { bookingEndFor, bookingTerms } from '../bookings/timing.js';
import type { TermsOverride } from '../../core/master-terms.js';
import { addDays, combine, dayOfWeek, fromMinutes, toMinutes, type IsoDate } from '../../core/wallclock.js';

export const DEMO_BUSINESS = { name: 'Салон красоты «Жасмин»', address: 'Алматы, проспект Абая, 150', slug: 'demo-salon' };
export const DEMO_ADMIN_NAME = 'Жанна Ахметова';

export const DEMO_CATEGORIES = ['Парикмахерские услуги', 'Ногтевой сервис'] as const;

export const DEMO_SERVICES = [
  { name: 'Мужская стрижка', duration: 45, price: 5000, category: 0 },
  { name: 'Женская стрижка', duration: 60, price: 8000, category: 0 },
  { name: 'Окрашивание волос', duration: 90, price: 15000, category: 0 },
  { name: 'Маникюр', duration: 60, price: 6000, category: 1 },
  { name: 'Педикюр', duration: 90, price: 8000, category: 1 },
  { name: 'Покрытие гель-лаком', duration: 45, price: 4000, category: 1 },
] as const;

const week = (days: number[], start: string, end: string, breakAt: [string, string] | null): ScheduleValues[] =>
  defaultMasterWeek().map((row) => ({
    ...row,
    startTime: start,
    endTime: end,
    breakStartTime: breakAt?.[0] ?? null,
    breakEndTime: breakAt?.[1] ?? null,
    isActive: days.includes(row.dayOfWeek),
  }));

interface DemoMaster {
  name: string;
  services: number[];
  week: ScheduleValues[];
  /** The master's own price and duration per service index (CONTRACT.md §17). */
  own?: Partial<Record<number, TermsOverride>>;
}

/** Three masters, each with services (indexes into DEMO_SERVICES) and an own week; the senior one has own prices. */
export const DEMO_MASTERS: DemoMaster[] = [
  { name: 'Айгуль Нурланова', services: [0, 1, 2], week: defaultMasterWeek() },
  { name: 'Ольга Смирнова', services: [3, 4, 5], week: week([1, 2, 3, 4, 5], '10:00', '19:00', ['14:00', '15:00']) },
  {
    name: 'Дмитрий Ким',
    services: [0, 1, 3],
    week: week([0, 1, 2, 3, 4, 5], '11:00', '20:00', null),
    own: { 0: { price: 7000, duration: 60 }, 1: { price: 10000, duration: null } },
  },
];

export const DEMO_CLIENTS = [
  { firstName: 'Алия', phone: '77015550101' },
  { firstName: 'Ерлан', phone: '77015550102' },
  { firstName: 'Мария', phone: '77075550103' },
  { firstName: 'Санжар', phone: '77775550104' },
  { firstName: 'Дана', phone: '77015550105' },
  { firstName: 'Асель', phone: '77085550106' },
  { firstName: 'Тимур', phone: '77055550107' },
  { firstName: 'Екатерина', phone: '77475550108' },
];

export interface PlannedBooking {
  master: number;
  service: number;
  client: number;
  startAt: string;
  endAt: string;
  /** The price with that master (price_snapshot). */
  price: number;
  status: 'pending' | 'confirmed' | 'cancelled';
}

/** Starts at +0 h, +2 h and +5 h into the master's day: with services of at most 90 minutes they never overlap nor hit a break. */
const SLOT_OFFSETS = [0, 120, 300];

/** Bookings over the 7 days from `today`, on the masters' working days, a few slots left free. */
export function demoBookingPlan(today: IsoDate): PlannedBooking[] {
  const plan: PlannedBooking[] = [];
  for (let offset = 0; offset < 7; offset += 1) {
    const date = addDays(today, offset);
    DEMO_MASTERS.forEach((master, m) => {
      const day = master.week.find((row) => row.dayOfWeek === dayOfWeek(date));
      if (!day?.isActive) return;
      SLOT_OFFSETS.forEach((minutes, slot) => {
        if ((offset + m + slot) % 4 === 3) return;
        const service = master.services[(offset + slot) % master.services.length]!;
        const startAt = combine(date, fromMinutes(toMinutes(day.startTime) + minutes));
        const n = plan.length;
        const terms = bookingTerms(DEMO_SERVICES[service]!, master.own?.[service]);
        plan.push({
          master: m,
          service,
          client: (offset * 3 + m + slot) % DEMO_CLIENTS.length,
          startAt,
          endAt: bookingEndFor(startAt, terms),
          price: terms.price,
          status: n % 7 === 6 ? 'cancelled' : offset <= 1 ? 'confirmed' : 'pending',
        });
      });
    });
  }
  return plan;
}
