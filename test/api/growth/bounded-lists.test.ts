/**
 * Lists stay bounded whatever a business's history (CONTRACT.md §15): without
 * a limit GET /bookings and GET /clients answer at most 1000 items with the
 * total in X-Total-Count; the super admin's lists are paged and searchable.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/driver.js';
import { bookings, clients } from '../../../src/db/schema.js';
import { registerBusiness, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { createMaster } from '../../helpers/catalog.js';

const t = useTestApp({ env: { SUPERADMIN_USERNAME: 'root', SUPERADMIN_PASSWORD: 'super secret pass' } });
const MANY = 1005;
let owner: RegisteredBusiness;

beforeAll(async () => {
  owner = await registerBusiness(t, { business_name: 'Салон «Тысяча»' });
  const master = await createMaster(t, owner, 'Дана');
  const rows = await t.database.db
    .insert(clients)
    .values(
      Array.from({ length: MANY }, (_, i) => ({
        businessId: owner.business.id,
        phone: `7701${String(i).padStart(7, '0')}`,
        firstName: `Клиент ${i}`,
      })),
    )
    .returning({ id: clients.id });
  await t.database.db.insert(bookings).values(
    rows.map((client, i) => {
      const day = String(1 + (i % 28)).padStart(2, '0');
      const minutes = (i * 7) % 600;
      const time = `${String(8 + Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
      return {
        businessId: owner.business.id,
        serviceId: owner.service.id,
        masterId: master.id,
        clientId: client.id,
        startAt: `2026-10-${day} ${time}`,
        endAt: `2026-10-${day} ${time}`,
        priceSnapshot: 5000,
      };
    }),
  );
}, 120_000);

const get = (url: string, token = owner.token) => t.call({ method: 'GET', url: `/api/v1${url}`, token });

describe('bounded lists', () => {
  it.each(['/bookings', '/clients'])('GET %s without a limit answers 1000 items and the total', async (url) => {
    const answer = await get(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.data).toHaveLength(1000);
    expect(answer.headers['x-total-count']).toBe(String(MANY));
    const last = await get(`${url}?offset=1000`);
    expect(last.data).toHaveLength(MANY - 1000);
    expect(last.headers['x-total-count']).toBe(String(MANY));
  });

  it('a search by a number typed the Kazakh way (8 701 …) finds the client stored as 7701…', async () => {
    const found = await get(`/clients?q=${encodeURIComponent('8 701 000 00 42')}`);
    expect(found.data.map((c: { first_name: string }) => c.first_name)).toEqual(['Клиент 42']);
  });

  it('the super admin pages and searches businesses and bookings, with the total', async () => {
    const login = await t.op('post', '/api/v1/superadmin/login', { body: { username: 'root', password: 'super secret pass' } });
    const token = login.data.access_token as string;
    const found = await get(`/superadmin/businesses?q=${encodeURIComponent('тысяча')}`, token);
    expect(found.statusCode).toBe(200);
    expect(found.data.map((b: { id: number }) => b.id)).toEqual([owner.business.id]);
    expect(found.headers['x-total-count']).toBe('1');
    const byEmail = await get(`/superadmin/businesses?q=${encodeURIComponent(owner.user.email.slice(0, 12))}&limit=5`, token);
    expect(byEmail.data.map((b: { id: number }) => b.id)).toContain(owner.business.id);
    // A page as long as its answer makes the total a count of its own: the e-mail counts there too.
    const countedByEmail = await get(`/superadmin/businesses?q=${encodeURIComponent(owner.user.email)}&limit=1`, token);
    expect(countedByEmail.data.map((b: { id: number }) => b.id)).toEqual([owner.business.id]);
    expect(countedByEmail.headers['x-total-count']).toBe('1');

    const page = await get(`/superadmin/bookings?q=${encodeURIComponent(owner.business.slug)}&limit=10&offset=20`, token);
    expect(page.data).toHaveLength(10);
    expect(page.headers['x-total-count']).toBe(String(MANY));
    const all = await get('/superadmin/bookings', token);
    expect(all.data.length).toBeLessThanOrEqual(1000);
    // The status is filtered by the server, so a page is a page of that status (the panel used to filter one page).
    const none = await get(`/superadmin/bookings?q=${encodeURIComponent(owner.business.slug)}&status=confirmed`, token);
    expect(none.data).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    const pending = await get(`/superadmin/bookings?q=${encodeURIComponent(owner.business.slug)}&status=pending&limit=3`, token);
    expect(pending.data.map((b: { status: string }) => b.status)).toEqual(['pending', 'pending', 'pending']);
    expect(pending.headers['x-total-count']).toBe(String(MANY));
  });

  it("a deep page of GET /bookings is read along an index that holds the list's order: no sort of the business's bookings", async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      // Only what an index can give: without one in this order the plan must sort, whatever its cost.
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`EXPLAIN SELECT id FROM bookings WHERE business_id = ${owner.business.id}
            ORDER BY start_at, created_at, id LIMIT 50 OFFSET 1000`,
      );
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('bookings_business_list_idx');
    expect(text).not.toMatch(/\bSort\b/);
    const deep = await get('/bookings?limit=5&offset=1000');
    expect(deep.data.map((b: { start_at: string }) => b.start_at)).toEqual(
      [...deep.data.map((b: { start_at: string }) => b.start_at)].sort(),
    );
  });
});
