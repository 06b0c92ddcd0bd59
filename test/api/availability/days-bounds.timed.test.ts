/**
 * CONTRACT.md §11 fourth pass, "public work per request is bounded by what one salon can be": GET
 * /public/{slug}/days for the largest business allowed (300 active masters) over the longest range
 * (62 days) holds the event loop at most 50 ms at a time, so parallel clients cannot slow /healthz.
 * The worst case for the strip: no master is free on any day (the service fits no one's day), so
 * every master's day is worked out, and every master has a booking on every working day.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../src/core/wallclock.js';
import { bookings, masters, masterServices } from '../../../src/db/schema.js';
import { registerBusiness, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { bookWeekdays } from '../../helpers/booked-weekdays.js';

const t = useTestApp();
const TODAY = '2026-11-23';
const MASTERS = 300;
const DAYS = 62;

/** Runs `work` while a 1 ms timer watches the loop; answers the longest gap between its ticks. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ stall: number; result: T }> {
  let last = performance.now();
  let stall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 1);
  try {
    const result = await work();
    return { stall: Math.max(stall, performance.now() - last), result };
  } finally {
    clearInterval(timer);
  }
}

describe('/days for the largest business allowed', () => {
  let owner: RegisteredBusiness;
  let url: (from: string) => string;
  let visitUrl: (from: string) => string;

  beforeAll(async () => {
    owner = await registerBusiness(t);
    const { db } = t.database;
    // 5 hours: longer than either half of the 09:00-18:00 day around its 13:00-14:00 break, so nobody fits it.
    await t.op('put', '/api/v1/services/{id}', { token: owner.token, path: { id: owner.service.id }, body: { duration: 300 } });
    const rows = await db
      .insert(masters)
      .values(Array.from({ length: MASTERS }, (_, i) => ({ businessId: owner.business.id, name: `Мастер ${i}` })))
      .returning({ id: masters.id });
    await db.insert(masterServices).values(rows.map((row) => ({ masterId: row.id, serviceId: owner.service.id })));
    // A visit of two short services every master does: each date's items fit, so every master's day is weighed for the visit.
    const short = await Promise.all(
      ['Стрижка', 'Борода'].map((name) =>
        t.op('post', '/api/v1/services', { token: owner.token, body: { name, duration: 30, price: 3000 } }),
      ),
    );
    for (const service of short)
      await db.insert(masterServices).values(rows.map((row) => ({ masterId: row.id, serviceId: service.data.id })));
    const booked = await bookWeekdays(t, owner, { masterIds: rows.map((row) => row.id), from: TODAY, days: DAYS, hours: ['10'] });
    const [{ count } = { count: 0 }] = await db.$count(bookings, eq(bookings.businessId, owner.business.id)).then((n) => [{ count: n }]);
    expect(count).toBe(booked);
    visitUrl = (from) =>
      `/api/v1/public/${owner.business.slug}/days?service_ids=${short.map((service) => service.data.id).join(',')}&from=${from}&to=${addDays(from, DAYS - 1)}`;
    url = (from) => `/api/v1/public/${owner.business.slug}/days?service_id=${owner.service.id}&from=${from}&to=${addDays(from, DAYS - 1)}`;
  }, 120_000);

  it('one request over 62 days holds the loop at most 50 ms at a time', async () => {
    // Warm: the first request compiles the route's schemas and prepares its statements.
    await t.app.inject({ method: 'GET', url: url(addDays(TODAY, 1)) });
    const stalls: number[] = [];
    for (let day = 2; day < 7; day += 1) {
      // A new `from` each time: the cache never answers.
      const { stall, result } = await longestStall(() => t.app.inject({ method: 'GET', url: url(addDays(TODAY, day)) }));
      expect(result.statusCode, result.body).toBe(200);
      const answer = JSON.parse(result.body) as { available: boolean }[];
      expect(answer).toHaveLength(DAYS);
      expect(answer.some((d) => d.available)).toBe(false);
      stalls.push(stall);
    }
    console.info(`/days, ${MASTERS} masters x ${DAYS} days: longest stall per request ${stalls.map((s) => s.toFixed(1)).join(', ')} ms`);
    expect(Math.max(...stalls)).toBeLessThan(50);
  });

  it('a visit of two services over 62 days holds the loop at most 50 ms at a time', async () => {
    await t.app.inject({ method: 'GET', url: visitUrl(addDays(TODAY, 1)) });
    const stalls: number[] = [];
    for (let day = 2; day < 5; day += 1) {
      const { stall, result } = await longestStall(() => t.app.inject({ method: 'GET', url: visitUrl(addDays(TODAY, day)) }));
      expect(result.statusCode, result.body).toBe(200);
      const answer = JSON.parse(result.body) as { available: boolean }[];
      expect(answer).toHaveLength(DAYS);
      expect(answer.some((d) => d.available)).toBe(true);
      stalls.push(stall);
    }
    console.info(
      `/days of a visit, ${MASTERS} masters x ${DAYS} days: longest stall per request ${stalls.map((s) => s.toFixed(1)).join(', ')} ms`,
    );
    expect(Math.max(...stalls)).toBeLessThan(50);
  });

  it('8 at once leave /healthz answering within 100 ms', async () => {
    const parallel = Array.from({ length: 8 }, (_, i) => t.app.inject({ method: 'GET', url: url(addDays(TODAY, 10 + i)) }));
    const waits: number[] = [];
    let done = false;
    void Promise.all(parallel).then(() => (done = true));
    while (!done) {
      const started = performance.now();
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (const answer of await Promise.all(parallel)) expect(answer.statusCode).toBe(200);
    console.info(`/healthz during 8 parallel /days: longest ${Math.max(...waits).toFixed(1)} ms of ${waits.length}`);
    expect(Math.max(...waits)).toBeLessThan(100);
  });
});
