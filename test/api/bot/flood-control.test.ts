/**
 * Telegram's flood control (429 with retry_after) as an operator meets it:
 * the service obeys it per chat and for the bot (no call until it ends, no
 * retry), counts what was not sent in /metrics, and logs a line a second per
 * reason, not one per message; with the bot off, bookings log nothing.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, registerBusiness, type TestApp } from '../../helpers/app.js';
import { bookingRequest, createMaster } from '../../helpers/catalog.js';
import { botEnv, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { book, postUpdate, providerStart, randomChat, salon } from '../../helpers/bot-scenarios.js';

const TOKEN = 'metrics-token-0123456789';
const fake = useFakeTelegram();
const opened: TestApp[] = [];

/** An app whose log lines (warn and above) are kept, with metrics on. */
async function appWithLog(env: () => Record<string, string>): Promise<{ t: TestApp; lines: () => { msg: string; level: number }[] }> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const t = await createTestApp({ env, build: { logger: { level: 'warn', stream } } });
  opened.push(t);
  return { t, lines: () => lines.map((line) => JSON.parse(line) as { msg: string; level: number }) };
}

afterEach(async () => {
  fake.reset();
  for (const t of opened.splice(0)) {
    await t.app.close();
    await t.database.close();
  }
});

const notSentMetric = async (t: TestApp, reason: string): Promise<number> => {
  const text = (await t.call({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
  const line = text.split('\n').find((l) => l.startsWith(`notifications_not_sent_total{reason="${reason}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
};

describe('Telegram answering 429 with retry_after', () => {
  it('is obeyed: no further call to that chat until it ends, the bookings still succeed, and the log stays short', async () => {
    const { t, lines } = await appWithLog(botEnv(fake, { METRICS_TOKEN: TOKEN }));
    const owner = await salon(t);
    await postUpdate(t, messageUpdate(randomChat(), await providerStart(t, owner)));
    fake.reset();
    fake.mode = 'flood';
    fake.retryAfter = 30;
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '14:00', '14:30', '15:00'];
    for (const time of times) await book(t, owner, { time });
    // The first refused; the other nine waited for retry_after instead of calling again.
    expect(fake.callsOf('sendMessage')).toHaveLength(1);
    expect(await notSentMetric(t, 'rate_limited')).toBe(times.length);
    const notSent = lines().filter((line) => line.msg.includes('not sent'));
    expect(notSent.length).toBeLessThanOrEqual(2);
    const calls = fake.callsOf('sendMessage').length;
    console.log(
      `\nfault figures, Telegram 429: ${JSON.stringify({ bookings: times.length, sendMessageCalls: calls, notSentLogLines: notSent.length })}\n`,
    );
    expect(JSON.stringify(lines())).not.toMatch(/"7\d{10}"|\+7\d{10}|Алия/);

    // When retry_after has passed, messages go out again.
    fake.mode = 'ok';
    const later = Date.now() + 31_000;
    const realNow = Date.now;
    Date.now = () => later;
    try {
      await book(t, owner, { time: '15:30' });
    } finally {
      Date.now = realNow;
    }
    expect(fake.callsOf('sendMessage')).toHaveLength(2);
  });

  it('two chats refused within a second pause the whole bot', async () => {
    const { t } = await appWithLog(botEnv(fake, { METRICS_TOKEN: TOKEN }));
    const [first, second, third] = [await salon(t), await salon(t), await salon(t)];
    for (const owner of [first, second, third]) await postUpdate(t, messageUpdate(randomChat(), await providerStart(t, owner)));
    fake.reset();
    fake.mode = 'flood';
    await book(t, first);
    await book(t, second);
    await book(t, third);
    // first and second were refused; third never reached Telegram.
    expect(fake.callsOf('sendMessage')).toHaveLength(2);
    expect(await notSentMetric(t, 'rate_limited')).toBe(3);
  });
});

describe('with the bot off', () => {
  it('a booking logs no warning (the start-up summary said it once) and is counted as bot_off', async () => {
    const { t, lines } = await appWithLog(() => ({ METRICS_TOKEN: TOKEN }));
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner, 'Д');
    for (const time of ['10:00', '11:00', '12:00']) {
      expect((await bookingRequest(t, owner, { master_id: master.id, time, first_name: 'А' })).statusCode).toBe(201);
    }
    expect(lines().filter((line) => /bot|notification/i.test(line.msg))).toEqual([]);
    expect(await notSentMetric(t, 'bot_off')).toBe(3);
  });
});
