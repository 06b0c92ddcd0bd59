/**
 * Every wait of a request is bounded, in total, below the shutdown grace: with
 * a Telegram that never answers and four provider chats, a booking's notices go
 * out together under one deadline, so a SIGTERM during a burst of bookings
 * leaves no booking stored but unanswered; and a burst of such bookings does
 * not stall the requests that do not notify. A real server process.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../../../src/db/pglite-settings.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NOTIFY_DEADLINE_MS } from '../../../src/modules/bookings/notifier.js';
import { FakeTelegram } from '../../helpers/fake-telegram.js';
import {
  api,
  bookingBody,
  seedBusiness,
  startServer,
  workingDate,
  type SeededBusiness,
  type ServerProcess,
} from '../../helpers/spawned-server.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const PROVIDER_CHATS = ['9001', '9002', '9003', '9004'];

let telegram: FakeTelegram;
let dataDir: string;
let env: Record<string, string>;
let seeded: SeededBusiness;

/** Runs `work` on the service's database; on PGlite only while no server holds its files. */
async function onDatabase<T>(work: (query: (text: string, params?: unknown[]) => Promise<any[]>) => Promise<T>): Promise<T> {
  if (onPostgres) {
    const client = new pg.Client({ connectionString: inject('postgresUrl') });
    await client.connect();
    try {
      return await work(async (text, params) => (await client.query(text, params as unknown[])).rows);
    } finally {
      await client.end();
    }
  }
  const db = new PGlite(join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
  try {
    return await work(async (text, params) => (await db.query(text, params)).rows);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  telegram = await FakeTelegram.start();
  dataDir = mkdtempSync(join(tmpdir(), 'booking-bounded-'));
  env = {
    DATA_DIR: dataDir,
    JWT_SECRET: 'bounded-waits-secret-long-enough-000000',
    BOT_TOKEN: '123456:bounded',
    TELEGRAM_API_URL: telegram.url,
    RATE_LIMIT_BOOKING: '0',
    RATE_LIMIT_REGISTER: '0',
    ...(onPostgres ? { DATABASE_URL: inject('postgresUrl') } : {}),
  };
  // Seeded through the API; the four provider chats go straight into the table (the bot links one chat).
  const server = await startServer({ env });
  seeded = await seedBusiness(server.base);
  expect(await server.stop()).toBe(0);
  await onDatabase(async (query) => {
    for (const chat of PROVIDER_CHATS) {
      await query(`insert into subscriptions (context_type, context_ref, messenger_chat_id) values ('PROVIDER_BUSINESS', $1, $2)`, [
        String(seeded.businessId),
        chat,
      ]);
    }
  });
}, 180_000);
afterAll(() => telegram.close());

function book(base: string, date: string, index: number): Promise<{ status: number; id?: string; ms: number }> {
  const started = Date.now();
  return api(base, 'POST', `/public/${seeded.slug}/booking`, bookingBody(seeded, date, index)).then(
    (answer) => ({ status: answer.status, id: answer.data?.id as string | undefined, ms: Date.now() - started }),
    () => ({ status: 0, ms: Date.now() - started }),
  );
}

describe('bounded waits with a Telegram that never answers', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('a burst of 50 bookings, each notifying 4 chats, waits one deadline and does not stall /healthz or slots', async () => {
    server = await startServer({ env });
    telegram.mode = 'hang';
    const date = workingDate(new Date(), 2);
    const burst = Array.from({ length: 50 }, (_, i) => book(server!.base, date, i));
    // Probed once all 50 are stored and wait on Telegram (their database work, queued on PGlite's one connection, is done).
    const deadline = Date.now() + NOTIFY_DEADLINE_MS;
    while (telegram.callsOf('sendMessage').length < 50 * PROVIDER_CHATS.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const probes: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const started = Date.now();
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
      const slots = await api(server.base, 'GET', `/public/${seeded.slug}/slots?date=${date}`);
      expect(slots.status).toBe(200);
      probes.push(Date.now() - started);
    }
    const answers = await Promise.all(burst);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    // Four chats together under one deadline (plus the queue for the database), not 4 × the per-call timeout.
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(2 * NOTIFY_DEADLINE_MS);
    expect(Math.max(...probes), JSON.stringify(probes)).toBeLessThan(1000);
    const sends = telegram.callsOf('sendMessage').length;
    expect(sends).toBe(50 * PROVIDER_CHATS.length);
    expect(await server.stop()).toBe(0);
  }, 120_000);

  it('SIGTERM during 10 bookings: every stored booking was answered 201, and the process exits 0', async () => {
    telegram.reset();
    server = await startServer({ env });
    telegram.mode = 'hang';
    const date = workingDate(new Date(), 3);
    const inFlight = Array.from({ length: 10 }, (_, i) => book(server!.base, date, i));
    // Signalled while all ten are stored and waiting on the hanging Telegram.
    const deadline = Date.now() + 10_000;
    while (telegram.callsOf('sendMessage').length < 10 * PROVIDER_CHATS.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    server.child.kill('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(await server.exited, server.output().slice(-3000)).toBe(0);
    const answered = answers
      .filter((a) => a.status === 201)
      .map((a) => a.id!)
      .sort();
    const stored = await countBookings(date);
    expect(answered).toHaveLength(10);
    expect(stored).toEqual(answered);
  }, 120_000);
});

async function countBookings(date: string): Promise<string[]> {
  return onDatabase(async (query) => {
    const rows = await query(`select id from bookings where business_id = $1 and start_at::date = $2::date order by id`, [
      seeded.businessId,
      date,
    ]);
    return rows.map((row: { id: string }) => String(row.id)).sort();
  });
}
