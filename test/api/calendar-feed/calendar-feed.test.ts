/**
 * CONTRACT.md §14: a master's calendar feed, its secret address and what it shows (and hides). The
 * JSON calls go through `t.op`, typed by the served document (test/helpers/typed-call.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '../../../src/core/wallclock.js';
import { feedEventUid } from '../../../src/modules/calendar-feed/render.js';
import { createTestApp, DEFAULT_NOW, registerBusiness, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { book, createMaster } from '../../helpers/catalog.js';
import { expectRefusal } from '../../helpers/refusal.js';
import type { components } from '../../../web/src/shared/api-types.js';

const t = useTestApp();
const uid = (bookingId: string) => feedEventUid(t.config.jwtSecret, bookingId);
const today = '2026-11-23'; // DEFAULT_NOW on the Almaty wall clock

beforeEach(() => t.clock.set(DEFAULT_NOW));

async function feedUrl(owner: RegisteredBusiness, masterId: number): Promise<string> {
  const response = await t.op('get', '/api/v1/masters/{id}/calendar', { path: { id: masterId }, token: owner.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.data.url;
}

const pathOf = (url: string) => new URL(url).pathname;
const unfold = (text: string) => text.replace(/\r\n /g, '');
const events = (ics: string) => unfold(ics).split('BEGIN:VEVENT').slice(1);
const field = (event: string, name: string) => new RegExp(`^${name}[;:](.*)$`, 'm').exec(event)?.[1]?.replace(/\r$/, '');

async function setStatus(owner: RegisteredBusiness, id: string, status: components['schemas']['BookingStatus']) {
  const response = await t.op('patch', '/api/v1/bookings/{id}', { path: { id }, token: owner.token, body: { status } });
  expect(response.statusCode, response.body).toBe(200);
}

describe('feed address', () => {
  it('is {PUBLIC_URL}/ics/{token}.ics with at least 32 random characters, made once and kept', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner, 'Айгуль');
    const url = await feedUrl(owner, master.id);
    expect(url).toMatch(/^http:\/\/booking\.test\/ics\/[A-Za-z0-9_-]{32,}\.ics$/);
    expect(await feedUrl(owner, master.id)).toBe(url);
    const other = await createMaster(t, owner, 'Ольга');
    expect(await feedUrl(owner, other.id)).not.toBe(url);
  });

  it('rotate gives a new address; the old one answers 404 from then on', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    const old = await feedUrl(owner, master.id);
    expect((await t.call({ method: 'GET', url: pathOf(old) })).statusCode).toBe(200);
    const rotated = await t.op('post', '/api/v1/masters/{id}/calendar/rotate', { path: { id: master.id }, token: owner.token });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.data.url).not.toBe(old);
    const gone = await t.call({ method: 'GET', url: pathOf(old) });
    expect(gone.statusCode).toBe(404);
    expectRefusal(gone, 'not_found');
    expect((await t.call({ method: 'GET', url: pathOf(rotated.data.url) })).statusCode).toBe(200);
    expect(await feedUrl(owner, master.id)).toBe(rotated.data.url);
  });

  it("another business's master is 404 (address and rotate); no token 401; a deleted master's feed 404", async () => {
    const owner = await registerBusiness(t);
    const stranger = await registerBusiness(t);
    const master = await createMaster(t, owner);
    const url = await feedUrl(owner, master.id);
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/masters/${master.id}/calendar` },
      { method: 'POST' as const, url: `/api/v1/masters/${master.id}/calendar/rotate` },
    ]) {
      expectRefusal(await t.call({ ...request, token: stranger.token }), 'not_found');
      expectRefusal(await t.call(request), 'not_authenticated');
    }
    expect(await feedUrl(owner, master.id)).toBe(url);
    expect((await t.call({ method: 'GET', url: pathOf(url) })).statusCode).toBe(200);
    expect((await t.op('delete', '/api/v1/masters/{id}', { token: owner.token, path: { id: master.id } })).statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: pathOf(url) })).statusCode).toBe(404);
  });

  it('an archived master (deleted while bookings keep it) has no feed and no address', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    const url = await feedUrl(owner, master.id);
    await book(t, owner, { master_id: master.id, date: addDays(today, 1), time: '10:00' });
    expect((await t.op('delete', '/api/v1/masters/{id}', { token: owner.token, path: { id: master.id } })).statusCode).toBe(204);
    expectRefusal(await t.call({ method: 'GET', url: pathOf(url) }), 'not_found');
    expectRefusal(await t.op('get', '/api/v1/masters/{id}/calendar', { token: owner.token, path: { id: master.id } }), 'not_found');
    expectRefusal(await t.op('post', '/api/v1/masters/{id}/calendar/rotate', { token: owner.token, path: { id: master.id } }), 'not_found');
  });
  it('unknown, short or odd tokens are 404 with {detail, code}', async () => {
    for (const token of ['x'.repeat(43), 'short', '..%2F..%2Fetc', 'a'.repeat(100)]) {
      const response = await t.call({ method: 'GET', url: `/ics/${token}.ics` });
      expect(response.statusCode, token).toBe(404);
      expect(Object.keys(response.data).sort(), token).toEqual(['code', 'detail']);
    }
  });
});

describe('feed content', () => {
  it('one VEVENT per booking of the master from 30 days back to 90 ahead, cancelled and rejected left out', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner, 'Айгуль');
    const colleague = await createMaster(t, owner, 'Ольга');
    const at = (days: number, time = '10:00') => ({ master_id: master.id, date: addDays(today, days), time });
    const inside = [await book(t, owner, at(-30)), await book(t, owner, at(0, '12:00')), await book(t, owner, at(90, '18:00'))];
    await book(t, owner, at(-31));
    await book(t, owner, at(91));
    const cancelled = await book(t, owner, at(1));
    await setStatus(owner, cancelled.id, 'cancelled');
    const rejected = await book(t, owner, at(2));
    await setStatus(owner, rejected.id, 'rejected');
    const confirmed = await book(t, owner, at(3));
    await setStatus(owner, confirmed.id, 'confirmed');
    const completed = await book(t, owner, at(-3));
    await setStatus(owner, completed.id, 'completed');
    await book(t, owner, { master_id: colleague.id, date: today, time: '15:00' });
    const other = await registerBusiness(t);
    await book(t, other, { master_id: (await createMaster(t, other)).id, date: today, time: '15:00' });

    const response = await t.call({ method: 'GET', url: pathOf(await feedUrl(owner, master.id)) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store, private');
    const ics = response.body;
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const found = events(ics);
    expect(found.map((event) => field(event, 'UID')).sort()).toEqual(
      [...inside.map((b) => b.id), confirmed.id, completed.id].map(uid).sort(),
    );
    const first = found.find((event) => field(event, 'UID') === uid(inside[0]!.id))!;
    expect(field(first, 'DTSTART')).toBe('TZID=Asia/Almaty:20261024T100000');
    expect(field(first, 'DTEND')).toBe('TZID=Asia/Almaty:20261024T110000');
    expect(field(first, 'SUMMARY')).toBe('Стрижка — Алия');
    expect(field(first, 'STATUS')).toBe('TENTATIVE');
    expect(
      field(
        found.find((event) => field(event, 'UID') === uid(confirmed.id))!,
        'STATUS',
      ),
    ).toBe('CONFIRMED');
    // Every TZID used is defined by a VTIMEZONE block of the feed.
    expect(unfold(ics)).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Almaty\r\n');
    expect(unfold(ics)).toContain('TZOFFSETTO:+0500');
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('shows no phone and escapes names with commas, semicolons and line breaks', async () => {
    const owner = await registerBusiness(t, { service: { name: 'Маникюр; гель, снятие', duration: 30, price: 1 } });
    const master = await createMaster(t, owner);
    const phone = '+7 701 555 12 34';
    const made = await book(t, owner, { master_id: master.id, first_name: 'Анна, Мария', phone, notes: `Позвоните ${phone}` });
    const ics = (await t.call({ method: 'GET', url: pathOf(await feedUrl(owner, master.id)) })).body;
    const [event] = events(ics);
    // The UID is stable per booking but never the booking id (CONTRACT.md §11 third pass): nothing in the feed names it.
    expect(field(event!, 'UID')).toBe(uid(made.id));
    expect(unfold(ics)).not.toContain(made.id);
    expect(field(event!, 'SUMMARY')).toBe('Маникюр\\; гель\\, снятие — Анна\\, Мария');
    expect(unfold(ics).replace(/\D/g, ' ')).not.toMatch(/7015551234|701 ?555/);
    expect(unfold(ics)).not.toContain('Позвоните');
  });

  it('the window follows the wall clock: a booking 31 days old is gone a day later', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    await book(t, owner, { master_id: master.id, date: addDays(today, -30) });
    const path = pathOf(await feedUrl(owner, master.id));
    expect(events((await t.call({ method: 'GET', url: path })).body)).toHaveLength(1);
    t.clock.set('2026-11-24T05:00:00Z');
    expect(events((await t.call({ method: 'GET', url: path })).body)).toHaveLength(0);
  });
});

describe('feed rate limit', () => {
  it('past RATE_LIMIT_CALENDAR_FEED a minute the address is 429 with Retry-After', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_CALENDAR_FEED: '2' } });
    try {
      const owner = await registerBusiness(limited);
      const master = await limited.op('post', '/api/v1/masters', { token: owner.token, body: { name: 'М' } });
      const url = (await limited.op('get', '/api/v1/masters/{id}/calendar', { path: { id: master.data.id }, token: owner.token })).data.url;
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push(await limited.call({ method: 'GET', url: pathOf(url) }));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 429]);
      expect(answers[2]!.headers['retry-after']).toBeDefined();
      expect(answers[2]!.data.code).toBe('rate_limited');
    } finally {
      await limited.app.close();
      await limited.database.close();
    }
  });
});
