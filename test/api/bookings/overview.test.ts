/**
 * GET /bookings/overview (CONTRACT.md §15): the owner's figures summed by the
 * database over a bounded range. The app's clock stands at 2026-11-23 10:00 in
 * Almaty (DEFAULT_NOW).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, clients, type BookingStatus } from '../../../src/db/schema.js';
import { registerBusiness, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { createMaster } from '../../helpers/catalog.js';
import type { RequestQuery } from '../../helpers/typed-call.js';

const t = useTestApp();
let owner: RegisteredBusiness;
let other: RegisteredBusiness;
const masterIds: Record<string, number> = {};

async function book(business: RegisteredBusiness, masterId: number, startAt: string, status: BookingStatus, price: number) {
  const [client] = await t.database.db
    .insert(clients)
    .values({
      businessId: business.business.id,
      phone: `7701${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      firstName: 'Клиент',
    })
    .returning({ id: clients.id });
  await t.database.db.insert(bookings).values({
    businessId: business.business.id,
    serviceId: business.service.id,
    masterId,
    clientId: client!.id,
    startAt,
    endAt: startAt,
    status,
    priceSnapshot: price,
  });
}

beforeAll(async () => {
  owner = await registerBusiness(t);
  other = await registerBusiness(t, { business_name: 'Другой салон' });
  masterIds.dana = (await createMaster(t, owner, 'Дана')).id;
  masterIds.aru = (await createMaster(t, owner, 'Ару')).id;
  const stranger = (await createMaster(t, other, 'Чужой')).id;
  await book(owner, masterIds.dana, '2026-11-20 10:00:00', 'completed', 5000);
  await book(owner, masterIds.dana, '2026-11-20 11:00:00', 'confirmed', 5000);
  await book(owner, masterIds.aru, '2026-11-23 09:00:00', 'completed', 3000);
  await book(owner, masterIds.aru, '2026-11-23 12:00:00', 'completed', 7000); // marked ahead of its time: not earned yet
  await book(owner, masterIds.aru, '2026-11-21 10:00:00', 'cancelled', 9000);
  await book(owner, masterIds.dana, '2026-12-05 10:00:00', 'pending', 5000);
  await book(owner, masterIds.dana, '2026-09-01 10:00:00', 'completed', 10_000); // before the default range
  await book(other, stranger, '2026-11-22 10:00:00', 'completed', 99_000);
});

type OverviewQuery = RequestQuery<'get', '/api/v1/bookings/overview'>;
const overview = (query: OverviewQuery = {}, token = owner.token) => t.op('get', '/api/v1/bookings/overview', { token, query });

describe('GET /bookings/overview', () => {
  it('by default: 30 days back to 30 days ahead, bookings per day that hold their time, revenue of confirmed and completed bookings that began, per master', async () => {
    const answer = await overview();
    expect(answer.statusCode).toBe(200);
    expect(answer.data).toEqual({
      date_from: '2026-10-24',
      date_to: '2026-12-23',
      days: [
        { date: '2026-11-20', bookings: 2 },
        { date: '2026-11-23', bookings: 2 },
        { date: '2026-12-05', bookings: 1 },
      ],
      revenue: {
        total: 13_000,
        masters: [
          { master_id: masterIds.dana, name: 'Дана', total: 10_000 },
          { master_id: masterIds.aru, name: 'Ару', total: 3000 },
        ],
      },
    });
  });

  it('takes a range of up to a year; the older booking counts once its day is in it', async () => {
    const answer = await overview({ date_from: '2026-09-01', date_to: '2026-11-30' });
    expect(answer.statusCode).toBe(200);
    expect(answer.data.revenue.total).toBe(23_000);
    expect(answer.data.days[0]).toEqual({ date: '2026-09-01', bookings: 1 });
  });

  it.each([
    ['?date_from=2026-11-30&date_to=2026-11-01', 'date_to'],
    ['?date_from=2020-01-01&date_to=2026-11-30', 'date_to'],
    ['?date_from=2026-02-30', 'date_from'],
  ])('refuses %s (400 invalid_input naming %s)', async (query, field) => {
    const answer = await t.call({ method: 'GET', url: `/api/v1/bookings/overview${query}`, token: owner.token });
    expect(answer.statusCode).toBe(400);
    expect(answer.data.code).toBe('invalid_input');
    expect(JSON.stringify(answer.data)).toContain(field);
  });

  it("is the owner's only: no token 401, another business sees its own figures", async () => {
    expect((await t.op('get', '/api/v1/bookings/overview')).statusCode).toBe(401);
    const theirs = await overview({}, other.token);
    expect(theirs.data.revenue.total).toBe(99_000);
    expect(theirs.data.days).toEqual([{ date: '2026-11-22', bookings: 1 }]);
  });
});
