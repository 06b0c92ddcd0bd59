/**
 * drizzle/0010: the public booking's insert keeps the bookings triggers quiet and the service announces
 * the booking itself right after the commit (bookings/create.ts), so the commit does not queue behind
 * PostgreSQL's notify lock. Every instance must still hear of each booking exactly once on each channel,
 * and any other write of a booking (the panel, psql) must still notify through the triggers.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVAILABILITY_CHANNEL, BOOKING_CHANNEL } from '../../../src/db/channels.js';
import type { Unlisten } from '../../../src/db/listen.js';
import { registerBusiness, uniquePhone, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { book, createMaster } from '../../helpers/catalog.js';

const t = useTestApp();

const heard: Record<string, string[]> = { [AVAILABILITY_CHANNEL]: [], [BOOKING_CHANNEL]: [] };
const unlistens: Unlisten[] = [];
let owner: RegisteredBusiness;

beforeAll(async () => {
  for (const channel of Object.keys(heard)) {
    unlistens.push(await t.database.listen(channel, { onNotify: (payload) => heard[channel]!.push(payload), onLive: () => undefined }));
  }
  owner = await registerBusiness(t);
  await createMaster(t, owner);
});
afterAll(async () => {
  await Promise.all(unlistens.map((unlisten) => unlisten()));
});

/** Resolves once both channels have carried everything committed before: a marker sent now arrives after it (commit order). */
async function drain(): Promise<string> {
  // Shaped as a notice of a business that does not exist: every instance on this database (other test
  // files' too) forgets nothing on it, where an unknown payload would make them forget everything.
  const marker = `slots:${900_000_000 + Math.floor(Math.random() * 99_999_999)}`;
  await t.database.db.execute(sql`SELECT pg_notify(${AVAILABILITY_CHANNEL}, ${marker}), pg_notify(${BOOKING_CHANNEL}, ${marker})`);
  await expect.poll(() => Object.values(heard).every((list) => list.includes(marker)), { timeout: 3000, interval: 10 }).toBe(true);
  return marker;
}

/** What each channel said of `write`, and of nothing before or after it. */
async function noticesOf(write: () => Promise<unknown>): Promise<{ availability: string[]; bookings: Record<string, unknown>[] }> {
  await drain();
  for (const list of Object.values(heard)) list.length = 0;
  await write();
  const marker = await drain();
  // Only this business's: other test files write to the same database meanwhile.
  const ours = new RegExp(`^(?:[a-z]+:)?${owner.business.id}$`);
  return {
    availability: heard[AVAILABILITY_CHANNEL]!.filter((payload) => ours.test(payload)),
    bookings: heard[BOOKING_CHANNEL]!.filter((payload) => payload !== marker)
      .map((payload) => JSON.parse(payload) as Record<string, unknown>)
      .filter((notice) => notice.business_id === owner.business.id),
  };
}

const businessId = () => `slots:${owner.business.id}`;

describe('booking notices (drizzle/0010)', () => {
  it('a public booking is announced once on each channel, with what the trigger would have said', async () => {
    let id = '';
    const notices = await noticesOf(async () => {
      id = (await book(t, owner, { time: '09:00' })).id;
    });
    expect(notices.availability).toEqual([businessId()]);
    expect(notices.bookings).toEqual([{ business_id: owner.business.id, id, status: 'pending', change: 'created', visit_id: null }]);
  });

  it("the owner's booking and a booking under strict slots are announced once as well", async () => {
    let id = '';
    const owners = await noticesOf(async () => {
      const response = await t.op('post', '/api/v1/bookings', {
        token: owner.token,
        body: { service_id: owner.service.id, date: '2026-11-24', time: '11:00', first_name: 'Алия', phone: uniquePhone() },
      });
      expect(response.statusCode, response.body).toBe(201);
      id = response.data.id;
    });
    expect(owners.availability).toEqual([businessId()]);
    expect(owners.bookings).toEqual([{ business_id: owner.business.id, id, status: 'confirmed', change: 'created', visit_id: null }]);

    await t.op('put', '/api/v1/business', { token: owner.token, body: { strict_slots: true } });
    const strict = await noticesOf(async () => {
      id = (await book(t, owner, { time: '13:00' })).id;
    });
    expect(strict.availability).toEqual([businessId()]);
    expect(strict.bookings).toEqual([{ business_id: owner.business.id, id, status: 'pending', change: 'created', visit_id: null }]);
    await t.op('put', '/api/v1/business', { token: owner.token, body: { strict_slots: false } });
  });

  it('a replayed Idempotency-Key announces nothing: no booking was made', async () => {
    const payload = { service_id: owner.service.id, date: '2026-11-24', time: '15:00', first_name: 'Алия', phone: uniquePhone() };
    const request = () =>
      t.op('post', '/api/v1/public/{slug}/booking', {
        headers: { 'idempotency-key': 'notice-replay' },
        path: { slug: owner.business.slug },
        body: payload,
      });
    expect((await request()).statusCode).toBe(201);
    const replay = await noticesOf(async () => expect((await request()).statusCode).toBe(201));
    expect(replay).toEqual({ availability: [], bookings: [] });
  });

  it('a booking written by hand (psql, another tool) still notifies through the triggers, on insert and on update', async () => {
    const made = await book(t, owner, { time: '16:00' });
    let copy = '';
    const inserted = await noticesOf(async () => {
      const result = await t.database.db.execute(sql`
        INSERT INTO bookings (business_id, service_id, master_id, client_id, status, start_at, end_at, price_snapshot)
        SELECT business_id, service_id, master_id, client_id, status, start_at + interval '1 hour', end_at + interval '1 hour', price_snapshot
        FROM bookings WHERE id = ${made.id} RETURNING id`);
      copy = (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
    });
    expect(inserted.availability).toEqual([businessId()]);
    expect(inserted.bookings).toEqual([{ business_id: owner.business.id, id: copy, status: 'pending', change: 'created', visit_id: null }]);

    const updated = await noticesOf(() => t.database.db.execute(sql`UPDATE bookings SET status = 'confirmed' WHERE id = ${copy}`));
    expect(updated.availability).toEqual([businessId()]);
    expect(updated.bookings).toEqual([
      { business_id: owner.business.id, id: copy, status: 'confirmed', change: 'updated', visit_id: null },
    ]);
  });
});
