/**
 * visits/lookup.ts: a public visit's lookup (the business, its items' services and masters, the chats its
 * notice goes to) is kept per business as a single booking's is: a repeat reads nothing before its lock, and
 * every change of those rows, through this instance or another one, is in the very next visit.
 * The test clock: Monday 2026-11-23 10:00 Asia/Almaty; the business works 09:00-18:00, break 13:00-14:00.
 */
import { describe, expect, it } from 'vitest';
import { subscribe } from '../../../src/modules/bot/subscriptions.js';
import { registerBusiness, uniquePhone, useOtherInstance, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { createMaster, createService } from '../../helpers/catalog.js';
import { botEnv, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { postUpdate, randomChat } from '../../helpers/bot-scenarios.js';
import { masterStart } from '../../helpers/master-scenarios.js';
import { expectRefusal } from '../../helpers/refusal.js';

const queries: string[] = [];
const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake), onQuery: (query) => queries.push(query) });
const other = useOtherInstance(t);
const TUESDAY = '2026-11-24';

const visitRequest = (owner: RegisteredBusiness, items: { service_id: number; master_id?: number }[], time: string) =>
  t.op('post', '/api/v1/public/{slug}/visits', {
    path: { slug: owner.business.slug },
    body: { items, date: TUESDAY, time, first_name: 'Алия', phone: uniquePhone() },
  });

/** A cut (60 min) and a beard (30 min) by one master; a first visit keeps the lookup. */
async function visitScene() {
  const owner = await registerBusiness(t);
  const beard = await createService(t, owner, { name: 'Борода', duration: 30, price: 3000 });
  const master = await createMaster(t, owner, 'Ерлан', [owner.service.id, beard.id]);
  // On PostgreSQL the new master's invalidation arrives by NOTIFY: wait until it is applied, so the next lookup is kept.
  await t.app.ctx.visitLookupCache?.catchUp?.();
  const items = [
    { service_id: owner.service.id, master_id: master.id },
    { service_id: beard.id, master_id: master.id },
  ];
  expect((await visitRequest(owner, items, '09:00')).statusCode).toBe(201);
  return { owner, master, beard: beard.id, items };
}

describe('the public visit lookup cache', () => {
  it('a repeat visit reads nothing before its lock: the business, services, masters and chats are kept', async () => {
    const { owner, items } = await visitScene();
    queries.length = 0;
    const visit = await visitRequest(owner, items, '10:30');
    expect(visit.statusCode, visit.body).toBe(201);
    // The masters' lock: its statement, or on PostgreSQL its EXECUTE once prepared on the connection.
    const lock = queries.findIndex((query) => /for no key update|EXECUTE locked_masters/i.test(query));
    expect(queries.slice(0, lock).filter((query) => !/^\s*begin\s*$/i.test(query))).toEqual([]);
    expect(queries.filter((query) => /subscriptions|"masters"."telegram|master_chat/i.test(query))).toEqual([]);
  });

  it("another instance's change of a price, a master or a service is in the next visit here", async () => {
    const { owner, master, beard, items } = await visitScene();
    const price = await other.op('put', '/api/v1/services/{id}', { path: { id: beard }, token: owner.token, body: { price: 4500 } });
    expect(price.statusCode).toBe(200);
    const repriced = await visitRequest(owner, items, '10:30');
    expect(repriced.statusCode, repriced.body).toBe(201);
    expect(repriced.data.total_price).toBe(5000 + 4500);

    expect((await other.op('delete', '/api/v1/services/{id}', { path: { id: beard }, token: owner.token })).statusCode).toBe(204);
    expectRefusal(await visitRequest(owner, items, '14:00'), 'not_found');

    const cut = [{ service_id: owner.service.id, master_id: master.id }];
    const second = await createMaster(t, owner, 'Ольга', [owner.service.id]);
    expect((await other.op('delete', '/api/v1/masters/{id}', { path: { id: master.id }, token: owner.token })).statusCode).toBe(204);
    expectRefusal(await visitRequest(owner, [...cut, ...cut], '14:00'), 'not_found');
    const withSecond = await visitRequest(
      owner,
      [{ service_id: owner.service.id, master_id: second.id }, { service_id: owner.service.id }],
      '14:00',
    );
    expect(withSecond.statusCode, withSecond.body).toBe(201);
  });

  it("the provider's chat and a master's chat linked after the lookup was kept hear of the next visit", async () => {
    const { owner, master, items } = await visitScene();
    const provider = randomChat();
    await subscribe(other.database.db, 'PROVIDER_BUSINESS', String(owner.business.id), String(provider));
    const masterChat = randomChat();
    await postUpdate(t, messageUpdate(masterChat, await masterStart(t, owner, master.id)));
    fake.reset();
    expect((await visitRequest(owner, items, '10:30')).statusCode).toBe(201);
    await expect.poll(() => fake.callsOf('sendMessage', provider).length).toBe(1);
    await expect.poll(() => fake.textsTo(masterChat).length).toBe(1);
    expect(fake.textsTo(masterChat)[0]).toContain('10:30');
  });

  it('a wrong service id is looked up, and refused, every time', async () => {
    const { owner, items } = await visitScene();
    for (let i = 0; i < 2; i += 1) expectRefusal(await visitRequest(owner, [items[0]!, { service_id: 999_999 }], '10:30'), 'not_found');
    expect((await visitRequest(owner, items, '10:30')).statusCode).toBe(201);
  });
});
