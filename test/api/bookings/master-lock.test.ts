/**
 * The master's row lock that if_free, strict slots and visits take (FOR NO KEY UPDATE) leaves a plain
 * booking's foreign-key check of that master alone: with FOR UPDATE a plain booking of the same client
 * held the client's row and waited for the master, while the locking transaction wanted the client's
 * row for its own booking: "deadlock detected", a 500. Only PostgreSQL has two connections to race.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../../../src/core/phone.js';
import { queryRows } from '../../../src/db/driver.js';
import { insertBooking } from '../../../src/modules/bookings/bookings.queries.js';
import { assertSlotFree } from '../../../src/modules/bookings/strict-slots.js';
import { dbKind, registerBusiness, uniquePhone, useTestApp } from '../../helpers/app.js';
import { bookingRequest, createMaster } from '../../helpers/catalog.js';

const t = useTestApp();

/** Whether a booking's statement of this database waits for a lock. */
async function aBookingWaits(): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO "clients"%'`,
  );
  return row!.n > 0;
}

describe.runIf(dbKind() === 'postgres')("a master's lock and a plain booking of the same client (PostgreSQL)", () => {
  it('both bookings are made while the master is locked for one of them', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner, 'Дана');
    const phone = uniquePhone();
    let plain: Awaited<ReturnType<typeof bookingRequest>> | undefined;
    await t.database.db.transaction(async (tx) => {
      await assertSlotFree(tx, master.id, '2031-07-01T10:00:00', '2031-07-01T11:00:00', 0);
      const request = bookingRequest(t, owner, { master_id: master.id, date: '2031-07-01', time: '12:00', phone });
      void request.then((answer) => (plain = answer));
      await expect.poll(async () => plain !== undefined || (await aBookingWaits())).toBe(true);
      await insertBooking(tx, {
        businessId: owner.business.id,
        serviceId: owner.service.id,
        masterId: master.id,
        startAt: '2031-07-01T10:00:00',
        endAt: '2031-07-01T11:00:00',
        priceSnapshot: 5000,
        notes: null,
        client: { phone: normalizePhone(phone)!, firstName: 'Алия' },
        now: '2026-11-23T10:00:00',
      });
      await request;
    });
    expect(`${plain!.statusCode} ${plain!.body}`).toMatch(/^201 /);
    const [row] = await queryRows<{ n: number; clients: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n, count(DISTINCT client_id)::int AS clients FROM bookings WHERE master_id = ${master.id}`,
    );
    expect(row).toEqual({ n: 2, clients: 1 });
  }, 30_000);
});
