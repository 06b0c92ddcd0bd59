/**
 * CONTRACT.md §20 in the bot, one conversation per visit: the provider's buttons on a visit's notice act on
 * the whole visit, a master's (§16) on that master's items; a proposal on any booking moves the whole visit;
 * the client hears once per change of the visit; `/start client_{id}` of any booking follows every one.
 * The test clock: Monday 2026-11-23 10:00; the salon works 09:00-18:00, break 13:00-14:00; the cut lasts
 * 60 minutes for 5 000, the beard 30 minutes for 3 000.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { subscriptions } from '../../../src/db/schema.js';
import { NO_ACCESS } from '../../../src/modules/bot/master-messages.js';
import { ALREADY_HANDLED, PENDING_PROPOSAL_EXISTS } from '../../../src/modules/bot/messages.js';
import { DEFAULT_NOW, uniquePhone, useTestApp } from '../../helpers/app.js';
import { createMaster, createService } from '../../helpers/catalog.js';
import {
  botEnv,
  buttonsOf,
  callbackUpdate,
  legacyMarkdownError,
  messageUpdate,
  useFakeTelegram,
  type TelegramCall,
} from '../../helpers/fake-telegram.js';
import { bookingRow, postUpdate, providerStart, randomChat, salon, type Salon } from '../../helpers/bot-scenarios.js';
import { addMaster, letMastersDecide, linkMaster } from '../../helpers/master-scenarios.js';
import { expectRefusal } from '../../helpers/refusal.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

const TUESDAY = '2026-11-24';

interface Scene extends Salon {
  /** The provider's chat. */
  chat: number;
  /** The client's chat, following the visit by its link. */
  client: number;
  beard: number;
  visit: { id: string; bookings: { id: string; start_at: string; master: { id: number } }[] };
  /** What the bot sent while the visit was made (the new-visit notices). */
  notices: TelegramCall[];
}

type Overrides = Parameters<typeof salon>[1];

/**
 * A linked salon, a public visit (a cut, then a beard by `beardMaster`, Динара by default) on Tuesday at
 * 10:00, and its client following it from the first booking's link. The bot's calls so far are forgotten.
 */
