/** CONTRACT.md §11: former slugs stay their business's, and the hygiene rules (no-store, initData types, note limits). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '../../../src/db/schema.js';
import { signInitData } from '../../../src/modules/identity/init-data.js';
import { registerBusiness, uniquePhone, useTestApp } from '../../helpers/app.js';
import { TEST_BOT_TOKEN } from '../../helpers/fake-telegram.js';
import { book, salon } from '../../helpers/bot-scenarios.js';
import { expectRefusal } from '../../helpers/refusal.js';

const t = useTestApp({ env: { BOT_TOKEN: TEST_BOT_TOKEN, BOT_USERNAME: 'booking_test_bot' } });

const putSlug = (token: string, slug: string) => t.op('put', '/api/v1/business', { token, body: { slug } });
const uniqueSlug = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 9)}`;

describe('former slugs', () => {
  it('answer the public API for the same business, redirect the page (301) and cannot be taken by another business', async () => {
    const owner = await salon(t);
    const old = owner.business.slug;
    const renamed = uniqueSlug('salon');
    expect((await putSlug(owner.token, renamed)).statusCode).toBe(200);

    const viaOld = await t.op('get', '/api/v1/public/{slug}', { path: { slug: old } });
    expect(viaOld.statusCode).toBe(200);
    expect(viaOld.data).toMatchObject({ id: owner.business.id, slug: renamed });
    const slotsOf = (slug: string) => t.op('get', '/api/v1/public/{slug}/slots', { path: { slug }, query: { date: '2026-11-24' } });
    const slots = await slotsOf(old);
    expect(slots.statusCode).toBe(200);
    expect(slots.body).toBe((await slotsOf(renamed)).body);
    const booked = await t.op('post', '/api/v1/public/{slug}/booking', {
      path: { slug: old },
      body: {
        service_id: owner.service.id,
        master_id: owner.masterId,
        date: '2026-11-24',
        time: '12:00',
        first_name: 'Алия',
        phone: uniquePhone(),
      },
    });
    expect(booked.statusCode).toBe(201);

    const page = await t.call({ method: 'GET', url: `/${old}` });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/${renamed}`);

    const other = await registerBusiness(t);
    const taken = await putSlug(other.token, old);
    expect(taken.statusCode).toBe(409);
    const check = await t.op('get', '/api/v1/business/slug-available', { query: { slug: old }, token: other.token });
    expect(check.data).toMatchObject({ available: false, reason: 'taken' });
  });

  it('a business keeps its 3 most recent former slugs: a fourth change frees the oldest for anyone', async () => {
    const owner = await registerBusiness(t);
    const slugs = [owner.business.slug, ...[1, 2, 3, 4].map((n) => uniqueSlug(`cap${n}`))];
    for (const slug of slugs.slice(1)) expect((await putSlug(owner.token, slug)).statusCode).toBe(200);
    // Former: slugs[0..3]; kept: the 3 most recent (1, 2, 3); the first is released.
    for (const former of slugs.slice(1, 4)) {
      expect((await t.op('get', '/api/v1/public/{slug}', { path: { slug: former } })).data).toMatchObject({ id: owner.business.id });
    }
    expect((await t.op('get', '/api/v1/public/{slug}', { path: { slug: slugs[0]! } })).statusCode).toBe(404);
    const other = await registerBusiness(t);
    expect((await putSlug(other.token, slugs[0]!)).statusCode).toBe(200);
    expect((await putSlug(other.token, slugs[1]!)).statusCode).toBe(409);
  });

  it('the owner may go back to a former slug; the one it leaves becomes the alias', async () => {
    const owner = await registerBusiness(t);
    const first = owner.business.slug;
    const second = uniqueSlug('back');
    await putSlug(owner.token, second);
    expect((await putSlug(owner.token, first)).statusCode).toBe(200);
    const viaSecond = await t.op('get', '/api/v1/public/{slug}', { path: { slug: second } });
    expect(viaSecond.data).toMatchObject({ id: owner.business.id, slug: first });
  });

  it('registration skips a phone slug that is some business’s former slug', async () => {
    const phone = uniquePhone();
    const first = await registerBusiness(t, { phone });
    await putSlug(first.token, uniqueSlug('moved'));
    const second = await registerBusiness(t, { phone });
    expect(second.business.slug).toBe(`${first.business.slug}-2`);
  });
});

describe('hygiene', () => {
  it('authenticated answers and token answers carry Cache-Control: no-store; public ones do not', async () => {
    const owner = await registerBusiness(t);
    const me = await t.op('get', '/api/v1/auth/me', { token: owner.token });
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await t.op('get', '/api/v1/business', { token: 'garbage' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const login = await t.op('post', '/api/v1/auth/login', { body: { email: owner.user.email, password: 'correct horse battery' } });
    expect(login.headers['cache-control']).toBe('no-store');
    const publicAnswer = await t.op('get', '/api/v1/public/{slug}', { path: { slug: owner.business.slug } });
    expect(publicAnswer.headers['cache-control']).toBeUndefined();
  });

  function initData(user: unknown, authDate: number): string {
    const params = new URLSearchParams({ user: JSON.stringify(user), auth_date: String(authDate) });
    params.set('hash', signInitData(params, TEST_BOT_TOKEN));
    return params.toString();
  }
  const miniAppLogin = (data: string) => t.op('post', '/api/v1/auth/messenger', { body: { initData: data } });

  it('initData dated more than 60 s ahead is 401; 60 s ahead is accepted', async () => {
    const now = t.app.ctx.time.unixSeconds();
    expect((await miniAppLogin(initData({ id: 9_100_001, first_name: 'А' }, now + 61))).statusCode).toBe(401);
    expect((await miniAppLogin(initData({ id: 9_100_002, first_name: 'Б' }, now + 60))).statusCode).toBe(200);
  });

  it.each([
    ['a number as first_name', { id: 9_100_003, first_name: 42 }],
    ['an object as username', { id: 9_100_004, first_name: 'В', username: { a: 1 } }],
    ['a string id', { id: '9100005', first_name: 'Г' }],
    ['an array as user', [1, 2]],
  ])('initData with %s is 401, never 500', async (_what, user) => {
    const response = await miniAppLogin(initData(user, t.app.ctx.time.unixSeconds()));
    expect(response.statusCode).toBe(401);
    expect(response.problem.detail).toBe('Invalid initData');
  });

  it('a booking comment over 1 000 characters is 400 and books nothing', async () => {
    const owner = await salon(t);
    const response = await t.op('post', '/api/v1/public/{slug}/booking', {
      path: { slug: owner.business.slug },
      body: {
        service_id: owner.service.id,
        date: '2026-11-24',
        time: '12:00',
        first_name: 'Алия',
        phone: uniquePhone(),
        notes: 'x'.repeat(1001),
      },
    });
    expectRefusal(response, 'invalid_input');
    expect(response.problem.errors).toContainEqual(expect.objectContaining({ field: 'notes' }));
    expect((await t.op('get', '/api/v1/bookings', { token: owner.token })).data).toEqual([]);
  });

  it("a client's notes keep their newest 2 000 characters as bookings append to them", async () => {
    const owner = await salon(t);
    const phone = uniquePhone();
    for (const letter of ['a', 'b', 'c']) await book(t, owner, { phone, notes: letter.repeat(1000) });
    const [row] = await t.database.db.select().from(clients).where(eq(clients.businessId, owner.business.id));
    expect(row!.notes!.length).toBe(2000);
    expect(row!.notes!.endsWith(`\n${'c'.repeat(1000)}`)).toBe(true);
    const tooLong = await t.op('put', '/api/v1/clients/{id}', {
      token: owner.token,
      path: { id: row!.id },
      body: { notes: 'z'.repeat(2001) },
    });
    expect(tooLong.statusCode).toBe(400);
  });
});
