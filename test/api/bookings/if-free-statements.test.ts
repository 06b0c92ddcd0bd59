/**
 * The if_free booking runs its lock and its day's read inside a transaction, a new database handle
 * each time. Their statements are built once per connection, not once per transaction: on
 * PostgreSQL a transaction runs on one of the pool's few connections, so the next transaction on it
 * reuses what the first built (drizzle's query building was a visible part of every if_free booking).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { preparedPerDb } from '../../../src/db/prepared.js';
import { masters } from '../../../src/db/schema.js';
import { dbKind, registerBusiness, useTestApp, type TestApp } from '../../helpers/app.js';
import { bookingRequest } from '../../helpers/catalog.js';
import { expectRefusal } from '../../helpers/refusal.js';

const t: TestApp = useTestApp();
const DATE = '2026-11-24';

describe('statements inside a transaction', () => {
  it('are built once per connection: two transactions one after the other on PostgreSQL build once', async () => {
    let builds = 0;
    const statement = preparedPerDb((db) => {
      builds += 1;
      return db
        .select({ one: sql<number>`1` })
        .from(masters)
        .limit(1)
        .prepare('test_built_per_connection');
    });
    for (let i = 0; i < 3; i += 1) await t.database.db.transaction(async (tx) => statement(tx).execute());
    // node-postgres hands the connection released last to the next transaction; PGlite gives every transaction its own handle.
    expect(builds).toBe(dbKind() === 'postgres' ? 1 : 3);
  });

  it('an if_free booking after another one still sees the first: the reused statements read the day anew', async () => {
    const owner = await registerBusiness(t);
    const master = await t.op('post', '/api/v1/masters', { token: owner.token, body: { name: 'Мастер', service_ids: [owner.service.id] } });
    const first = await bookingRequest(t, owner, { master_id: master.data.id, date: DATE, time: '12:00', if_free: true });
    expect(first.statusCode, first.body).toBe(201);
    const again = await bookingRequest(t, owner, { master_id: master.data.id, date: DATE, time: '12:00', if_free: true });
    expectRefusal(again, 'slot_taken');
    const next = await bookingRequest(t, owner, { master_id: master.data.id, date: DATE, time: '14:00', if_free: true });
    expect(next.statusCode, next.body).toBe(201);
  });
});
