/** The bot end to end through the webhook against the fake Bot API: linking, new booking, confirm/reject buttons. */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NOW, useTestApp } from '../../helpers/app.js';
import { botEnv, buttonsOf, callbackUpdate, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { PROVIDER_LINK_INVALID } from '../../../src/modules/bot/messages.js';
import {
  book,
  bookingRow,
  businessRow,
  postUpdate,
  randomChat,
  salon,
  userRow,
  webhook,
  type Salon,
  providerStart,
  subscribePhone,
} from '../../helpers/bot-scenarios.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

async function linkedSalon(overrides: Record<string, unknown> = {}): Promise<Salon & { chat: number }> {
  const owner = await salon(t, overrides);
  const chat = randomChat();
  await postUpdate(t, messageUpdate(chat, await providerStart(t, owner)));
  return { ...owner, chat };
}

describe('/start provider_{business_id}', () => {
  it('links the chat, subscribes it, remembers the admin, replies and sends a QR code of the public page', async () => {
    const owner = await salon(t);
    const chat = randomChat();
    await postUpdate(t, messageUpdate(chat, await providerStart(t, owner)));

    expect((await businessRow(t, owner.business.id)).messengerChatId).toBe(String(chat));
    expect((await userRow(t, owner.user.id)).messengerId).toBe(String(chat));
    expect(fake.textsTo(chat).some((text) => text.includes('включены'))).toBe(true);
    const photo = fake.lastTo(chat, 'sendPhoto')!;
    expect(photo.status).toBe(200);
    expect(photo.photo!.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(photo.caption).toContain(`http://booking.test/${owner.business.slug}`);

    const state = await t.op('get', '/api/v1/messenger/debug/subscription/{business_id}', {
      token: owner.token,
      path: { business_id: owner.business.id },
    });
    expect(state.data).toMatchObject({ business_id: owner.business.id, messenger_chat_id: String(chat), subscribed: true });
  });

  it('moves a business to a new chat, tells the old chat and stops notifying it', async () => {
    const owner = await linkedSalon();
    const newChat = randomChat();
    const newSender = randomChat();
    await postUpdate(t, messageUpdate(newChat, await providerStart(t, owner), newSender));
    expect(fake.textsTo(owner.chat).some((text) => text.includes('перенесены в другой чат'))).toBe(true);
    expect((await businessRow(t, owner.business.id)).messengerChatId).toBe(String(newChat));
    // The link's secret vouches for the sender: the owner's new Telegram account becomes the admin's id.
    expect((await userRow(t, owner.user.id)).messengerId).toBe(String(newSender));

    fake.reset();
    await book(t, owner);
    expect(fake.callsOf('sendMessage', newChat)).toHaveLength(1);
    expect(fake.callsOf('sendMessage', owner.chat)).toHaveLength(0);
  });

  it('an unknown business gets the same "link is not valid" answer as a wrong code', async () => {
    const chat = randomChat();
    await postUpdate(t, messageUpdate(chat, '/start provider_2147483000_abcdefghijklmnopqrstuvwx'));
    expect(fake.textsTo(chat)).toEqual([PROVIDER_LINK_INVALID]);
  });
});

describe('new booking → provider', () => {
  it('sends the details with confirm, reject and reschedule buttons', async () => {
    const owner = await linkedSalon();
    const booking = await book(t, owner, { first_name: 'Алия', phone: '8 701 555 44 33', notes: 'окно у двери' });
    const sent = fake.lastTo(owner.chat)!;
    expect(sent.status).toBe(200);
    expect(sent.parse_mode).toBe('Markdown');
    expect(sent.text).toContain('Алия');
    expect(sent.text).toContain('+7 701 555 44 33');
    expect(sent.text).toContain('Стрижка');
    expect(sent.text).toContain('Динара');
    expect(sent.text).toContain('24.11.2026');
    expect(sent.text).toContain('11:00');
    expect(sent.text).toContain('5 000 KZT');
    expect(sent.text).toContain('окно у двери');
    expect(buttonsOf(sent)).toEqual([`confirm_${booking.id}`, `reject_${booking.id}`, `reschedule_${booking.id}`]);
  });

  it('escapes Markdown in every user value: a name with _*[ still gives a message Telegram accepts', async () => {
    const owner = await linkedSalon({ business_name: 'Salon *Star* [1]', service: { name: 'Cut_and*style', duration: 30, price: 1 } });
    await book(t, owner, { first_name: 'Ann_*[x', notes: 'pay `cash` _now_ [or] *card' });
    const sent = fake.lastTo(owner.chat)!;
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('Ann\\_\\*\\[x');
  });

  it('sends nothing and keeps the booking when the business has no chat', async () => {
    const owner = await salon(t);
    const booking = await book(t, owner);
    expect(booking.status).toBe('pending');
    expect(fake.callsOf('sendMessage')).toHaveLength(0);
  });

  it('Telegram answering 500 never fails a booking', async () => {
    const owner = await linkedSalon();
    fake.reset();
    fake.mode = 'fail';
    const booking = await book(t, owner);
    expect(booking.status).toBe('pending');
    expect(fake.callsOf('sendMessage', owner.chat)[0]!.status).toBe(500);
  });

  it('Telegram not answering never fails a booking: the request is bounded by the client timeout', async () => {
    const owner = await linkedSalon();
    fake.reset();
    fake.mode = 'hang';
    const started = Date.now();
    const booking = await book(t, owner);
    expect(booking.status).toBe('pending');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(fake.callsOf('sendMessage', owner.chat)).toHaveLength(1);
  }, 30_000);
});

describe('confirm_ / reject_ buttons', () => {
  it('confirms from pending: message edited without buttons, the subscribed client hears "Запись ПОДТВЕРЖДЕНА"', async () => {
    const owner = await linkedSalon();
    const booking = await book(t, owner);
    const client = randomChat();
    await postUpdate(t, messageUpdate(client, `/start client_${booking.id}`));
    expect(fake.lastTo(client)!.text).toContain('Уведомления по записи включены');

    fake.reset();
    await postUpdate(t, callbackUpdate(owner.chat, `confirm_${booking.id}`, 77));
    expect((await bookingRow(t, booking.id)).status).toBe('confirmed');
    const edited = fake.lastTo(owner.chat, 'editMessageText')!;
    expect(edited.params.message_id).toBe(77);
    expect(edited.reply_markup).toBeUndefined();
    expect(edited.text).toContain('подтвердили');
    expect(fake.textsTo(client).join('\n')).toContain('Запись ПОДТВЕРЖДЕНА');
    expect(fake.callbackAnswers()).toEqual(['Запись подтверждена']);

    fake.reset();
    await postUpdate(t, callbackUpdate(owner.chat, `reject_${booking.id}`));
    expect((await bookingRow(t, booking.id)).status).toBe('confirmed');
    expect(fake.callbackAnswers()).toEqual(['Запись уже обработана']);
    expect(fake.callsOf('sendMessage', client)).toHaveLength(0);
  });

  it('rejects into cancelled (never rejected) and tells the client "Запись ОТМЕНЕНА"', async () => {
    const owner = await linkedSalon();
    const booking = await book(t, owner);
    const client = randomChat();
    await postUpdate(t, messageUpdate(client, `/start client_${booking.id}`));
    await postUpdate(t, callbackUpdate(owner.chat, `reject_${booking.id}`));
    expect((await bookingRow(t, booking.id)).status).toBe('cancelled');
    expect(fake.textsTo(client).join('\n')).toContain('Запись ОТМЕНЕНА');
  });

  it('a button from a foreign chat changes nothing', async () => {
    const owner = await linkedSalon();
    const booking = await book(t, owner);
    const stranger = randomChat();
    fake.reset();
    await postUpdate(t, callbackUpdate(stranger, `confirm_${booking.id}`));
    await postUpdate(t, callbackUpdate(stranger, `reschedule_${booking.id}`));
    expect((await bookingRow(t, booking.id)).status).toBe('pending');
    expect(fake.callsOf('editMessageText')).toHaveLength(0);
    expect(fake.callsOf('sendMessage')).toHaveLength(0);
    expect(fake.callsOf('answerCallbackQuery')).toHaveLength(2);
  });

  it('answers every press, also unknown data and a booking that does not exist', async () => {
    const owner = await linkedSalon();
    await postUpdate(t, callbackUpdate(owner.chat, 'something_else'));
    await postUpdate(t, callbackUpdate(owner.chat, 'confirm_00000000-0000-4000-8000-000000000000'));
    expect(fake.callbackAnswers()).toEqual([undefined, 'Запись не найдена']);
  });

  it('a press whose handler fails is still answered, and the next update is handled as usual', async () => {
    const owner = await linkedSalon();
    const booking = await book(t, owner);
    // A real database failure for this one booking: its status cannot change.
    const fn = `fail_${booking.id.replace(/-/g, '')}`;
    await t.app.ctx.db.execute(
      sql.raw(
        `CREATE FUNCTION ${fn}() RETURNS trigger AS $$ BEGIN IF NEW.id = '${booking.id}' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
      ),
    );
    await t.app.ctx.db.execute(sql.raw(`CREATE TRIGGER ${fn} BEFORE UPDATE ON bookings FOR EACH ROW EXECUTE FUNCTION ${fn}()`));
    try {
      fake.reset();
      await postUpdate(t, callbackUpdate(owner.chat, `confirm_${booking.id}`));
      expect(fake.callbackAnswers()).toEqual(['Не получилось, попробуйте ещё раз']);
      expect((await bookingRow(t, booking.id)).status).toBe('pending');
    } finally {
      await t.app.ctx.db.execute(sql.raw(`DROP TRIGGER ${fn} ON bookings`));
      await t.app.ctx.db.execute(sql.raw(`DROP FUNCTION ${fn}()`));
    }
    fake.reset();
    await postUpdate(t, callbackUpdate(owner.chat, `confirm_${booking.id}`));
    expect(fake.callbackAnswers()).toEqual(['Запись подтверждена']);
  });

  it('a client subscribed by phone hears a status change made through PATCH', async () => {
    const owner = await linkedSalon();
    const phone = '+7 702 111 22 33'.replace('111', String(100 + Math.floor(Math.random() * 800)));
    const client = randomChat();
    await subscribePhone(t, client, phone.replace(/\D/g, ''));
    const booking = await book(t, owner, { phone });
    fake.reset();
    const patched = await t.op('patch', '/api/v1/bookings/{id}', {
      token: owner.token,
      path: { id: booking.id },
      body: { status: 'completed' },
    });
    expect(patched.statusCode).toBe(200);
    expect(fake.textsTo(client).join('\n')).toContain('Запись ЗАВЕРШЕНА');
  });
});

describe('status change recipients', () => {
  it('a chat that verified the phone comes first (CONTRACT.md §11 third pass); CLIENT_BOOKING only while the phone has none', async () => {
    const owner = await salon(t);
    const phone = `+7707${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const byPhone = randomChat();
    await subscribePhone(t, byPhone, phone.slice(1));
    const first = await book(t, owner, { phone });
    const second = await book(t, owner, { phone, time: '15:00' });
    const byBooking = randomChat();
    await postUpdate(t, messageUpdate(byBooking, `/start client_${first.id}`));
    fake.reset();
    await t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id: first.id }, body: { status: 'confirmed' } });
    expect(fake.callsOf('sendMessage').map((call) => call.chat_id)).toEqual([String(byPhone)]);
    fake.reset();
    await t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id: second.id }, body: { status: 'confirmed' } });
    // client_ follows its one booking: only the phone's own subscriber hears of the second booking.
    expect(fake.callsOf('sendMessage').map((call) => call.chat_id)).toEqual([String(byPhone)]);
  });
});

