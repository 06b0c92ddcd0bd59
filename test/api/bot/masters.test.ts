/**
 * CONTRACT.md §16 in the bot: a linked master's chat gets that master's notices (SPEC.md's texts and
 * Markdown; decision buttons only when masters_can_decide), and a master's press acts only on that
 * master's booking and only when allowed ('Нет доступа' otherwise, nothing changes).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NOW, useTestApp } from '../../helpers/app.js';
import { botEnv, buttonsOf, callbackUpdate, legacyMarkdownError, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { book, bookingRow, postUpdate, providerStart, randomChat, salon, type Salon } from '../../helpers/bot-scenarios.js';
import { addMaster, letMastersDecide, linkMaster } from '../../helpers/master-scenarios.js';
import { NO_ACCESS } from '../../../src/modules/bot/master-messages.js';
import { ALREADY_HANDLED } from '../../../src/modules/bot/messages.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

async function linkedSalon(): Promise<Salon & { chat: number }> {
  const owner = await salon(t);
  const chat = randomChat();
  await postUpdate(t, messageUpdate(chat, await providerStart(t, owner)));
  return { ...owner, chat };
}

const lastAnswer = () => fake.callsOf('answerCallbackQuery').at(-1)?.params.text;

describe("a master's notices", () => {
  it('a new booking of that master reaches its chat without buttons, and the provider as before; another master hears nothing', async () => {
    const owner = await linkedSalon();
    const other = await linkMaster(t, owner, await addMaster(t, owner));
    const master = await linkMaster(t, owner);
    fake.reset();
    await book(t, owner, { first_name: 'Алия_*' });
    const notice = fake.lastTo(master.chat)!;
    expect(notice.text).toContain('Новая запись');
    expect(notice.text).toContain('Алия\\_\\*');
    expect(legacyMarkdownError(notice.text!)).toBeNull();
    expect(buttonsOf(notice)).toEqual([]);
    expect(buttonsOf(fake.lastTo(owner.chat))).toHaveLength(3);
    expect(fake.textsTo(other.chat)).toEqual([]);
  });

  it('carries the decision buttons when masters_can_decide', async () => {
    const owner = await linkedSalon();
    const master = await linkMaster(t, owner);
    await letMastersDecide(t, owner);
    fake.reset();
    const booking = await book(t, owner);
    expect(buttonsOf(fake.lastTo(master.chat))).toEqual([`confirm_${booking.id}`, `reject_${booking.id}`, `reschedule_${booking.id}`]);
  });

  it('status changes and moves the client gets reach the master too', async () => {
    const owner = await linkedSalon();
    const master = await linkMaster(t, owner);
    const booking = await book(t, owner);
    fake.reset();
    const patch = (payload: object) =>
      t.op('patch', '/api/v1/bookings/{id}', { token: owner.token, path: { id: booking.id }, body: payload });
    expect((await patch({ status: 'confirmed' })).statusCode).toBe(200);
    expect((await patch({ time: '14:00' })).statusCode).toBe(200);
    expect((await patch({ status: 'cancelled' })).statusCode).toBe(200);
    const texts = fake.textsTo(master.chat);
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('Запись ПОДТВЕРЖДЕНА');
    expect(texts[1]).toContain('Запись ПЕРЕНЕСЕНА');
    expect(texts[1]).toContain('14:00');
    expect(texts[2]).toContain('Запись ОТМЕНЕНА');
    for (const text of texts) expect(legacyMarkdownError(text)).toBeNull();
  });
});

describe("a master's press", () => {
  it("says 'Нет доступа' and changes nothing while masters may not decide", async () => {
    const owner = await linkedSalon();
    const master = await linkMaster(t, owner);
    const booking = await book(t, owner);
    await postUpdate(t, callbackUpdate(master.chat, `confirm_${booking.id}`));
    expect(lastAnswer()).toBe(NO_ACCESS);
    await postUpdate(t, callbackUpdate(master.chat, `reschedule_${booking.id}`));
    expect(lastAnswer()).toBe(NO_ACCESS);
    expect((await bookingRow(t, booking.id)).status).toBe('pending');
    expect(fake.callsOf('editMessageText')).toHaveLength(0);
  });

  it("says 'Нет доступа' on another master's booking, also when masters may decide", async () => {
    const owner = await linkedSalon();
    const master = await linkMaster(t, owner);
    const otherMaster = await addMaster(t, owner);
    await letMastersDecide(t, owner);
    const theirs = await book(t, { ...owner, masterId: otherMaster });
    await postUpdate(t, callbackUpdate(master.chat, `confirm_${theirs.id}`));
    expect(lastAnswer()).toBe(NO_ACCESS);
    expect((await bookingRow(t, theirs.id)).status).toBe('pending');
  });

  it('decides its own booking when allowed: the message edited, the client told', async () => {
    const owner = await linkedSalon();
    const master = await linkMaster(t, owner);
    await letMastersDecide(t, owner);
    const booking = await book(t, owner);
    const client = randomChat();
    await postUpdate(t, messageUpdate(client, `/start client_${booking.id}`));
    fake.reset();
    await postUpdate(t, callbackUpdate(master.chat, `confirm_${booking.id}`));
    expect(lastAnswer()).toBe('Запись подтверждена');
    expect((await bookingRow(t, booking.id)).status).toBe('confirmed');
    expect(fake.lastTo(master.chat, 'editMessageText')?.text).toContain('Вы подтвердили запись');
    expect(fake.textsTo(client).join('\n')).toContain('Запись ПОДТВЕРЖДЕНА');
  });

  it('and an owner press on the same booking at once leave one decision; the second hears it was handled', async () => {
    const owner = await linkedSalon();
    const master = await linkMaster(t, owner);
    await letMastersDecide(t, owner);
    const booking = await book(t, owner);
    fake.reset();
    await Promise.all([
      postUpdate(t, callbackUpdate(master.chat, `confirm_${booking.id}`)),
      postUpdate(t, callbackUpdate(owner.chat, `reject_${booking.id}`)),
    ]);
    const answers = fake.callbackAnswers();
    expect(answers).toHaveLength(2);
    expect(answers.filter((answer) => answer === ALREADY_HANDLED)).toHaveLength(1);
    const status = (await bookingRow(t, booking.id)).status;
    expect(['confirmed', 'cancelled']).toContain(status);
    expect(fake.callsOf('editMessageText')).toHaveLength(1);
  });
});
