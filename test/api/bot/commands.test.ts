/** /start (plain, client_, subscribe_), /help, /status, /unsubscribe through the webhook. */
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { subscriptions } from '../../../src/db/schema.js';
import { useTestApp } from '../../helpers/app.js';
import { FOREIGN_CONTACT, FOREIGN_COUNTRY_CONTACT } from '../../../src/modules/bot/messages.js';
import { botEnv, contactUpdate, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { book, postUpdate, randomChat, salon, providerStart } from '../../helpers/bot-scenarios.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });

beforeEach(() => fake.reset());

const randomLocalPhone = (): string => `70${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function chatRows(chat: number) {
  return t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.messengerChatId, String(chat)));
}

async function say(chat: number, text: string): Promise<string> {
  await postUpdate(t, messageUpdate(chat, text));
  const last = fake.lastTo(chat)!;
  expect(last.status, last.error).toBe(200);
  return last.text!;
}

describe('/start', () => {
  it('without a parameter welcomes; /help lists the commands', async () => {
    const chat = randomChat();
    expect(await say(chat, '/start')).toContain('Добро пожаловать');
    const help = await say(chat, '/help');
    for (const command of ['/start', '/status', '/unsubscribe', '/help']) expect(help).toContain(command);
  });

  it('client_ with an unknown or malformed booking id answers "Запись не найдена" and subscribes nothing', async () => {
    const chat = randomChat();
    expect(await say(chat, '/start client_00000000-0000-4000-8000-000000000000')).toBe('Запись не найдена');
    expect(await say(chat, '/start client_42')).toBe('Запись не найдена');
    expect(await chatRows(chat)).toHaveLength(0);
  });

  it('client_ subscribes the chat to that booking only, offers the contact button, and describes the booking by its status', async () => {
    const owner = await salon(t);
    const booking = await book(t, owner);
    const chat = randomChat();
    expect(await say(chat, `/start client_${booking.id}`)).toContain('ожидает подтверждения');
    const rows = await chatRows(chat);
    expect(rows.map((r) => [r.contextType, r.contextRef, r.isActive])).toEqual([['CLIENT_BOOKING', booking.id, true]]);
    const offer = fake.callsOf('sendMessage').at(-1) as { reply_markup?: { keyboard?: { request_contact?: boolean }[][] } };
    expect(offer.reply_markup?.keyboard?.[0]?.[0]?.request_contact).toBe(true);
    await t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id: booking.id }, body: { status: 'confirmed' } });
    expect(await say(chat, `/start client_${booking.id}`)).toContain('подтверждена');
    expect(await chatRows(chat)).toHaveLength(1);
  });

  it('subscribe_ subscribes nothing and reveals nothing: it asks for the contact with a request_contact button', async () => {
    const owner = await salon(t);
    const local = randomLocalPhone();
    await book(t, owner, { phone: `+7${local}` });
    const chat = randomChat();
    const reply = await say(chat, `/start subscribe_8${local}`);
    expect(reply).not.toContain('Активных записей');
    expect(reply).not.toContain(local.slice(-4));
    const keyboard = fake.lastTo(chat)!.reply_markup as { keyboard?: { request_contact?: boolean }[][] };
    expect(keyboard.keyboard?.flat().some((button) => button.request_contact === true)).toBe(true);
    expect(await chatRows(chat)).toHaveLength(0);
  });

  it("the sender's own contact subscribes its phone and active bookings, says how many, and removes the keyboard", async () => {
    const owner = await salon(t);
    const other = await salon(t);
    const local = randomLocalPhone();
    const active = await book(t, owner, { phone: `+7${local}` });
    const elsewhere = await book(t, other, { phone: `8${local}` });
    const done = await book(t, owner, { phone: `7${local}`, time: '15:00' });
    await t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id: done.id }, body: { status: 'completed' } });

    const chat = randomChat();
    await say(chat, `/start subscribe_8${local}`);
    await postUpdate(t, contactUpdate(chat, `+7${local}`));
    const reply = fake.lastTo(chat)!;
    expect(reply.text).toContain('Активных записей найдено: 2');
    expect(reply.reply_markup).toEqual({ remove_keyboard: true });
    const rows = await chatRows(chat);
    expect(rows.filter((r) => r.contextType === 'CLIENT_PHONE').map((r) => r.contextRef)).toEqual([`7${local}`]);
    expect(
      rows
        .filter((r) => r.contextType === 'CLIENT_BOOKING')
        .map((r) => r.contextRef)
        .sort(),
    ).toEqual([active.id, elsewhere.id].sort());
  });

  it("someone else's contact (or one without user_id) is refused and subscribes nothing", async () => {
    const owner = await salon(t);
    const local = randomLocalPhone();
    await book(t, owner, { phone: `+7${local}` });
    const chat = randomChat();
    await say(chat, `/start subscribe_${local}`);
    await postUpdate(t, contactUpdate(chat, `+7${local}`, randomChat()));
    expect(fake.lastTo(chat)!.text).toBe(FOREIGN_CONTACT);
    await postUpdate(t, contactUpdate(chat, `+7${local}`, null));
    expect(fake.lastTo(chat)!.text).toBe(FOREIGN_CONTACT);
    expect(await chatRows(chat)).toHaveLength(0);
  });
});

describe('a contact of another country code (CONTRACT.md §11 fourth pass)', () => {
  // Lebanese +961 3 123 456 read by SPEC.md's typed-phone rule is +7 961 312 34 56; likewise +960…, +84 9x….
  const foreign = [
    { contact: '9613123456', kazakh: '+79613123456' },
    { contact: '+9607771234', kazakh: '+79607771234' },
    { contact: '84912345678', kazakh: '+74912345678' },
  ];

  it.each(foreign)('$contact subscribes nothing, matches no +7 booking, hears none of its notices, and is told why', async (number) => {
    const owner = await salon(t);
    const booking = await book(t, owner, { phone: number.kazakh });
    const chat = randomChat();
    await postUpdate(t, contactUpdate(chat, number.contact));
    const reply = fake.lastTo(chat)!;
    expect(reply.text).toBe(FOREIGN_COUNTRY_CONTACT);
    expect(reply.reply_markup).toEqual({ remove_keyboard: true });
    expect(await chatRows(chat)).toHaveLength(0);
    fake.reset();
    await t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id: booking.id }, body: { status: 'confirmed' } });
    expect(fake.textsTo(chat)).toEqual([]);
  });
});

describe('/status and /unsubscribe', () => {
  it('/status lists the active subscriptions; /unsubscribe switches all of them off and counts them', async () => {
    const owner = await salon(t, { business_name: 'Barber_*Shop' });
    const booking = await book(t, owner);
    const chat = randomChat();
    expect(await say(chat, '/status')).toContain('Активных подписок нет');
    await postUpdate(t, messageUpdate(chat, await providerStart(t, owner)));
    await postUpdate(t, messageUpdate(chat, `/start client_${booking.id}`));

    const status = await say(chat, '/status');
    expect(status).toContain('Активные подписки (2)');
    expect(status).toContain('Barber\\_\\*Shop');
    expect(status).toContain('Стрижка, 24.11.2026 11:00');

    expect(await say(chat, '/unsubscribe')).toContain('Деактивировано подписок: 2');
    expect((await chatRows(chat)).every((row) => !row.isActive)).toBe(true);
    expect(await say(chat, '/unsubscribe')).toBe('У вас не было активных подписок.');

    // No active PROVIDER_BUSINESS subscription: a new booking reaches nobody.
    fake.reset();
    await book(t, owner);
    expect(fake.callsOf('sendMessage')).toHaveLength(0);

    // Linking again re-activates the same row.
    await postUpdate(t, messageUpdate(chat, await providerStart(t, owner)));
    const [provider] = await t.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.messengerChatId, String(chat)), eq(subscriptions.contextType, 'PROVIDER_BUSINESS')));
    expect(provider!.isActive).toBe(true);
    expect(await chatRows(chat)).toHaveLength(2);
  });

  it('a plain text message changes nothing', async () => {
    const chat = randomChat();
    await postUpdate(t, messageUpdate(chat, 'привет'));
    expect(await chatRows(chat)).toHaveLength(0);
  });
});
