/**
 * bookings/lookup-cache.ts: a public booking's lookup (business, service, master, the provider's chats)
 * is kept per business and read by no query on a repeat; every change of those rows, through this
 * instance, another one or straight in the database, is in the very next booking (drizzle/0011).
 */
import { describe, expect, it } from 'vitest';
import { subscribe } from '../../../src/modules/bot/subscriptions.js';
import { registerBusiness, useOtherInstance, useTestApp } from '../../helpers/app.js';
import { bookingRequest, book, createMaster } from '../../helpers/catalog.js';
import { botEnv, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { postUpdate, randomChat } from '../../helpers/bot-scenarios.js';
import { masterStart } from '../../helpers/master-scenarios.js';
import { messageUpdate } from '../../helpers/fake-telegram.js';
import { expectRefusal } from '../../helpers/refusal.js';

const queries: string[] = [];
const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake), onQuery: (query) => queries.push(query) });
const other = useOtherInstance(t);

async function bookingScene() {
  const owner = await registerBusiness(t);
  const master = await createMaster(t, owner);
  // On PostgreSQL the new master's invalidation arrives by NOTIFY, possibly after the next booking's lookup
  // started (that lookup is then not kept): wait until it is applied.
  await t.app.ctx.lookupCache?.catchUp?.();
  // Cached from here on: the lookup that found the service and the master.
  await book(t, owner, { master_id: master.id, time: '09:00' });
  return { owner, master };
}

describe('the public booking lookup cache', () => {
  it('a repeat booking runs only its insert and its announcement, also after bookings changed (they change free times only)', async () => {
    const { owner, master } = await bookingScene();
    const repeat = async (time: string) => {
      queries.length = 0;
      const booking = await book(t, owner, { master_id: master.id, time });
      expect(queries, queries.join('\n---\n')).toHaveLength(2);
      expect(queries[0]).toMatch(/^\s*WITH client AS \(\s*INSERT INTO "clients"/);
      expect(queries[1]).toMatch(/^SELECT pg_notify\(/);
      return booking;
    };
    const booking = await repeat('10:00');
    // Notified by the bookings trigger (drizzle/0011: 'slots:<id>'), through the other instance.
    const confirmed = await other.op('patch', '/api/v1/bookings/{id}', {
      path: { id: booking.id },
      token: owner.token,
      body: { status: 'confirmed' },
    });
    expect(confirmed.statusCode).toBe(200);
    await repeat('11:00');
  });

  it("a master's chat linked after the lookup was cached hears of the very next booking (§16)", async () => {
    const { owner, master } = await bookingScene();
    const chat = randomChat();
    await postUpdate(t, messageUpdate(chat, await masterStart(t, owner, master.id)));
    expect(fake.textsTo(chat).length).toBe(1); // «notices for this master are on»
    fake.reset();
    await book(t, owner, { master_id: master.id, time: '10:00' });
    await expect.poll(() => fake.textsTo(chat).length).toBe(1);
    expect(fake.textsTo(chat)[0]).toContain('10:00');
  });

  it('a wrong service or master id is looked up, and refused, every time', async () => {
    const { owner, master } = await bookingScene();
    for (let i = 0; i < 2; i += 1) {
      expectRefusal(await bookingRequest(t, owner, { service_id: 999_999 }), 'not_found');
      expectRefusal(await bookingRequest(t, owner, { master_id: 999_999 }), 'not_found');
    }
    expect((await bookingRequest(t, owner, { master_id: master.id, time: '11:00' })).statusCode).toBe(201);
  });

  it("another instance's change of the price, the service, the master or strict slots is in the next booking here", async () => {
    const { owner, master } = await bookingScene();
    const price = await other.op('put', '/api/v1/services/{id}', {
      path: { id: owner.service.id },
      token: owner.token,
      body: { price: 7500 },
    });
    expect(price.statusCode).toBe(200);
    expect((await book(t, owner, { master_id: master.id, time: '10:00' })).price_snapshot).toBe(7500);

    const strict = await other.op('put', '/api/v1/business', { token: owner.token, body: { strict_slots: true } });
    expect(strict.statusCode).toBe(200);
    const clash = await bookingRequest(t, owner, { master_id: master.id, time: '10:00' });
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.problem.code).toBe('slot_taken');

    expect((await other.op('delete', '/api/v1/masters/{id}', { path: { id: master.id }, token: owner.token })).statusCode).toBe(204);
    expect((await bookingRequest(t, owner, { master_id: master.id, time: '12:00' })).statusCode).toBe(404);

    const second = await createMaster(t, owner, 'Ольга');
    await book(t, owner, { master_id: second.id, time: '13:00' });
    expect((await other.op('delete', '/api/v1/services/{id}', { path: { id: owner.service.id }, token: owner.token })).statusCode).toBe(
      204,
    );
    expect((await bookingRequest(t, owner, { master_id: second.id, time: '14:00' })).statusCode).toBe(404);
  });

  it('"any master"\'s candidates, kept with the lookup, follow masters added and removed on another instance', async () => {
    const { owner, master } = await bookingScene();
    const anyMaster = (time: string) => bookingRequest(t, owner, { master_id: null, time, if_free: true });
    const first = await anyMaster('10:00');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.data.master.id).toBe(master.id);
    const second = await other.op('post', '/api/v1/masters', {
      token: owner.token,
      body: { name: 'Ольга', service_ids: [owner.service.id] },
    });
    expect(second.statusCode).toBe(201);
    expect((await other.op('delete', '/api/v1/masters/{id}', { path: { id: master.id }, token: owner.token })).statusCode).toBe(204);
    // Kept as it was, the lookup would offer only the removed master: 409, nobody free.
    const next = await anyMaster('10:00');
    expect(next.statusCode, next.body).toBe(201);
    expect(next.data.master.id).toBe(second.data.id);
  });

  it("the provider's chat linked after the lookup was kept gets the next booking's notice", async () => {
    const { owner, master } = await bookingScene();
    const chat = randomChat();
    // As the bot does on /start provider_<id>, on whichever instance Telegram's webhook reached.
    await subscribe(other.database.db, 'PROVIDER_BUSINESS', String(owner.business.id), String(chat));
    fake.reset();
    await book(t, owner, { master_id: master.id, time: '10:00' });
    expect(fake.callsOf('sendMessage', chat)).toHaveLength(1);
  });
});
