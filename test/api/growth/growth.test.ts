/**
 * One business grown to 40 000 bookings and 8 000 clients (CONTRACT.md §15):
 * every list stays bounded, a deep page costs about what the first does, the
 * overview is summed by the database, the client's screens stay flat. Prints
 * "growth figures" so the next change can be compared.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBusiness, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { createMaster } from '../../helpers/catalog.js';

const BOOKINGS = 40_000;
const CLIENTS = 8_000;
const t = useTestApp();
let owner: RegisteredBusiness;
const figures: Record<string, unknown> = {};

beforeAll(async () => {
  owner = await registerBusiness(t, { business_name: 'Салон «Сорок тысяч»' });
  const master = await createMaster(t, owner, 'Дана');
  const business = owner.business.id;
  await t.database.db.execute(
    sql`INSERT INTO clients (business_id, phone, first_name, notes)
        SELECT ${business}, '7701' || lpad(g::text, 7, '0'), 'Клиент ' || g, 'заметка ' || g FROM generate_series(1, ${CLIENTS}) g`,
  );
  // Two years of a busy salon around the app's "today" (2026-11-23): 20 bookings a day, in one statement
  // that may take longer than a request's statement_timeout on a busy machine.
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    await tx.execute(
      sql`INSERT INTO bookings (business_id, service_id, master_id, client_id, start_at, end_at, status, price_snapshot, notes)
        SELECT ${business}, ${owner.service.id}, ${master.id}, c.min_id + g % ${CLIENTS},
               TIMESTAMP '2025-06-01 09:00' + (g / 20) * INTERVAL '1 day' + (g % 20) * INTERVAL '30 min',
               TIMESTAMP '2025-06-01 09:30' + (g / 20) * INTERVAL '1 day' + (g % 20) * INTERVAL '30 min',
               (ARRAY['completed', 'confirmed', 'cancelled', 'pending'])[1 + g % 4], 5000, 'заметка ' || g
        FROM generate_series(0, ${BOOKINGS - 1}) g, (SELECT min(id) AS min_id FROM clients WHERE business_id = ${business}) c`,
    );
  });
  await t.database.db.execute(sql`ANALYZE`);
}, 180_000);

afterAll(() => console.log(`\ngrowth figures (${process.env.TEST_DB}): ${JSON.stringify(figures)}\n`));

const get = (url: string) => t.call({ method: 'GET', url: `/api/v1${url}`, token: owner.token });

async function timed(url: string, runs = 5): Promise<{ ms: number; bytes: number; total?: string; items?: number }> {
  const times: number[] = [];
  let last = await get(url); // warm
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    last = await get(url);
    times.push(performance.now() - started);
  }
  expect(last.statusCode).toBe(200);
  times.sort((a, b) => a - b);
  return {
    ms: Math.round(times[Math.floor(runs / 2)]! * 10) / 10,
    bytes: last.body.length,
    total: last.headers['x-total-count'] as string | undefined,
    items: Array.isArray(last.data) ? last.data.length : undefined,
  };
}

describe(`one business with ${BOOKINGS} bookings`, () => {
  it('GET /bookings and GET /clients without a limit answer one bounded page and the total', async () => {
    const bookings = await timed('/bookings', 3);
    const clients = await timed('/clients', 3);
    figures.bookingsDefault = bookings;
    figures.clientsDefault = clients;
    expect(bookings).toMatchObject({ items: 1000, total: String(BOOKINGS) });
    expect(clients).toMatchObject({ items: 1000, total: String(CLIENTS) });
    expect(bookings.bytes).toBeLessThan(1_000_000); // 13.3 MB before the bound
    expect(clients.bytes).toBeLessThan(400_000);
  });

  it('the last page costs about what the first does', async () => {
    const first = await timed('/bookings?limit=50');
    const deep = await timed(`/bookings?limit=50&offset=${BOOKINGS - 50}`);
    figures.firstPage = first;
    figures.deepPage = deep;
    expect(deep.items).toBe(50);
    expect(deep.ms).toBeLessThan(first.ms * 4 + 15); // 10.7× before the index and the late join
  });

  it('the overview is a few kilobytes, summed by the database', async () => {
    const overview = await timed('/bookings/overview');
    figures.overview = overview;
    expect(overview.bytes).toBeLessThan(8_000); // 1.3 MB when the panel read every completed booking
    const answer = await get('/bookings/overview');
    // 20 a day, 3 of 4 statuses hold their time: 15 per day on every day of the window.
    expect(answer.data.days).toHaveLength(61);
    expect(answer.data.days.every((day: { bookings: number }) => day.bookings === 15)).toBe(true);
  });

  it("the client's screens do not grow with the history", async () => {
    const slots = await timed(`/public/${owner.business.slug}/slots?date=2026-11-25`);
    const services = await timed(`/public/${owner.business.slug}/services`);
    figures.slots = slots;
    figures.services = services;
    expect(slots.ms).toBeLessThan(250);
    expect(services.ms).toBeLessThan(250);
  });
});
