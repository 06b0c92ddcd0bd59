/**
 * Tenant isolation matrix: business B's token on every provider route that
 * names an object of business A is 404 (never 403: no leak that it exists)
 * and leaves A's data exactly as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerBusiness, uniquePhone, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';

const t = useTestApp();

interface Tenant extends RegisteredBusiness {
  categoryId: number;
  masterId: number;
  clientId: number;
  scheduleRowId: number;
  masterScheduleRowId: number;
  bookingId: string;
}

async function tenant(): Promise<Tenant> {
  const owner = await registerBusiness(t);
  const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.call({ method, url: `/api/v1${url}`, token: owner.token, payload });
  const category = await as('POST', '/categories', { name: 'Стрижки' });
  await as('PUT', `/services/${owner.service.id}`, { category_id: category.data.id });
  const master = await as('POST', '/masters', { name: 'Мастер', service_ids: [owner.service.id] });
  const masterWeek = await as('POST', `/schedule/master/${master.data.id}`);
  const booking = await t.op('post', '/api/v1/public/{slug}/booking', {
    path: { slug: owner.business.slug },
    body: {
      service_id: owner.service.id,
      master_id: master.data.id,
      date: '2026-11-24',
      time: '10:00',
      first_name: 'Алия',
      phone: uniquePhone(),
    },
  });
  const clients = await as('GET', '/clients');
  const week = await as('GET', '/schedule');
  return {
    ...owner,
    categoryId: category.data.id,
    masterId: master.data.id,
    clientId: clients.data[0].id,
    scheduleRowId: week.data[0].id,
    masterScheduleRowId: masterWeek.data[0].id,
    bookingId: booking.data.id,
  };
}

/** Everything A can see of itself. */
async function snapshot(owner: Tenant) {
  const urls = [
    '/business',
    '/services',
    `/services/${owner.service.id}`,
    '/categories',
    '/masters',
    `/masters/${owner.masterId}`,
    '/clients',
    '/schedule',
    `/schedule/master/${owner.masterId}`,
    '/bookings',
    `/bookings/${owner.bookingId}`,
  ];
  const state: Record<string, unknown> = {};
  for (const url of urls) {
    const response = await t.call({ method: 'GET', url: `/api/v1${url}`, token: owner.token });
    expect(response.statusCode, url).toBe(200);
    state[url] = response.data;
  }
  const proposals = await t.op('get', '/api/v1/reschedule/{booking_id}', { token: owner.token, path: { booking_id: owner.bookingId } });
  if (proposals.statusCode === 200) state.proposals = proposals.data;
  return state;
}

type Probe = [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object];

function probes(a: Tenant): Probe[] {
  return [
    ['GET', `/services/${a.service.id}`],
    ['PUT', `/services/${a.service.id}`, { name: 'взлом', price: 1 }],
    ['DELETE', `/services/${a.service.id}`],
    ['PUT', `/categories/${a.categoryId}`, { name: 'взлом' }],
    ['DELETE', `/categories/${a.categoryId}`],
    ['GET', `/masters/${a.masterId}`],
    ['PUT', `/masters/${a.masterId}`, { name: 'взлом', service_ids: [] }],
    ['DELETE', `/masters/${a.masterId}`],
    ['PUT', `/clients/${a.clientId}`, { first_name: 'взлом', notes: 'x' }],
    ['PUT', `/schedule/${a.scheduleRowId}`, { is_active: false, start_time: '00:00' }],
    ['PUT', `/schedule/${a.masterScheduleRowId}`, { isActive: false }],
    ['GET', `/schedule/master/${a.masterId}`],
    ['POST', `/schedule/master/${a.masterId}`],
    ['DELETE', `/schedule/master/${a.masterId}`],
    ['GET', `/bookings/${a.bookingId}`],
    ['PATCH', `/bookings/${a.bookingId}`, { status: 'cancelled' }],
    ['DELETE', `/bookings/${a.bookingId}`],
    ['POST', `/reschedule/${a.bookingId}`, { proposed_date: '2026-11-25', proposed_time: '11:00' }],
    ['GET', `/reschedule/${a.bookingId}`],
    ['GET', `/messenger/debug/subscription/${a.business.id}`],
  ];
}

const routeMissing = (response: { statusCode: number; data: any }) =>
  response.statusCode === 404 && typeof response.data?.detail === 'string' && response.data.detail.startsWith('Route ');

describe('tenant isolation', () => {
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    a = await tenant();
    b = await tenant();
  });

  it("B's token on each of A's objects is 404 and changes nothing", async () => {
    const before = await snapshot(a);
    for (const [method, url, payload] of probes(a)) {
      const response = await t.call({ method, url: `/api/v1${url}`, token: b.token, payload });
      expect(routeMissing(response), `${method} ${url} is not a route`).toBe(false);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
      expect(response.body, `${method} ${url}`).not.toContain('взлом');
    }
    expect(await snapshot(a)).toEqual(before);
  });

  it("B cannot reach A's objects through ids in bodies and queries", async () => {
    const before = await snapshot(a);
    const asB = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.call({ method, url: `/api/v1${url}`, token: b.token, payload });

    const linked = await asB('POST', '/masters', { name: 'Чужой', service_ids: [a.service.id] });
    expect([400, 404]).toContain(linked.statusCode);
    const relinked = await asB('PUT', `/masters/${b.masterId}`, { service_ids: [a.service.id] });
    expect([400, 404]).toContain(relinked.statusCode);
    const categorized = await asB('POST', '/services', { name: 'Чужая', duration: 30, price: 0, category_id: a.categoryId });
    expect([400, 404]).toContain(categorized.statusCode);
    const recategorized = await asB('PUT', `/services/${b.service.id}`, { category_id: a.categoryId });
    expect([400, 404]).toContain(recategorized.statusCode);

    const filtered = await asB('GET', `/bookings?master_id=${a.masterId}`);
    expect(filtered.statusCode).toBe(200);
    expect(filtered.data).toEqual([]);
    const everything = await asB('GET', '/bookings');
    expect(everything.data.map((booking: { id: string }) => booking.id)).not.toContain(a.bookingId);
    const clients = await asB('GET', '/clients');
    expect(clients.data.map((client: { id: number }) => client.id)).not.toContain(a.clientId);

    // Public booking on B's page with A's master or service is 404.
    for (const payload of [
      { service_id: b.service.id, master_id: a.masterId },
      { service_id: a.service.id, master_id: b.masterId },
    ]) {
      const response = await t.op('post', '/api/v1/public/{slug}/booking', {
        path: { slug: b.business.slug },
        body: { ...payload, date: '2026-11-24', time: '12:00', first_name: 'Алия', phone: uniquePhone() },
      });
      expect(response.statusCode).toBe(404);
    }
    const slots = await t.op('get', '/api/v1/public/{slug}/slots', {
      path: { slug: b.business.slug },
      query: { date: '2026-11-24', master_id: a.masterId },
    });
    expect(slots.statusCode).toBe(404);

    expect(await snapshot(a)).toEqual(before);
  });
});
