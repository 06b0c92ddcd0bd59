import { decodeJwt } from 'jose';
import { count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import {
  bookings,
  businesses,
  clients,
  idempotencyKeys,
  masters,
  rescheduleProposals,
  schedules,
  serviceCategories,
  services,
  subscriptions,
  users,
} from '../../../src/db/schema.js';
import { createTestApp, dbKind, registerBusiness, useTestApp, type RegisteredBusiness, type TestApp } from '../../helpers/app.js';
import { book } from '../../helpers/catalog.js';
import { RecordingNotifier } from '../../helpers/recording-notifier.js';
import { expectRefusal } from '../../helpers/refusal.js';

const ADMIN = { SUPERADMIN_USERNAME: 'root', SUPERADMIN_PASSWORD: 'very-secret-password' };
const notifier = new RecordingNotifier();
const t = useTestApp({ env: ADMIN, build: { notifier } });

async function superToken(app: TestApp = t): Promise<string> {
  const response = await app.op('post', '/api/v1/superadmin/login', { body: { username: 'root', password: 'very-secret-password' } });
  expect(response.statusCode).toBe(200);
  return response.data.access_token;
}

async function addMaster(owner: RegisteredBusiness): Promise<number> {
  const response = await t.op('post', '/api/v1/masters', { token: owner.token, body: { name: 'Мастер', service_ids: [owner.service.id] } });
  expect(response.statusCode).toBe(201);
  return response.data.id;
}

describe('POST /superadmin/login', () => {
  it('gives a 24 h token with sub "superadmin" and isSuperAdmin', async () => {
    const token = await superToken();
    const claims = decodeJwt(token);
    expect(claims.sub).toBe('superadmin');
    expect(claims.isSuperAdmin).toBe(true);
    expect(claims.exp! - claims.iat!).toBe(24 * 60 * 60);
  });

  it.each([
    ['a wrong password', { username: 'root', password: 'very-secret-passworD' }],
    ['a wrong username', { username: 'admin', password: 'very-secret-password' }],
    ['an empty pair', { username: '', password: '' }],
  ])('401 on %s', async (_what, payload) => {
    const response = await t.op('post', '/api/v1/superadmin/login', { body: payload });
    expect(response.statusCode).toBe(401);
    expect(response.problem).toEqual({ detail: 'Invalid username or password', code: 'invalid_credentials' });
  });

  it('400 without the fields', async () => {
    const response = await t.call({ method: 'POST', url: '/api/v1/superadmin/login', payload: { username: 'root' } });
    expect(response.statusCode).toBe(400);
  });

  it('503 when SUPERADMIN_USERNAME/PASSWORD are unset', async () => {
    const unset = await createTestApp();
    try {
      const response = await unset.op('post', '/api/v1/superadmin/login', { body: { username: '', password: '' } });
      expect(response.statusCode).toBe(503);
      expect(response.problem.detail).toMatch(/not configured/);
    } finally {
      await unset.app.close();
      await unset.database.close();
    }
  });

  it('is rate limited per client address (RATE_LIMIT_SUPERADMIN_LOGIN) with 429 and detail', async () => {
    const limited = await createTestApp({ env: { ...ADMIN, RATE_LIMIT_SUPERADMIN_LOGIN: '2' } });
    try {
      const attempt = (remoteAddress: string) =>
        limited.op('post', '/api/v1/superadmin/login', { remoteAddress, body: { username: 'root', password: 'guess' } });
      expect((await attempt('10.1.1.1')).statusCode).toBe(401);
      expect((await attempt('10.1.1.1')).statusCode).toBe(401);
      const blocked = await attempt('10.1.1.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.problem.detail).toMatch(/Too many requests/);
      expect((await attempt('10.1.1.2')).statusCode).toBe(401);
    } finally {
      await limited.app.close();
      await limited.database.close();
    }
  });
});

describe('token kinds', () => {
  const superRoutes = [
    ['GET', '/api/v1/superadmin/businesses'],
    ['GET', '/api/v1/superadmin/bookings'],
    ['POST', '/api/v1/superadmin/seed'],
    ['DELETE', '/api/v1/superadmin/businesses/1'],
    ['POST', '/api/v1/superadmin/businesses/1/reset-password'],
  ] as const;

  it('a provider token is 403 on every super-admin route, no token 401', async () => {
    const owner = await registerBusiness(t);
    for (const [method, url] of superRoutes) {
      const provider = await t.call({ method, url, token: owner.token });
      expect(provider.statusCode, `${method} ${url}`).toBe(403);
      expect(provider.data.detail).toBeTypeOf('string');
      expect((await t.call({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
    const [business] = await t.database.db.select().from(businesses).where(eq(businesses.id, owner.business.id));
    expect(business).toBeDefined();
  });

  it('a super-admin token is 403 on provider routes', async () => {
    const token = await superToken();
    for (const [method, url] of [
      ['GET', '/api/v1/business'],
      ['GET', '/api/v1/auth/me'],
      ['GET', '/api/v1/services'],
      ['GET', '/api/v1/masters'],
      ['GET', '/api/v1/bookings'],
      ['GET', '/api/v1/clients'],
      ['GET', '/api/v1/schedule'],
      ['POST', '/api/v1/categories'],
    ] as const) {
      const response = await t.call({ method, url, token, payload: method === 'POST' ? { name: 'x' } : undefined });
      expect(response.data.code, `${method} ${url}`).toBe('forbidden');
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('GET /superadmin/businesses and /superadmin/bookings', () => {
  it('lists businesses with the admin email and booking counts per status', async () => {
    const owner = await registerBusiness(t);
    await addMaster(owner);
    const a = await book(t, owner, { date: '2026-11-24', time: '10:00' });
    await book(t, owner, { date: '2026-11-24', time: '11:00' });
    await book(t, owner, { date: '2026-11-25', time: '11:00' });
    await t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id: a.id }, body: { status: 'confirmed' } });
    const empty = await registerBusiness(t);

    const response = await t.op('get', '/api/v1/superadmin/businesses', { token: await superToken() });
    expect(response.statusCode).toBe(200);
    const mine = response.data.find((b: { id: number }) => b.id === owner.business.id);
    expect(mine).toMatchObject({
      id: owner.business.id,
      slug: owner.business.slug,
      name: owner.business.name,
      admin_email: owner.user.email,
      bookings_total: 3,
      bookings_by_status: { pending: 2, confirmed: 1, completed: 0, cancelled: 0, rejected: 0 },
    });
    expect(mine).not.toHaveProperty('password_hash');
    // Sign-up date, phone and last activity (the latest booking change) for the operator's list.
    const changed = await t.op('get', '/api/v1/bookings/{id}', { token: owner.token, path: { id: a.id } });
    expect(mine).toMatchObject({ phone: owner.business.phone, last_activity_at: changed.data.updated_at });
    expect(mine?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    expect(response.data.find((b: { id: number }) => b.id === empty.business.id)).toMatchObject({
      bookings_total: 0,
      last_activity_at: null,
    });
  });

  it('lists bookings of all businesses with their business; filters by business_id and dates (inclusive)', async () => {
    const token = await superToken();
    const first = await registerBusiness(t);
    const second = await registerBusiness(t);
    await addMaster(first);
    await addMaster(second);
    const early = await book(t, first, { date: '2027-03-01', time: '10:00' });
    const late = await book(t, first, { date: '2027-03-03', time: '10:00' });
    const other = await book(t, second, { date: '2027-03-02', time: '10:00' });

    const all = await t.op('get', '/api/v1/superadmin/bookings', { token, query: { date_from: '2027-03-01', date_to: '2027-03-03' } });
    expect(all.statusCode).toBe(200);
    const ours = (list: { id: string }[]) => list.map((b) => b.id).filter((id) => [early.id, late.id, other.id].includes(id));
    expect(ours(all.data)).toEqual([early.id, other.id, late.id]);
    expect(all.data.find((b) => b.id === other.id)).toMatchObject({
      id: other.id,
      status: 'pending',
      start_at: '2027-03-02T10:00:00',
      business: { id: second.business.id, slug: second.business.slug, name: second.business.name },
      service: { id: second.service.id },
      client: { first_name: 'Алия' },
    });

    const byBusiness = await t.op('get', '/api/v1/superadmin/bookings', { token, query: { business_id: first.business.id } });
    expect(byBusiness.data.map((b) => b.id)).toEqual([early.id, late.id]);
    const oneDay = await t.op('get', '/api/v1/superadmin/bookings', { token, query: { date_from: '2027-03-02', date_to: '2027-03-02' } });
    expect(ours(oneDay.data)).toEqual([other.id]);
    const bad = await t.call({ method: 'GET', url: '/api/v1/superadmin/bookings?date_from=2027-02-30', token });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /superadmin/seed', () => {
  it('creates a realistic demo business whose admin can log in', async () => {
    const seededAt = t.app.ctx.time.now();
    const response = await t.op('post', '/api/v1/superadmin/seed', { token: await superToken() });
    expect(response.statusCode).toBe(201);
    const { business, login, counts } = response.data;
    expect(business.name).toMatch(/[А-Яа-я]/);
    expect(counts).toMatchObject({ categories: 2, services: 6, masters: 3 });

    const session = await t.op('post', '/api/v1/auth/login', { body: login });
    expect(session.statusCode).toBe(200);
    expect(session.data.business.id).toBe(business.id);
    const token = session.data.access_token;

    const masterList = (await t.op('get', '/api/v1/masters', { token })).data;
    expect(masterList).toHaveLength(3);
    for (const master of masterList) {
      expect(master.name).toMatch(/^[А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+$/);
      expect(master.has_schedule).toBe(true);
      expect(master.services.length).toBeGreaterThan(0);
    }
    const serviceList = (await t.op('get', '/api/v1/services', { token })).data;
    expect(serviceList).toHaveLength(6);
    expect(new Set(serviceList.map((s) => s.category?.id)).size).toBe(2);
    expect((await t.op('get', '/api/v1/categories', { token })).data).toHaveLength(2);

    // Bookings across the next week from "today" (Monday 2026-11-23 on the test clock).
    const week = (await t.op('get', '/api/v1/bookings', { token, query: { date_from: '2026-11-23', date_to: '2026-11-29' } })).data;
    expect(week.length).toBe(counts.bookings);
    expect(week.length).toBeGreaterThanOrEqual(20);
    expect(new Set(week.map((b) => b.start_at.slice(0, 10))).size).toBeGreaterThanOrEqual(5);
    expect(new Set(week.map((b) => b.master.id)).size).toBe(3);
    // CONTRACT.md §14: made now on the app's clock, like any booking.
    for (const booking of week) expect([booking.created_at, booking.updated_at]).toEqual([seededAt, seededAt]);
    const statuses = new Set(week.map((b) => b.status));
    expect(statuses).toContain('pending');
    expect(statuses).toContain('confirmed');

    // Each booking uses a service its master offers; the public page shows them as busy.
    for (const booking of week) {
      const master = masterList.find((m: { id: number }) => m.id === booking.master.id);
      expect(master!.services.map((s: { id: number }) => s.id)).toContain(booking.service.id);
    }
    const slots = await t.op('get', '/api/v1/public/{slug}/slots', {
      path: { slug: business.slug },
      query: { date: '2026-11-24', master_id: masterList[0]!.id },
    });
    expect(slots.data.busy_intervals.length).toBeGreaterThan(0);
  });

  it('two seeds give two businesses with different slugs and logins', async () => {
    const token = await superToken();
    const one = (await t.op('post', '/api/v1/superadmin/seed', { token })).data;
    const two = (await t.op('post', '/api/v1/superadmin/seed', { token })).data;
    expect(one.business.slug).not.toBe(two.business.slug);
    expect(one.login.email).not.toBe(two.login.email);
  });
});

describe('DELETE /superadmin/businesses/{id}', () => {
  it('removes the business and everything it owns, and nothing of another business', async () => {
    const token = await superToken();
    const victim = (await t.op('post', '/api/v1/superadmin/seed', { token })).data;
    const bystander = await registerBusiness(t);
    await addMaster(bystander);
    const kept = await book(t, bystander, { date: '2026-11-24', time: '10:00' });
    const id: number = victim.business.id;
    const { db } = t.database;

    // Things that hang off the business by reference rather than by foreign key.
    const session = (await t.op('post', '/api/v1/auth/login', { body: victim.login })).data;
    const [victimService] = (await t.op('get', '/api/v1/services', { token: session.access_token })).data;
    const victimOwner: RegisteredBusiness = {
      token: session.access_token,
      business: session.business,
      user: session.user,
      service: victimService!,
    };
    const keyed = await book(t, victimOwner, { date: '2026-11-26', time: '19:30' }, { 'idempotency-key': 'delete-me-key' });
    const [someBooking] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.businessId, id)).limit(1);
    await db.insert(rescheduleProposals).values({
      bookingId: someBooking!.id,
      oldDate: '2026-11-24',
      oldTime: '10:00',
      proposedDate: '2026-11-25',
      proposedTime: '11:00',
      proposedBy: 'PROVIDER_WEB',
      expiresAt: '2026-11-24T10:00:00',
    });
    await db.insert(subscriptions).values([
      { contextType: 'PROVIDER_BUSINESS', contextRef: String(id), messengerChatId: '5001' },
      { contextType: 'CLIENT_BOOKING', contextRef: keyed.id, messengerChatId: '5002' },
      { contextType: 'PROVIDER_BUSINESS', contextRef: String(bystander.business.id), messengerChatId: '5003' },
      { contextType: 'CLIENT_BOOKING', contextRef: kept.id, messengerChatId: '5004' },
    ]);
    const [customer] = await db
      .insert(users)
      .values({
        email: `tg${Date.now()}@telegram.local`,
        passwordHash: '',
        fullName: 'Клиент',
        role: 'CUSTOMER',
        businessId: id,
        messengerId: String(Date.now()),
      })
      .returning();

    const response = await t.op('delete', '/api/v1/superadmin/businesses/{id}', { token, path: { id } });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const left = async (table: PgTable, where: SQL | undefined) => Number((await db.select({ n: count() }).from(table).where(where))[0]!.n);
    expect(await left(businesses, eq(businesses.id, id))).toBe(0);
    expect(await left(users, eq(users.businessId, id))).toBe(0);
    expect(await left(services, eq(services.businessId, id))).toBe(0);
    expect(await left(serviceCategories, eq(serviceCategories.businessId, id))).toBe(0);
    expect(await left(masters, eq(masters.businessId, id))).toBe(0);
    expect(await left(clients, eq(clients.businessId, id))).toBe(0);
    expect(await left(schedules, eq(schedules.businessId, id))).toBe(0);
    expect(await left(bookings, eq(bookings.businessId, id))).toBe(0);
    expect(await left(idempotencyKeys, eq(idempotencyKeys.businessId, id))).toBe(0);
    expect(await left(rescheduleProposals, eq(rescheduleProposals.bookingId, someBooking!.id))).toBe(0);
    expect(await left(subscriptions, inArray(subscriptions.messengerChatId, ['5001', '5002']))).toBe(0);
    // The admin's login is gone; a mini-app customer keeps the account, unlinked.
    expect((await t.op('post', '/api/v1/auth/login', { body: victim.login })).statusCode).toBe(401);
    const [unlinked] = await db.select().from(users).where(eq(users.id, customer!.id));
    expect(unlinked?.businessId).toBeNull();

    // The bystander is untouched.
    expect(await left(subscriptions, inArray(subscriptions.messengerChatId, ['5003', '5004']))).toBe(2);
    const still = await t.op('get', '/api/v1/bookings/{id}', { token: bystander.token, path: { id: kept.id } });
    expect(still.statusCode).toBe(200);
    expect((await t.op('get', '/api/v1/public/{slug}', { path: { slug: victim.business.slug } })).statusCode).toBe(404);

    const again = await t.op('delete', '/api/v1/superadmin/businesses/{id}', { token, path: { id } });
    expect(again.statusCode).toBe(404);
  });

  it.skipIf(dbKind() !== 'postgres')('deletes in one transaction: others see everything until it commits, then nothing', async () => {
    const token = await superToken();
    const victim = (await t.op('post', '/api/v1/superadmin/seed', { token })).data;
    const id: number = victim.business.id;
    await t.database.db.insert(subscriptions).values({ contextType: 'PROVIDER_BUSINESS', contextRef: String(id), messengerChatId: '6001' });
    const counts = async (client: pg.Client) => {
      const { rows } = await client.query(
        `select (select count(*)::int from bookings where business_id = $1) as bookings,
                (select count(*)::int from subscriptions where context_ref = $1::text and context_type = 'PROVIDER_BUSINESS') as subscriptions`,
        [id],
      );
      return rows[0] as { bookings: number; subscriptions: number };
    };
    const locker = new pg.Client({ connectionString: inject('postgresUrl') });
    const observer = new pg.Client({ connectionString: inject('postgresUrl') });
    await locker.connect();
    await observer.connect();
    try {
      const before = await counts(observer);
      expect(before.bookings).toBeGreaterThan(0);
      expect(before.subscriptions).toBe(1);
      // Hold the business's services: the cascade from businesses waits on them, in the middle of the deletion.
      await locker.query('begin');
      await locker.query('select id from services where business_id = $1 for update', [id]);
      const deletion = t.op('delete', '/api/v1/superadmin/businesses/{id}', { token, path: { id } });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await counts(observer)).toEqual(before); // subscriptions and bookings already deleted, but not committed
      await locker.query('commit');
      expect((await deletion).statusCode).toBe(204);
      expect(await counts(observer)).toEqual({ bookings: 0, subscriptions: 0 });
    } finally {
      await locker.end();
      await observer.end();
    }
  });

  it('400 on an id that is not a positive integer', async () => {
    const response = await t.call({ method: 'DELETE', url: '/api/v1/superadmin/businesses/abc', token: await superToken() });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /superadmin/businesses/{id}/reset-password', () => {
  it('sets a new random password, returns it and sends it to the provider', async () => {
    const owner = await registerBusiness(t);
    const response = await t.op('post', '/api/v1/superadmin/businesses/{id}/reset-password', {
      body: {},
      token: await superToken(),
      path: { id: owner.business.id },
    });
    expect(response.statusCode).toBe(200);
    const password: string = response.data.new_password;
    expect(password.length).toBeGreaterThanOrEqual(12);

    const sent = notifier.calls.filter((call) => call.kind === 'passwordReset').at(-1);
    expect(sent).toMatchObject({ kind: 'passwordReset', password, business: { id: owner.business.id } });

    const oldLogin = await t.op('post', '/api/v1/auth/login', { body: { email: owner.user.email, password: 'correct horse battery' } });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.op('post', '/api/v1/auth/login', { body: { email: owner.user.email, password } });
    expect(newLogin.statusCode).toBe(200);
  });

  it('still answers the new password when the messenger fails', async () => {
    const owner = await registerBusiness(t);
    notifier.fail = true;
    try {
      const response = await t.op('post', '/api/v1/superadmin/businesses/{id}/reset-password', {
        body: {},
        token: await superToken(),
        path: { id: owner.business.id },
      });
      expect(response.statusCode).toBe(200);
      const login = await t.op('post', '/api/v1/auth/login', { body: { email: owner.user.email, password: response.data.new_password } });
      expect(login.statusCode).toBe(200);
    } finally {
      notifier.fail = false;
    }
  });

  it('404 for an unknown business', async () => {
    const response = await t.op('post', '/api/v1/superadmin/businesses/{id}/reset-password', {
      body: {},
      token: await superToken(),
      path: { id: 2147483000 },
    });
    expectRefusal(response, 'not_found');
  });
});