describe('Telegram failing while the bot handles an update', () => {
  it('the webhook still answers 200 and the change is made', async () => {
    const owner = await salon(t);
    const chat = randomChat();
    fake.mode = 'fail';
    await postUpdate(t, messageUpdate(chat, await providerStart(t, owner)));
    expect((await businessRow(t, owner.business.id)).messengerChatId).toBe(String(chat));
    const booking = await book(t, owner);
    await postUpdate(t, callbackUpdate(chat, `confirm_${booking.id}`));
    expect((await bookingRow(t, booking.id)).status).toBe('confirmed');
    expect(fake.callsOf('answerCallbackQuery')).toHaveLength(1);
  });
});

describe('malformed updates', () => {
  it('answer 200 {"ok": true} and change nothing', async () => {
    const owner = await salon(t);
    const booking = await book(t, owner);
    const bodies: unknown[] = [
      {},
      [1, 2],
      { update_id: 'x' },
      { update_id: 1, message: 'text' },
      { update_id: 2, message: { text: await providerStart(t, owner) } },
      { update_id: 3, message: { chat: { id: 5 }, text: await providerStart(t, owner), entities: 'bad' } },
      { update_id: 4, callback_query: { id: 'q', data: `confirm_${booking.id}` } },
      { update_id: 5, callback_query: { data: `confirm_${booking.id}`, message: { chat: { id: 'nope' } } } },
      { update_id: 6, edited_message: { chat: { id: 1 } } },
    ];
    for (const body of bodies) {
      const response = await webhook(t, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(200);
      expect(response.data).toEqual({ ok: true });
    }
    expect((await businessRow(t, owner.business.id)).messengerChatId).toBeNull();
    expect((await bookingRow(t, booking.id)).status).toBe('pending');
  });
});
