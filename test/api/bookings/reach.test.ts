/** CONTRACT.md §18 on the API: my-bookings for the mini-app user, embed_origins and the page's frame-ancestors, /embed.js. */
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../../src/paths.js';
import { signInitData } from '../../../src/modules/identity/init-data.js';
import { uniquePhone, useTestApp } from '../../helpers/app.js';
import { botEnv, contactUpdate, messageUpdate, TEST_BOT_TOKEN, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { createService } from '../../helpers/catalog.js';
import { bookingRow, postUpdate, randomChat, salon, subscribePhone, type Salon } from '../../helpers/bot-scenarios.js';

// The page comes from web/dist: build it when missing or stale, before the app reads it.
beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-web.mjs'], { cwd: projectRoot, stdio: 'ignore' });
}, 120_000);

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });

function initData(userId: number, options: { startParam?: string; authDate?: number; token?: string } = {}): string {
  const params = new URLSearchParams({
    query_id: 'AAE',
    user: JSON.stringify({ id: userId, first_name: 'Ержан' }),
    auth_date: String(options.authDate ?? t.app.ctx.time.unixSeconds()),
  });
  if (options.startParam) params.set('start_param', options.startParam);
  params.set('hash', signInitData(params, options.token ?? TEST_BOT_TOKEN));
  return params.toString();
}

