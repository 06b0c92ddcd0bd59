/** The bot's reschedule flow (reschedule_ → rh_ → rm_) and the client's ra_/rd_ answers, end to end. */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NOW, uniquePhone, useTestApp } from '../../helpers/app.js';
import { botEnv, buttonsOf, callbackUpdate, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { book, bookingRow, postUpdate, randomChat, salon, type Salon, providerStart } from '../../helpers/bot-scenarios.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

interface Scene extends Salon {
  chat: number;
  client: number;
  booking: Awaited<ReturnType<typeof book>>;
}

/** A linked business, a booking on Tuesday 2026-11-24 11:00 (60 min) and its client subscribed in the bot. */
async function scene(input: Parameters<typeof book>[2] = {}, overrides: Record<string, unknown> = {}): Promise<Scene> {
  const owner = await salon(t, overrides);
  const chat = randomChat();
  await postUpdate(t, messageUpdate(chat, await providerStart(t, owner)));
  const booking = await book(t, owner, input);
  const client = randomChat();
  await postUpdate(t, messageUpdate(client, `/start client_${booking.id}`));
  fake.reset();
  return { ...owner, chat, client, booking };
}

const proposals = (s: Scene) => t.op('get', '/api/v1/reschedule/{booking_id}', { path: { booking_id: s.booking.id }, token: s.token });

describe('reschedule_ → hours → minutes → proposal', () => {
  it('offers free hours in rows of 3, then the minutes that fit, and creates a PROVIDER_BOT proposal the client accepts', async () => {
    const s = await scene();
    // Another booking of the same master 16:30-17:30 makes 15:45 not fit a 60-minute service.
    await book(t, s, { time: '16:30' });
    fake.reset();

    await postUpdate(t, callbackUpdate(s.chat, `reschedule_${s.booking.id}`));
    const hours = fake.lastTo(s.chat)!;
    expect(hours.status).toBe(200);
    const rows = hours.reply_markup!.inline_keyboard!;
    expect(rows.slice(0, -1).every((row) => row.length === 3)).toBe(true);
    const hourData = buttonsOf(hours);
    // 09:00-18:00, break 13:00-14:00, the other booking 16:30-17:30: no 13, no 16, no 17; 11 stays (11:15 fits)
    expect(hourData).toEqual(['09', '10', '11', '12', '14', '15'].map((h) => `rh_${s.booking.id}_${h}`));

    await postUpdate(t, callbackUpdate(s.chat, `rh_${s.booking.id}_15`, 500));
    const minutes = fake.lastTo(s.chat, 'editMessageText')!;
    expect(minutes.params.message_id).toBe(500);
    expect(buttonsOf(minutes)).toEqual(['1500', '1515', '1530'].map((m) => `rm_${s.booking.id}_${m}`));

    await postUpdate(t, callbackUpdate(s.chat, `rm_${s.booking.id}_1530`, 500));
    const listed = await proposals(s);
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({
      booking_id: s.booking.id,
      old_date: '2026-11-24',
      old_time: '11:00',
      proposed_date: '2026-11-24',
      proposed_time: '15:30',
      proposed_by: 'PROVIDER_BOT',
      status: 'PENDING',
      expires_at: '2026-11-24T10:00:00',
    });
    const proposalId = listed.data[0]!.id;
    const offer = fake.lastTo(s.client)!;
    expect(offer.text).toContain('15:30');
    expect(buttonsOf(offer)).toEqual([`ra_${proposalId}`, `rd_${proposalId}`]);
    expect(fake.lastTo(s.chat, 'editMessageText')!.text).toContain('Клиент получил предложение');

    fake.reset();
    await postUpdate(t, callbackUpdate(s.client, `ra_${proposalId}`, 900));
    const moved = await bookingRow(t, s.booking.id);
    expect(moved.startAt.replace(' ', 'T')).toBe('2026-11-24T15:30:00');
    expect(moved.endAt.replace(' ', 'T')).toBe('2026-11-24T16:30:00');
    expect(fake.textsTo(s.chat).join('\n')).toContain('Клиент подтвердил перенос');
    expect(fake.textsTo(s.chat).join('\n')).toContain('24.11.2026 15:30');
    const clientEdit = fake.lastTo(s.client, 'editMessageText')!;
    expect(clientEdit.params.message_id).toBe(900);
    expect(clientEdit.reply_markup).toBeUndefined();
    expect((await proposals(s)).data[0]!.status).toBe('ACCEPTED');

    fake.reset();
    await postUpdate(t, callbackUpdate(s.client, `ra_${proposalId}`, 900));
    expect(fake.callbackAnswers()).toEqual(['Предложение уже обработано']);
    expect(fake.callsOf('sendMessage', s.chat)).toHaveLength(0);
  });

  it('answers "Нет доступного времени для переноса" when nothing fits the day', async () => {
    const s = await scene({ date: '2026-11-28' }); // Saturday: the business is closed
    await postUpdate(t, callbackUpdate(s.chat, `reschedule_${s.booking.id}`));
    expect(fake.callbackAnswers()).toEqual(['Нет доступного времени для переноса']);
    expect(fake.callsOf('sendMessage')).toHaveLength(0);
  });

  it('never offers a time already past today', async () => {
    t.clock.set('2026-11-24T09:20:00Z'); // 14:20 in Almaty
    const s = await scene({ time: '11:00' });
    await postUpdate(t, callbackUpdate(s.chat, `reschedule_${s.booking.id}`));
    expect(buttonsOf(fake.lastTo(s.chat))).toEqual(['14', '15', '16', '17'].map((h) => `rh_${s.booking.id}_${h}`));
  });

  it('refuses a time that stopped being free and shows the hours again', async () => {
    const s = await scene();
    await postUpdate(t, callbackUpdate(s.chat, `reschedule_${s.booking.id}`));
    await book(t, s, { time: '15:00' });
    fake.reset();
    await postUpdate(t, callbackUpdate(s.chat, `rm_${s.booking.id}_1530`));
    expect(fake.callbackAnswers()).toEqual(['Это время уже недоступно, выберите другое']);
    expect((await proposals(s)).data).toHaveLength(0);
  });

  it('refuses a second proposal while one is PENDING, and a booking that is not pending/confirmed', async () => {
    const s = await scene();
    await postUpdate(t, callbackUpdate(s.chat, `rm_${s.booking.id}_1500`));
    fake.reset();
    await postUpdate(t, callbackUpdate(s.chat, `reschedule_${s.booking.id}`));
    await postUpdate(t, callbackUpdate(s.chat, `rm_${s.booking.id}_1600`));
    expect(fake.callbackAnswers()).toEqual([
      'По этой записи уже есть предложение переноса, ожидающее ответа клиента',
      'По этой записи уже есть предложение переноса, ожидающее ответа клиента',
    ]);

    const other = await book(t, s);
    await postUpdate(t, callbackUpdate(s.chat, `reject_${other.id}`));
    fake.reset();
    await postUpdate(t, callbackUpdate(s.chat, `reschedule_${other.id}`));
    expect(fake.callbackAnswers()).toEqual(['Перенести можно только ожидающую или подтверждённую запись']);
  });

  it('buttons of the flow pressed from a foreign chat change nothing', async () => {
    const s = await scene();
    const stranger = randomChat();
    await postUpdate(t, callbackUpdate(stranger, `rh_${s.booking.id}_15`));
    await postUpdate(t, callbackUpdate(stranger, `rm_${s.booking.id}_1500`));
    expect((await proposals(s)).data).toHaveLength(0);
    expect(fake.callsOf('editMessageText')).toHaveLength(0);
  });
});

describe('the client answers a proposal', () => {
  async function proposeFromWeb(s: Scene, time = '16:00') {
    const response = await t.op('post', '/api/v1/reschedule/{booking_id}', {
      path: { booking_id: s.booking.id },
      token: s.token,
      body: { proposed_date: '2026-11-25', proposed_time: time },
    });
    expect(response.statusCode).toBe(201);
    return response.data;
  }

  it('decline leaves the booking, tells the provider, and a new proposal may follow', async () => {
    const s = await scene();
    const { proposal, notified } = await proposeFromWeb(s);
    expect(notified).toBe(true);
    fake.reset();
    await postUpdate(t, callbackUpdate(s.client, `rd_${proposal.id}`));
    const row = await bookingRow(t, s.booking.id);
    expect(row.startAt.replace(' ', 'T')).toBe('2026-11-24T11:00:00');
    const told = fake.textsTo(s.chat).join('\n');
    expect(told).toContain('Клиент отклонил перенос');
    expect(told).toContain('25.11.2026 16:00');
    expect(told).toContain('24.11.2026 11:00');
    expect(fake.callbackAnswers()).toEqual(['Перенос отклонён']);
    expect((await proposals(s)).data[0]!.status).toBe('DECLINED');
    await proposeFromWeb(s, '17:00');
  });

  it('an expired proposal answers "Предложение истекло" and changes nothing', async () => {
    const s = await scene();
    const { proposal } = await proposeFromWeb(s);
    t.clock.advanceMinutes(24 * 60 + 1);
    fake.reset();
    await postUpdate(t, callbackUpdate(s.client, `ra_${proposal.id}`));
    expect(fake.callbackAnswers()).toEqual(['Предложение истекло']);
    expect((await bookingRow(t, s.booking.id)).startAt.replace(' ', 'T')).toBe('2026-11-24T11:00:00');
    expect(fake.callsOf('sendMessage', s.chat)).toHaveLength(0);
    expect((await proposals(s)).data[0]!.status).toBe('EXPIRED');
    await postUpdate(t, callbackUpdate(s.client, `rd_${proposal.id}`));
    expect(fake.callbackAnswers().at(-1)).toBe('Предложение истекло');
  });

  it('with strict slots on, accepting a taken time is refused in the bot and the booking stays', async () => {
    const s = await scene();
    await t.op('put', '/api/v1/business', { token: s.token, body: { strict_slots: true } });
    const { proposal } = await proposeFromWeb(s, '16:00');
    await book(t, s, { date: '2026-11-25', time: '16:30', phone: uniquePhone() });
    fake.reset();
    await postUpdate(t, callbackUpdate(s.client, `ra_${proposal.id}`));
    expect(fake.callbackAnswers()).toEqual(['Это время уже занято. Свяжитесь с бизнесом, чтобы выбрать другое']);
    expect((await bookingRow(t, s.booking.id)).startAt.replace(' ', 'T')).toBe('2026-11-24T11:00:00');
    expect((await proposals(s)).data[0]!.status).toBe('PENDING');
  });

  it('an unknown proposal id is answered and changes nothing', async () => {
    const s = await scene();
    await postUpdate(t, callbackUpdate(s.client, 'ra_00000000-0000-4000-8000-000000000000'));
    expect(fake.callbackAnswers()).toEqual(['Предложение не найдено']);
  });
});
