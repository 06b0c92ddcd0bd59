/** CONTRACT.md §20 in the bot: `/start client_{id}` of any booking of a visit follows every booking of it. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../../../src/db/schema.js';
import { uniquePhone, useTestApp } from '../../helpers/app.js';
import { botEnv, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { postUpdate, randomChat, salon } from '../../helpers/bot-scenarios.js';
import { addMaster, linkMaster } from '../../helpers/master-scenarios.js';
import { expectRefusal } from '../../helpers/refusal.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });

describe('/start client_ of a visit', () => {
  it("subscribes the chat to every booking of the visit, whichever booking's link it opens", async () => {
    const owner = await salon(t);
    const items = [{ service_id: owner.service.id }, { service_id: owner.service.id }] as [{ service_id: number }, { service_id: number }];
    const visit = await t.op('post', '/api/v1/public/{slug}/visits', {
      path: { slug: owner.business.slug },
      body: { items, date: '2026-11-24', time: '10:00', first_name: 'Алия', phone: uniquePhone() },
    });
    expect(visit.statusCode, visit.body).toBe(201);
    const chat = randomChat();
    await postUpdate(t, messageUpdate(chat, `/start client_${visit.data!.bookings[1]!.id}`));
    const rows = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.messengerChatId, String(chat)));
    expect(rows.map((row) => row.contextRef).sort()).toEqual(visit.data!.bookings.map((b) => b.id).sort());
  });
});

describe("a master's token (CONTRACT.md §16)", () => {
  it('reads a visit with one of its bookings, not one without; never changes or deletes one', async () => {
    const owner = await salon(t);
    const other = await addMaster(t, owner);
    const make = (first: number, second: number, time: string) =>
      t.op('post', '/api/v1/visits', {
        token: owner.token,
        body: {
          items: [
            { service_id: owner.service.id, master_id: first },
            { service_id: owner.service.id, master_id: second },
          ],
          date: '2026-11-24',
          time,
          first_name: 'Алия',
          phone: uniquePhone(),
        },
      });
    const shared = (await make(owner.masterId, other, '10:00')).data!;
    const foreign = (await make(other, other, '14:00')).data!;
    const { token } = await linkMaster(t, owner);
    expect((await t.op('get', '/api/v1/visits/{id}', { token, path: { id: shared.id } })).statusCode).toBe(200);
    expectRefusal(await t.op('get', '/api/v1/visits/{id}', { token, path: { id: foreign.id } }), 'not_found');
    expect((await t.op('patch', '/api/v1/visits/{id}', { token, path: { id: shared.id }, body: { status: 'cancelled' } })).statusCode).toBe(
      403,
    );
    expect((await t.op('delete', '/api/v1/visits/{id}', { token, path: { id: shared.id } })).statusCode).toBe(403);
  });
});
