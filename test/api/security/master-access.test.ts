/**
 * CONTRACT.md §16, masters' own access: a master's chat linked by a single-use code, the master's
 * mini-app login and /panel link, what a master token may do (its own bookings only, everything else
 * 403) and how it ends (unlink, rotate, delete: 401).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NOW, useTestApp } from '../../helpers/app.js';
import { botEnv, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { book, bookingRow, postUpdate, randomChat, salon } from '../../helpers/bot-scenarios.js';
import { addMaster, letMastersDecide, linkMaster, masterStart, miniAppLogin } from '../../helpers/master-scenarios.js';
import { MASTER_LINK_INVALID } from '../../../src/modules/bot/master-messages.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

const get = (url: string, token: string) => t.call({ method: 'GET', url, token });

describe("a master's Telegram link", () => {
  it('links once: the chat and the sender are the master, the masters list says so, the same code again links nothing', async () => {
    const owner = await salon(t);
    const start = await masterStart(t, owner, owner.masterId);
    expect(start).toMatch(new RegExp(`^/start master_${owner.masterId}_[A-Za-z0-9_-]{24}$`));
    expect(start.length - '/start '.length).toBeLessThanOrEqual(64);
    const chat = randomChat();
    await postUpdate(t, messageUpdate(chat, start));
    expect(fake.textsTo(chat).join('\n')).toContain('Уведомления для мастера');
    const masters = await get('/api/v1/masters', owner.token);
    expect(masters.data.find((m: { id: number }) => m.id === owner.masterId).telegram_linked).toBe(true);
    const link = await t.op('get', '/api/v1/masters/{id}/telegram', { token: owner.token, path: { id: owner.masterId } });
    expect(link.data.linked).toBe(true);

    const intruder = randomChat();
    await postUpdate(t, messageUpdate(intruder, start));
    expect(fake.textsTo(intruder)).toEqual([MASTER_LINK_INVALID]);
    expect((await miniAppLogin(t, intruder)).role).toBe('customer');
    expect((await miniAppLogin(t, chat)).role).toBe('master');
  });

  it('a bare or wrong code changes nothing and says the link is not valid', async () => {
    const owner = await salon(t);
    for (const text of [`/start master_${owner.masterId}`, `/start master_${owner.masterId}_${'x'.repeat(24)}`]) {
      const chat = randomChat();
      await postUpdate(t, messageUpdate(chat, text));
      expect(fake.textsTo(chat)).toEqual([MASTER_LINK_INVALID]);
      expect((await miniAppLogin(t, chat)).role).toBe('customer');
    }
    const masters = await get('/api/v1/masters', owner.token);
    expect(masters.data[0].telegram_linked).toBe(false);
  });

  it('of racing chats with one code exactly one links', async () => {
    const owner = await salon(t);
    const start = await masterStart(t, owner, owner.masterId);
    const chats = [randomChat(), randomChat(), randomChat(), randomChat()];
    await Promise.all(chats.map((chat) => postUpdate(t, messageUpdate(chat, start))));
    const roles = await Promise.all(chats.map(async (chat) => (await miniAppLogin(t, chat)).role));
    expect(roles.filter((role) => role === 'master')).toHaveLength(1);
  });

  it("a new link replaces the old chat, tells it, and ends the old holder's tokens", async () => {
    const owner = await salon(t);
    const first = await linkMaster(t, owner);
    const second = await linkMaster(t, owner);
    expect(fake.textsTo(first.chat).join('\n')).toContain('перенесены в другой чат');
    expect((await get('/api/v1/auth/me', first.token)).statusCode).toBe(401);
    expect((await get('/api/v1/auth/me', second.token)).statusCode).toBe(200);
    expect((await miniAppLogin(t, first.chat)).role).toBe('customer');
  });

  it("is the owner's: another business's master is 404, a master token is 403", async () => {
    const owner = await salon(t);
    const other = await salon(t);
    const master = await linkMaster(t, owner);
    expect((await t.op('get', '/api/v1/masters/{id}/telegram', { token: owner.token, path: { id: other.masterId } })).statusCode).toBe(404);
    expect((await t.op('get', '/api/v1/masters/{id}/telegram', { token: master.token, path: { id: owner.masterId } })).statusCode).toBe(
      403,
    );
    expect((await t.op('delete', '/api/v1/masters/{id}/telegram', { token: master.token, path: { id: owner.masterId } })).statusCode).toBe(
      403,
    );
  });
});

describe('a master token', () => {
  it('logs in from the mini app: claims MASTER, business_id, master_id; /auth/me tells who; 11520 minutes', async () => {
    const owner = await salon(t);
    const master = await linkMaster(t, owner);
    const claims = JSON.parse(Buffer.from(master.token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ role: 'MASTER', business_id: owner.business.id, master_id: owner.masterId });
    expect(claims.exp - claims.iat).toBe(11520 * 60);
    const me = await get('/api/v1/auth/me', master.token);
    expect(me.statusCode).toBe(200);
    expect(me.data.user).toEqual({ role: 'MASTER', master_id: owner.masterId, full_name: 'Динара' });
    expect(me.data.business.id).toBe(owner.business.id);
    expect(me.data.business.messenger_chat_id).toBeNull();
  });

  it("sees that master's bookings only, whatever master_id is asked; another's booking is 404", async () => {
    const owner = await salon(t);
    const otherMaster = await addMaster(t, owner);
    const mine = await book(t, owner, { time: '11:00' });
    const theirs = await book(t, { ...owner, masterId: otherMaster }, { time: '11:00' });
    const master = await linkMaster(t, owner);
    for (const query of ['', `?master_id=${otherMaster}`, '?date=2026-11-24']) {
      const list = await get(`/api/v1/bookings${query}`, master.token);
      expect(list.statusCode).toBe(200);
      expect(list.data.map((b: { id: string }) => b.id)).toEqual([mine.id]);
      expect(list.headers['x-total-count']).toBe('1');
    }
    expect((await get(`/api/v1/bookings/${mine.id}`, master.token)).statusCode).toBe(200);
    expect((await get(`/api/v1/bookings/${theirs.id}`, master.token)).statusCode).toBe(404);
    expect((await get(`/api/v1/reschedule/${mine.id}`, master.token)).statusCode).toBe(200);
    expect((await get(`/api/v1/reschedule/${theirs.id}`, master.token)).statusCode).toBe(404);
    expect((await get('/api/v1/masters', master.token)).statusCode).toBe(200);
    expect((await get('/api/v1/services', master.token)).statusCode).toBe(200);
    expect((await get(`/api/v1/schedule/master/${owner.masterId}`, master.token)).statusCode).toBe(200);
    expect((await get(`/api/v1/schedule/master/${otherMaster}`, master.token)).statusCode).toBe(403);
    for (const url of ['/api/v1/clients', '/api/v1/clients/export?format=csv', '/api/v1/bookings/deleted', '/api/v1/schedule']) {
      expect((await get(url, master.token)).statusCode, url).toBe(403);
    }
  });

  it('decides only while the owner allows masters_can_decide, only on its own bookings, never moves', async () => {
    const owner = await salon(t);
    const otherMaster = await addMaster(t, owner);
    const mine = await book(t, owner, { time: '11:00' });
    const theirs = await book(t, { ...owner, masterId: otherMaster }, { time: '12:00' });
    const master = await linkMaster(t, owner);
    const patch = (id: string, payload: object) =>
      t.op('patch', '/api/v1/bookings/{id}', { token: master.token, path: { id }, body: payload });
    const propose = (id: string) =>
      t.op('post', '/api/v1/reschedule/{booking_id}', {
        token: master.token,
        path: { booking_id: id },
        body: { proposed_date: '2026-11-24', proposed_time: '15:00' },
      });
    const business = await get('/api/v1/business', owner.token);
    expect(business.data.masters_can_decide).toBe(false);
    expect((await patch(mine.id, { status: 'confirmed' })).statusCode).toBe(403);
    expect((await propose(mine.id)).statusCode).toBe(403);
    expect((await bookingRow(t, mine.id)).status).toBe('pending');

    await letMastersDecide(t, owner);
    expect((await patch(theirs.id, { status: 'confirmed' })).statusCode).toBe(404);
    expect((await patch(mine.id, { time: '13:00' })).statusCode).toBe(403);
    expect((await bookingRow(t, theirs.id)).status).toBe('pending');
    const confirmed = await patch(mine.id, { status: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.data.status).toBe('confirmed');
    expect((await propose(theirs.id)).statusCode).toBe(404);
    expect((await propose(mine.id)).statusCode).toBe(201);
  });

  it('ends (401) on unlink, on rotate and when the master is deleted', async () => {
    const owner = await salon(t);
    const master = await linkMaster(t, owner);
    expect((await get('/api/v1/bookings', master.token)).statusCode).toBe(200);
    const rotate = await t.op('post', '/api/v1/masters/{id}/telegram/rotate', { token: owner.token, path: { id: owner.masterId } });
    expect(rotate.statusCode).toBe(200);
    expect(rotate.data.linked).toBe(true);
    const afterRotate = await get('/api/v1/bookings', master.token);
    expect(afterRotate.statusCode).toBe(401);
    expect(afterRotate.data.code).toBe('not_authenticated');

    const again = await miniAppLogin(t, master.chat);
    expect(again.role).toBe('master');
    const unlink = await t.op('delete', '/api/v1/masters/{id}/telegram', { token: owner.token, path: { id: owner.masterId } });
    expect(unlink.statusCode).toBe(204);
    expect(fake.textsTo(master.chat).join('\n')).toContain('отключил уведомления мастера');
    expect((await get('/api/v1/bookings', again.token)).statusCode).toBe(401);
    expect((await miniAppLogin(t, master.chat)).role).toBe('customer');
    expect((await get('/api/v1/masters', owner.token)).data[0].telegram_linked).toBe(false);

    const relinked = await linkMaster(t, owner);
    expect((await t.op('delete', '/api/v1/masters/{id}', { token: owner.token, path: { id: owner.masterId } })).statusCode).toBe(204);
    expect((await get('/api/v1/auth/me', relinked.token)).statusCode).toBe(401);
  });

  it('of another business sees nothing of this one', async () => {
    const owner = await salon(t);
    const stranger = await linkMaster(t, await salon(t));
    const booking = await book(t, owner);
    expect((await get(`/api/v1/bookings/${booking.id}`, stranger.token)).statusCode).toBe(404);
    expect((await get('/api/v1/bookings', stranger.token)).data).toEqual([]);
    expect((await get(`/api/v1/schedule/master/${owner.masterId}`, stranger.token)).statusCode).toBe(403);
  });
});

describe("the bot's /panel link", () => {
  const panelCode = (chat: number) => /#master=([0-9a-f]+)/.exec(fake.textsTo(chat).join('\n'))?.[1];

  it('logs the master in once, within 15 minutes; another chat gets no link', async () => {
    const owner = await salon(t);
    const master = await linkMaster(t, owner);
    await postUpdate(t, messageUpdate(master.chat, '/panel'));
    const code = panelCode(master.chat)!;
    expect(fake.textsTo(master.chat).join('\n')).toContain(`${t.config.publicUrl}/admin#master=`);
    const redeem = () => t.op('post', '/api/v1/auth/master-link', { body: { code } });
    const [first, second] = await Promise.all([redeem(), redeem()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 401]);
    const session = first.statusCode === 200 ? first : second;
    expect(session.data.user).toEqual({ role: 'MASTER', master_id: owner.masterId, full_name: 'Динара' });
    expect((await get('/api/v1/bookings', session.data.access_token)).statusCode).toBe(200);

    fake.reset();
    await postUpdate(t, messageUpdate(master.chat, '/panel'));
    const late = panelCode(master.chat)!;
    t.clock.advanceMinutes(16);
    expect((await t.op('post', '/api/v1/auth/master-link', { body: { code: late } })).statusCode).toBe(401);

    const stranger = randomChat();
    await postUpdate(t, messageUpdate(stranger, '/panel'));
    expect(panelCode(stranger)).toBeUndefined();
  });
});