/** A booking from the mini app of `owner`, opened by `userId` (start parameter as §18 makes it). */
async function miniAppBooking(owner: Salon, userId: number, body: Record<string, unknown> = {}, startParam = owner.business.slug) {
  const response = await t.op('post', '/api/v1/public/{slug}/booking', {
    headers: { 'x-telegram-init-data': initData(userId, { startParam }) },
    path: { slug: owner.business.slug },
    body: {
      service_id: owner.service.id,
      master_id: owner.masterId,
      date: '2026-11-24',
      time: '10:00',
      first_name: 'Ержан',
      phone: uniquePhone(),
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.data as { id: string; client: { phone: string } };
}

async function pageBooking(owner: Salon, body: Record<string, unknown> = {}) {
  const response = await t.op('post', '/api/v1/public/{slug}/booking', {
    path: { slug: owner.business.slug },
    body: {
      service_id: owner.service.id,
      master_id: owner.masterId,
      date: '2026-11-25',
      time: '12:00',
      first_name: 'Алия',
      phone: uniquePhone(),
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.data as { id: string; client: { phone: string } };
}

const myBookings = (slug: string, header?: string) =>
  t.op('get', '/api/v1/public/{slug}/my-bookings', {
    headers: header === undefined ? {} : { 'x-telegram-init-data': header },
    path: { slug },
  });

describe('GET /public/{slug}/my-bookings (CONTRACT.md §18)', () => {
  it("lists the user's mini-app bookings of this business, newest start first, in the §18 shape; never another user's", async () => {
    const owner = await salon(t);
    const me = randomChat();
    const other = randomChat();
    const early = await miniAppBooking(owner, me, { date: '2026-11-24', time: '10:00' });
    const late = await miniAppBooking(owner, me, { date: '2026-11-26', time: '09:00' }, `${owner.business.slug}__m${owner.masterId}`);
    const theirs = await miniAppBooking(owner, other, { date: '2026-11-25', time: '10:00' });
    await pageBooking(owner);
    expect((await bookingRow(t, late.id)).telegramUserId).toBe(String(me));

    const mine = await myBookings(owner.business.slug, initData(me));
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.data.map((b: { id: string }) => b.id)).toEqual([late.id, early.id]);
    expect(mine.data[0]).toEqual({
      id: late.id,
      status: 'pending',
      start_at: '2026-11-26T09:00:00',
      end_at: '2026-11-26T10:00:00',
      service: { id: owner.service.id, name: owner.service.name },
      master: { id: owner.masterId, name: 'Динара' },
      price_snapshot: owner.service.price,
      visit_id: null,
    });
    const theirList = await myBookings(owner.business.slug, initData(other));
    expect(theirList.data.map((b: { id: string }) => b.id)).toEqual([theirs.id]);
  });

  it('only this business: the same user at another salon sees that salon only', async () => {
    const first = await salon(t);
    const second = await salon(t);
    const me = randomChat();
    const here = await miniAppBooking(first, me);
    const there = await miniAppBooking(second, me);
    expect((await myBookings(first.business.slug, initData(me))).data.map((b: { id: string }) => b.id)).toEqual([here.id]);
    expect((await myBookings(second.business.slug, initData(me))).data.map((b: { id: string }) => b.id)).toEqual([there.id]);
  });

  it('adds the bookings of a phone the user verified by sharing the contact, and not before', async () => {
    const owner = await salon(t);
    const me = randomChat();
    const phone = uniquePhone();
    const byPhone = await pageBooking(owner, { phone });
    expect((await myBookings(owner.business.slug, initData(me))).data).toEqual([]);
    await subscribePhone(t, me, phone);
    expect((await myBookings(owner.business.slug, initData(me))).data.map((b: { id: string }) => b.id)).toEqual([byPhone.id]);
  });

  it('a booking id never vouches for a phone: /start client_{id} shows nothing of that phone', async () => {
    const owner = await salon(t);
    const me = randomChat();
    const phone = uniquePhone();
    const victim = await pageBooking(owner, { phone, time: '13:00' });
    await pageBooking(owner, { phone, time: '15:00' });
    await postUpdate(t, messageUpdate(me, `/start client_${victim.id}`));
    expect((await myBookings(owner.business.slug, initData(me))).data).toEqual([]);
  });

  it('a contact of another country code verifies no +7 number (CONTRACT.md §11 fourth pass), in any salon', async () => {
    const [first, second] = [await salon(t), await salon(t)];
    const me = randomChat();
    // Lebanese +961 3 123 456, which SPEC.md's typed-phone rule reads as +7 961 312 34 56.
    await pageBooking(first, { phone: '+79613123456' });
    await pageBooking(second, { phone: '+79613123456', time: '14:00' });
    await postUpdate(t, contactUpdate(me, '9613123456'));
    expect((await myBookings(first.business.slug, initData(me))).data).toEqual([]);
    expect((await myBookings(second.business.slug, initData(me))).data).toEqual([]);
  });

  it('a contact of someone else (user_id not the sender) verifies nothing', async () => {
    const owner = await salon(t);
    const me = randomChat();
    const phone = uniquePhone();
    await pageBooking(owner, { phone });
    await postUpdate(t, contactUpdate(me, phone, me + 1));
    expect((await myBookings(owner.business.slug, initData(me))).data).toEqual([]);
  });

  it('401 without the header, on a forged or stale header; 404 for an unknown salon', async () => {
    const owner = await salon(t);
    const me = randomChat();
    await miniAppBooking(owner, me);
    const now = t.app.ctx.time.unixSeconds();
    const forged = initData(me).replace(/hash=[0-9a-f]+/, `hash=${'0'.repeat(64)}`);
    const otherBot = initData(me, { token: '987:another-bot' });
    const tampered = initData(me).replace(encodeURIComponent(`"id":${me}`), encodeURIComponent(`"id":${me + 1}`));
    for (const [header, detail] of [
      [undefined, 'X-Telegram-Init-Data header required'],
      [forged, 'Invalid initData'],
      [otherBot, 'Invalid initData'],
      [tampered, 'Invalid initData'],
      ['garbage', 'Invalid initData'],
      [initData(me, { authDate: now - 301 }), 'initData expired'],
      [initData(me, { authDate: now + 120 }), 'Invalid initData'],
    ] as const) {
      const response = await myBookings(owner.business.slug, header);
      expect(response.statusCode, String(header)).toBe(401);
      expect(response.problem).toEqual({ detail, code: 'invalid_credentials' });
    }
    expect((await myBookings('no-such-salon-here', initData(me))).statusCode).toBe(404);
  });

  it('a mini app opened for another salon books with the captcha rules and is not remembered', async () => {
    const owner = await salon(t);
    const elsewhere = await salon(t);
    const me = randomChat();
    const booked = await miniAppBooking(owner, me, {}, elsewhere.business.slug);
    expect((await bookingRow(t, booked.id)).telegramUserId).toBeNull();
  });

  it('a visit booked from the mini app (initData instead of a captcha) lists every item with its visit_id (CONTRACT.md §20)', async () => {
    const owner = await salon(t);
    const beard = await createService(t, owner, { name: 'Борода', duration: 30, price: 3000 });
    // Nobody is linked to the beard: every master does it (SPEC.md), Динара too.
    const me = randomChat();
    const made = await t.op('post', '/api/v1/public/{slug}/visits', {
      headers: { 'x-telegram-init-data': initData(me, { startParam: owner.business.slug }) },
      path: { slug: owner.business.slug },
      body: {
        items: [{ service_id: owner.service.id }, { service_id: beard.id }],
        date: '2026-11-24',
        time: '10:00',
        first_name: 'Ержан',
        phone: uniquePhone(),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const mine = await myBookings(owner.business.slug, initData(me));
    expect(mine.statusCode, mine.body).toBe(200);
    const visitId = made.data!.id;
    expect(mine.data.map((b: { id: string; visit_id: string | null }) => [b.id, b.visit_id])).toEqual([
      [made.data!.bookings[1]!.id, visitId],
      [made.data!.bookings[0]!.id, visitId],
    ]);
  });

  it('lists at most 50', async () => {
    const owner = await salon(t);
    const me = randomChat();
    for (let i = 0; i < 52; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      await miniAppBooking(owner, me, { date: `2026-12-${day}`, time: `${String(8 + Math.floor(i / 28)).padStart(2, '0')}:00` });
    }
    const list = await myBookings(owner.business.slug, initData(me));
    expect(list.data).toHaveLength(50);
    expect(list.data[0]!.start_at).toBe('2026-12-28T08:00:00');
  });
});

describe('embed_origins and the page frame-ancestors (CONTRACT.md §18)', () => {
  const put = (owner: Salon, body: Record<string, unknown>) => t.op('put', '/api/v1/business', { token: owner.token, body: body });
  const frameAncestorsOf = async (slug: string) => {
    const page = await t.call({ method: 'GET', url: `/${slug}` });
    const csp = String(page.headers['content-security-policy'] ?? '');
    return { status: page.statusCode, frameAncestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1], xfo: page.headers['x-frame-options'], csp };
  };

  it('stores up to 10 https origins in canonical form and answers them in the business', async () => {
    const owner = await salon(t);
    const stored = await put(owner, { embed_origins: ['https://Salon.kz/', 'https://salon.tilda.ws', 'https://salon.kz'] });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.data.embed_origins).toEqual(['https://salon.kz', 'https://salon.tilda.ws']);
    expect((await t.op('get', '/api/v1/business', { token: owner.token })).data.embed_origins).toEqual([
      'https://salon.kz',
      'https://salon.tilda.ws',
    ]);
  });

  it('refuses http, paths, wildcards and an eleventh site with 400 and changes nothing', async () => {
    const owner = await salon(t);
    await put(owner, { embed_origins: ['https://kept.kz'] });
    const eleven = Array.from({ length: 11 }, (_, i) => `https://s${i}.kz`);
    for (const bad of [
      ['http://salon.kz'],
      ['https://salon.kz/booking'],
      ['*'],
      ['https://*.salon.kz'],
      ["https://a.kz 'unsafe-inline'"],
      eleven,
    ]) {
      const response = await put(owner, { embed_origins: bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.problem.code).toBe('invalid_input');
    }
    expect((await t.op('get', '/api/v1/business', { token: owner.token })).data.embed_origins).toEqual(['https://kept.kz']);
  });

  it("the page answers frame-ancestors 'self', Telegram Web and the business's own sites, never *, and no X-Frame-Options", async () => {
    const owner = await salon(t);
    const other = await salon(t);
    const before = await frameAncestorsOf(owner.business.slug);
    expect(before.status).toBe(200);
    expect(before.frameAncestors).toBe("'self' https://web.telegram.org");
    expect(before.xfo).toBeUndefined();
    await put(owner, { embed_origins: ['https://salon.kz', 'https://salon.tilda.ws'] });
    const after = await frameAncestorsOf(owner.business.slug);
    expect(after.frameAncestors).toBe("'self' https://web.telegram.org https://salon.kz https://salon.tilda.ws");
    expect(after.csp).toContain("script-src 'self'");
    expect(after.csp).not.toMatch(/frame-ancestors[^;]*\*/);
    // Per business: another salon's page is not framed by this one's sites, and the API keeps the default.
    expect((await frameAncestorsOf(other.business.slug)).frameAncestors).toBe("'self' https://web.telegram.org");
    const api = await t.op('get', '/api/v1/public/{slug}', { path: { slug: owner.business.slug } });
    expect(/frame-ancestors ([^;]*)/.exec(String(api.headers['content-security-policy']))?.[1]).toBe("'self' https://web.telegram.org");
    await put(owner, { embed_origins: [] });
    expect((await frameAncestorsOf(owner.business.slug)).frameAncestors).toBe("'self' https://web.telegram.org");
  });

  it('GET /embed.js is a script any site may load; it frames /{slug}?embed=1', async () => {
    const script = await t.call({ method: 'GET', url: '/embed.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(script.body).toContain('data-slug');
    expect(script.body).toContain('embed=1');
    expect(Buffer.byteLength(script.body)).toBeLessThan(2048);
  });
});