async function scene(
  options: { overrides?: Overrides; first_name?: string; beardMaster?: (owner: Salon, beard: number) => Promise<number> } = {},
): Promise<Scene> {
  const owner = await salon(t, options.overrides);
  const beardName = options.overrides?.service ? `Beard ${options.overrides.service.name}` : 'Борода';
  const beard = (await createService(t, owner, { name: beardName, duration: 30, price: 3000 })).id;
  const beardMaster = options.beardMaster ? await options.beardMaster(owner, beard) : owner.masterId;
  const linked = await t.op('put', '/api/v1/masters/{id}', {
    token: owner.token,
    path: { id: owner.masterId },
    body: { name: 'Динара', service_ids: beardMaster === owner.masterId ? [owner.service.id, beard] : [owner.service.id] },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  const chat = randomChat();
  await postUpdate(t, messageUpdate(chat, await providerStart(t, owner)));
  const made = await t.op('post', '/api/v1/public/{slug}/visits', {
    path: { slug: owner.business.slug },
    body: {
      items: [
        { service_id: owner.service.id, master_id: owner.masterId },
        { service_id: beard, master_id: beardMaster },
      ],
      date: TUESDAY,
      time: '10:00',
      first_name: options.first_name ?? 'Алия',
      phone: uniquePhone(),
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const client = randomChat();
  await postUpdate(t, messageUpdate(client, `/start client_${made.data!.bookings[0]!.id}`));
  const notices = fake.callsOf('sendMessage');
  fake.reset();
  return { ...owner, chat, client, beard, visit: made.data!, notices };
}

const statuses = async (s: Scene) => Promise.all(s.visit.bookings.map(async (b) => (await bookingRow(t, b.id)).status));
const starts = async (s: Scene) =>
  Promise.all(s.visit.bookings.map(async (b) => (await bookingRow(t, b.id)).startAt.replace(' ', 'T').slice(0, 16)));
const lastAnswer = () => fake.callsOf('answerCallbackQuery').at(-1)?.params.text;
const firstId = (s: Scene) => s.visit.bookings[0]!.id;

describe('/start client_ of a visit', () => {
  it("subscribes the chat to every booking of the visit, whichever booking's link it opens", async () => {
    const s = await scene();
    const chat = randomChat();
    await postUpdate(t, messageUpdate(chat, `/start client_${s.visit.bookings[1]!.id}`));
    const rows = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.messengerChatId, String(chat)));
    expect(rows.map((row) => row.contextRef).sort()).toEqual(s.visit.bookings.map((b) => b.id).sort());
    const reply = fake.textsTo(chat)[0]!;
    for (const part of ['Уведомления по записи включены', '10:00 Стрижка', '11:00 Борода', '8 000 KZT', 'ожидает подтверждения'])
      expect(reply).toContain(part);
  });
});

describe("the provider's buttons on a visit's notice", () => {
  it('confirm_ confirms every booking; the notice is edited once; the client hears once, every item listed', async () => {
    const s = await scene();
    await postUpdate(t, callbackUpdate(s.chat, `confirm_${firstId(s)}`));
    expect(lastAnswer()).toBe('Запись подтверждена');
    expect(await statuses(s)).toEqual(['confirmed', 'confirmed']);
    const edited = fake.callsOf('editMessageText', s.chat);
    expect(edited).toHaveLength(1);
    expect(edited[0]!.text).toContain('Вы подтвердили визит');
    expect(buttonsOf(edited[0])).toEqual([]);
    const told = fake.textsTo(s.client);
    expect(told).toHaveLength(1);
    for (const part of ['Запись ПОДТВЕРЖДЕНА', 'Стрижка', 'Борода', '10:00', '11:00', '8 000 KZT']) expect(told[0]).toContain(part);
  });

  it("confirm_ when one booking is no longer pending answers 'Запись уже обработана' and changes nothing", async () => {
    const s = await scene();
    const second = s.visit.bookings[1]!.id;
    const patch = await t.op('patch', '/api/v1/bookings/{id}', { token: s.token, path: { id: second }, body: { status: 'confirmed' } });
    expect(patch.statusCode).toBe(200);
    // PATCH /bookings/{id} of one item acts on it alone and tells the client as for one booking (SPEC.md).
    const single = fake.textsTo(s.client);
    expect(single).toHaveLength(1);
    expect(single[0]).toContain('Борода');
    expect(single[0]).not.toContain('Стрижка');
    fake.reset();
    await postUpdate(t, callbackUpdate(s.chat, `confirm_${firstId(s)}`));
    expect(lastAnswer()).toBe(ALREADY_HANDLED);
    expect(await statuses(s)).toEqual(['pending', 'confirmed']);
    expect(fake.callsOf('editMessageText')).toHaveLength(0);
    expect(fake.textsTo(s.client)).toEqual([]);
  });

  it('reject_ cancels every booking; the client hears once', async () => {
    const s = await scene();
    await postUpdate(t, callbackUpdate(s.chat, `reject_${firstId(s)}`));
    expect(lastAnswer()).toBe('Запись отклонена');
    expect(await statuses(s)).toEqual(['cancelled', 'cancelled']);
    expect(fake.lastTo(s.chat, 'editMessageText')!.text).toContain('Вы отклонили визит');
    const told = fake.textsTo(s.client);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('Запись ОТМЕНЕНА');
    expect(told[0]).toContain('Борода');
    await postUpdate(t, callbackUpdate(s.chat, `reject_${firstId(s)}`));
    expect(lastAnswer()).toBe(ALREADY_HANDLED);
  });

  it('reject_ of a visit one of whose items was confirmed alone cancels every item still to take place', async () => {
    const s = await scene();
    const second = s.visit.bookings[1]!.id;
    await t.op('patch', '/api/v1/bookings/{id}', { token: s.token, path: { id: second }, body: { status: 'confirmed' } });
    fake.reset();
    await postUpdate(t, callbackUpdate(s.chat, `reject_${firstId(s)}`));
    expect(lastAnswer()).toBe('Запись отклонена');
    expect(await statuses(s)).toEqual(['cancelled', 'cancelled']);
    expect(fake.textsTo(s.client)).toHaveLength(1);
  });

  it('reject_ leaves an item completed alone as it is, and the client hears only of the cancelled ones', async () => {
    const s = await scene();
    const second = s.visit.bookings[1]!.id;
    await t.op('patch', '/api/v1/bookings/{id}', { token: s.token, path: { id: second }, body: { status: 'completed' } });
    fake.reset();
    await postUpdate(t, callbackUpdate(s.chat, `reject_${firstId(s)}`));
    expect(await statuses(s)).toEqual(['cancelled', 'completed']);
    const told = fake.textsTo(s.client);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('Запись ОТМЕНЕНА');
    expect(told[0]).toContain('Стрижка');
    expect(told[0]).not.toContain('Борода');
  });

  it('confirm_ and reject_ pressed at once leave one decision for the whole visit', async () => {
    const s = await scene();
    await Promise.all([
      postUpdate(t, callbackUpdate(s.chat, `confirm_${firstId(s)}`)),
      postUpdate(t, callbackUpdate(s.chat, `reject_${firstId(s)}`)),
    ]);
    expect(fake.callbackAnswers().filter((answer) => answer === ALREADY_HANDLED)).toHaveLength(1);
    const after = await statuses(s);
    expect([
      ['confirmed', 'confirmed'],
      ['cancelled', 'cancelled'],
    ]).toContainEqual(after);
    expect(fake.textsTo(s.client)).toHaveLength(1);
  });
});

describe("a master's buttons on their notice of a visit (CONTRACT.md §16)", () => {
  it("carry the master's first item and act on that master's items only", async () => {
    let asel: { masterId: number; chat: number } | undefined;
    let dinara: { chat: number } | undefined;
    const s = await scene({
      beardMaster: async (owner, beardService) => {
        await letMastersDecide(t, owner);
        const id = (await createMaster(t, owner, 'Асель', [beardService])).id;
        asel = await linkMaster(t, owner, id);
        dinara = await linkMaster(t, owner);
        return id;
      },
    });
    const [cut, beard] = s.visit.bookings;
    const noticeTo = (chat: number) => s.notices.filter((call) => call.chat_id === String(chat)).at(-1);
    expect(buttonsOf(noticeTo(dinara!.chat))).toEqual([`confirm_${cut!.id}`, `reject_${cut!.id}`, `reschedule_${cut!.id}`]);
    expect(buttonsOf(noticeTo(asel!.chat))).toEqual([`confirm_${beard!.id}`, `reject_${beard!.id}`, `reschedule_${beard!.id}`]);
    expect(noticeTo(asel!.chat)!.text).not.toContain('Стрижка');

    // Another master's item: no access, nothing changes.
    await postUpdate(t, callbackUpdate(asel!.chat, `confirm_${cut!.id}`));
    expect(lastAnswer()).toBe(NO_ACCESS);
    fake.reset();
    await postUpdate(t, callbackUpdate(asel!.chat, `confirm_${beard!.id}`));
    expect(lastAnswer()).toBe('Запись подтверждена');
    expect(await statuses(s)).toEqual(['pending', 'confirmed']);
    const told = fake.textsTo(s.client);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('Борода');
    expect(told[0]).not.toContain('Стрижка');

    await postUpdate(t, callbackUpdate(dinara!.chat, `reject_${cut!.id}`));
    expect(await statuses(s)).toEqual(['cancelled', 'confirmed']);
  });
});

describe('a reschedule proposal on a visit moves the whole visit', () => {
  it('the bot offers the visit’s start times; the client’s accept moves every item by the same offset', async () => {
    const s = await scene();
    await postUpdate(t, callbackUpdate(s.chat, `reschedule_${firstId(s)}`));
    const hours = buttonsOf(fake.lastTo(s.chat));
    // 90 minutes back to back, 09:00-18:00 with a break 13:00-14:00: 09 to 11, then 14 to 16.
    expect(hours).toEqual(['09', '10', '11', '14', '15', '16'].map((h) => `rh_${firstId(s)}_${h}`));
    await postUpdate(t, callbackUpdate(s.chat, `rh_${firstId(s)}_16`, 500));
    expect(buttonsOf(fake.lastTo(s.chat, 'editMessageText'))).toEqual(['1600', '1615', '1630'].map((m) => `rm_${firstId(s)}_${m}`));
    await postUpdate(t, callbackUpdate(s.chat, `rm_${firstId(s)}_1630`, 500));
    const offer = fake.lastTo(s.client)!;
    expect(offer.status).toBe(200);
    for (const part of ['визит целиком', '24.11.2026 10:00', '24.11.2026 16:30', '17:30']) expect(offer.text).toContain(part);
    const [accept] = buttonsOf(offer);

    fake.reset();
    await postUpdate(t, callbackUpdate(s.client, accept!, 900));
    expect(await starts(s)).toEqual([`${TUESDAY}T16:30`, `${TUESDAY}T17:30`]);
    expect(fake.lastTo(s.client, 'editMessageText')!.text).toContain('Вы приняли перенос');
    const result = fake.textsTo(s.chat).join('\n');
    expect(result).toContain('Клиент подтвердил перенос');
    expect(result).toContain('17:30');
  });

  it('POST /reschedule on the second booking proposes the visit’s move; accept moves both, across a day too', async () => {
    const s = await scene();
    const second = s.visit.bookings[1]!.id;
    const proposed = await t.op('post', '/api/v1/reschedule/{booking_id}', {
      token: s.token,
      path: { booking_id: second },
      body: { proposed_date: '2026-11-25', proposed_time: '15:00' },
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    expect(proposed.data!.notified).toBe(true);
    // One waiting proposal per visit: another on its first booking is 409, and the bot says so too.
    expectRefusal(
      await t.op('post', '/api/v1/reschedule/{booking_id}', {
        token: s.token,
        path: { booking_id: firstId(s) },
        body: { proposed_date: '2026-11-25', proposed_time: '09:00' },
      }),
      'proposal_pending',
    );
    await postUpdate(t, callbackUpdate(s.chat, `reschedule_${firstId(s)}`));
    expect(lastAnswer()).toBe(PENDING_PROPOSAL_EXISTS);

    const offer = fake.lastTo(s.client)!;
    expect(offer.text).toContain('25.11.2026 14:00');
    await postUpdate(t, callbackUpdate(s.client, `ra_${proposed.data!.proposal.id}`));
    expect(await starts(s)).toEqual(['2026-11-25T14:00', '2026-11-25T15:00']);
  });

  it('a decline moves nothing and tells the provider, with the visit', async () => {
    const s = await scene();
    const proposed = await t.op('post', '/api/v1/reschedule/{booking_id}', {
      token: s.token,
      path: { booking_id: firstId(s) },
      body: { proposed_date: TUESDAY, proposed_time: '15:00' },
    });
    fake.reset();
    await postUpdate(t, callbackUpdate(s.client, `rd_${proposed.data!.proposal.id}`));
    expect(await starts(s)).toEqual([`${TUESDAY}T10:00`, `${TUESDAY}T11:00`]);
    const told = fake.textsTo(s.chat).join('\n');
    expect(told).toContain('Клиент отклонил перенос');
    expect(told).toContain('24.11.2026 15:00');
    expect(told).toContain('Борода');
  });
});

describe('the client hears once per change of the visit', () => {
  it('PATCH /visits status, PATCH /visits time and DELETE /visits: one message each', async () => {
    const s = await scene();
    const patch = (body: object) => t.op('patch', '/api/v1/visits/{id}', { token: s.token, path: { id: s.visit.id }, body });
    expect((await patch({ status: 'confirmed' })).statusCode).toBe(200);
    expect((await patch({ time: '14:00' })).statusCode).toBe(200);
    expect((await t.op('delete', '/api/v1/visits/{id}', { token: s.token, path: { id: s.visit.id } })).statusCode).toBe(204);
    const told = fake.textsTo(s.client);
    expect(told).toHaveLength(3);
    expect(told[0]).toContain('Запись ПОДТВЕРЖДЕНА');
    expect(told[1]).toContain('Запись ПЕРЕНЕСЕНА');
    expect(told[1]).toContain('15:00');
    expect(told[1]).toContain('24.11.2026 10:00');
    expect(told[2]).toContain('Запись ОТМЕНЕНА');
    for (const text of told) expect(text).toContain('Борода');
  });
});

describe('Markdown of every visit message parses, whatever the names hold', () => {
  it('names with _*[] through notice, confirm, proposal, accept and cancel: Telegram accepts every message', async () => {
    const odd = 'A_b*c[d]`e';
    let master: { chat: number } | undefined;
    const s = await scene({
      overrides: { business_name: `Salon ${odd}`, service: { name: `Cut ${odd}`, duration: 60, price: 5000 } },
      first_name: odd,
      beardMaster: async (owner, beardService) => {
        const id = (await createMaster(t, owner, `Master ${odd}`, [beardService])).id;
        master = await linkMaster(t, owner, id);
        return id;
      },
    });
    await postUpdate(t, callbackUpdate(s.chat, `confirm_${firstId(s)}`));
    const proposed = await t.op('post', '/api/v1/reschedule/{booking_id}', {
      token: s.token,
      path: { booking_id: firstId(s) },
      body: { proposed_date: TUESDAY, proposed_time: '15:00' },
    });
    await postUpdate(t, callbackUpdate(s.client, `ra_${proposed.data!.proposal.id}`));
    await t.op('patch', '/api/v1/visits/{id}', { token: s.token, path: { id: s.visit.id }, body: { time: '09:00' } });
    await t.op('patch', '/api/v1/visits/{id}', { token: s.token, path: { id: s.visit.id }, body: { status: 'cancelled' } });
    const calls = fake.calls.filter((call) => call.method === 'sendMessage' || call.method === 'editMessageText');
    expect(fake.textsTo(s.client).length).toBeGreaterThanOrEqual(4);
    expect(fake.textsTo(master!.chat).length).toBeGreaterThanOrEqual(3);
    for (const call of calls) {
      expect(call.status, call.error).toBe(200);
      expect(legacyMarkdownError(call.text!)).toBeNull();
    }
  });
});

describe("a master's token (CONTRACT.md §16)", () => {
  it('reads a visit and its move times with one of its bookings, not one without; never changes or deletes one', async () => {
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
    const freeTimes = (id: string) => t.op('get', '/api/v1/visits/{id}/free-times', { token, path: { id }, query: { date: '2026-11-24' } });
    expect((await freeTimes(shared.id)).statusCode).toBe(200);
    expectRefusal(await freeTimes(foreign.id), 'not_found');
    expect((await t.op('patch', '/api/v1/visits/{id}', { token, path: { id: shared.id }, body: { status: 'cancelled' } })).statusCode).toBe(
      403,
    );
    expect((await t.op('delete', '/api/v1/visits/{id}', { token, path: { id: shared.id } })).statusCode).toBe(403);
  });
});
