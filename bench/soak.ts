/**
 * npm run soak: one business grows by SOAK_BOOKINGS (default 30 000) bookings on
 * PostgreSQL while the public hot paths are measured per window, to see whether
 * latency drifts as the data grows. Booking requests (spread over a year of
 * working days, as a busy salon's calendar fills) run alongside slots and
 * services reads of random days. At the end: the p50/p99 per window, the drift
 * of the last window against the first, the tables read by sequential scans
 * (what grows with the data), and EXPLAIN ANALYZE of the booking request's
 * statements on the grown data. Appends its result to bench/RESULTS.md.
 *
 * Environment: SOAK_BOOKINGS, SOAK_WORKERS (booking clients, default 8),
 * SOAK_SKIP_BUILD=1, TEST_PG_URL.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { bookingRequest, hhmm, weekdaysAhead } from './booking-client.js';
import { freePort, startChild } from './processes.js';
import { seed, type Seeded } from './seed.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TOTAL = Number(process.env.SOAK_BOOKINGS ?? 30_000);
const WORKERS = Number(process.env.SOAK_WORKERS ?? 8);
const WINDOWS = 10;

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

interface Window {
  bookings: number;
  seconds: number;
  bookingP50: number;
  bookingP99: number;
  readP50: number;
  readP99: number;
  errors: number;
}

async function main() {
  if (process.env.SOAK_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const dbName = `booking_soak_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await admin(serverUrl, (c) => c.query(`CREATE DATABASE ${dbName}`));
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'booking-soak-'));
  const telegram = await startChild([join(root, 'bench/fake-telegram.mjs')], process.env);
  const port = await freePort();
  const service = await startChild(
    [join(root, 'dist/src/server.js')],
    {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'soak-secret-that-is-long-enough-for-hs256',
      LOG_LEVEL: 'warn',
      BOT_TOKEN: '123456:soak',
      BOT_USERNAME: 'soak_bot',
      TELEGRAM_WEBHOOK_SECRET: 'soak-webhook-secret',
      TELEGRAM_API_URL: `http://127.0.0.1:${telegram.port}`,
      ...Object.fromEntries(['LOGIN', 'REGISTER', 'SUPERADMIN_LOGIN', 'BOOKING', 'LOCATION'].map((n) => [`RATE_LIMIT_${n}`, '0'])),
    },
    port,
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    const seeded: Seeded = await seed(base, 'soak-webhook-secret');
    const days = weekdaysAhead(260); // a year of them
    let issued = 0;
    let phone = 0;
    const perWindow = Math.ceil(TOTAL / WINDOWS);
    const windows: Window[] = [];
    let current = { bookingMs: [] as number[], readMs: [] as number[], errors: 0, started: Date.now(), done: 0 };
    const closeWindow = () => {
      const b = [...current.bookingMs].sort((x, y) => x - y);
      const r = [...current.readMs].sort((x, y) => x - y);
      windows.push({
        bookings: current.done,
        seconds: (Date.now() - current.started) / 1000,
        bookingP50: percentile(b, 50),
        bookingP99: percentile(b, 99),
        readP50: percentile(r, 50),
        readP99: percentile(r, 99),
        errors: current.errors,
      });
      const w = windows.at(-1)!;
      console.log(
        `window ${windows.length}: ${w.bookings} bookings in ${w.seconds.toFixed(1)} s, booking p50 ${w.bookingP50.toFixed(1)} p99 ${w.bookingP99.toFixed(1)} ms, reads p50 ${w.readP50.toFixed(1)} p99 ${w.readP99.toFixed(1)} ms, errors ${w.errors}`,
      );
      current = { bookingMs: [], readMs: [], errors: 0, started: Date.now(), done: 0 };
    };
    const timed = async (run: () => Promise<Response>, into: number[]) => {
      const started = performance.now();
      try {
        const response = await run();
        await response.arrayBuffer();
        if (!response.ok) current.errors += 1;
      } catch {
        current.errors += 1;
      }
      into.push(performance.now() - started);
    };
    let stopReads = false;
    const bookers = Array.from({ length: WORKERS }, async () => {
      while (issued < TOTAL) {
        const i = issued++;
        const minute = 9 * 60 + ((i * 30) % 480);
        phone += 1;
        const target = { serviceId: seeded.serviceId, masterId: seeded.masterIds[i % seeded.masterIds.length]! };
        const body = bookingRequest(target, days[i % days.length]!, hhmm(minute), 2, phone);
        await timed(
          () =>
            fetch(`${base}/api/v1/public/${seeded.slug}/booking`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            }),
          current.bookingMs,
        );
        current.done += 1;
        if (current.done >= perWindow) closeWindow();
      }
    });
    const readers = Array.from({ length: 2 }, async (_, k) => {
      let n = k;
      while (!stopReads) {
        n += 7;
        const path =
          n % 3 === 0
            ? `/api/v1/public/${seeded.slug}/services`
            : `/api/v1/public/${seeded.slug}/slots?date=${days[n % days.length]}${n % 2 ? `&master_id=${seeded.masterIds[n % seeded.masterIds.length]}` : ''}`;
        await timed(() => fetch(`${base}${path}`), current.readMs);
      }
    });
    const started = Date.now();
    await Promise.all(bookers);
    stopReads = true;
    await Promise.all(readers);
    if (current.done > 0) closeWindow();
    const seconds = (Date.now() - started) / 1000;

    const [scans, plans] = await admin(databaseUrl, async (c) => {
      const tables = (
        await c.query(
          `SELECT relname, seq_scan, seq_tup_read, idx_scan, n_live_tup FROM pg_stat_user_tables WHERE seq_tup_read > 0 ORDER BY seq_tup_read DESC LIMIT 6`,
        )
      ).rows as { relname: string; seq_scan: string; seq_tup_read: string; idx_scan: string | null; n_live_tup: string }[];
      const explain = async (text: string, params: unknown[]) =>
        ((await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params)).rows as { 'QUERY PLAN': string }[])
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      const sample = (await c.query('SELECT phone FROM clients WHERE business_id = $1 ORDER BY id DESC LIMIT 1', [seeded.businessId]))
        .rows[0]?.phone;
      const planned = [
        [
          'subscriptions of the business (new booking notice)',
          await explain(
            `SELECT messenger_chat_id FROM subscriptions WHERE context_type = 'PROVIDER_BUSINESS' AND context_ref = ANY($1) AND is_active`,
            [[String(seeded.businessId)]],
          ),
        ],
        [
          'the client by phone (booking insert upsert)',
          await explain('SELECT id FROM clients WHERE business_id = $1 AND phone = $2', [seeded.businessId, sample]),
        ],
        [
          'bookings of one master and day (slots)',
          await explain(`SELECT master_id, start_at, end_at FROM bookings WHERE master_id = $1 AND start_at >= $2 AND start_at < $3`, [
            seeded.masterIds[0],
            `${days[10]}T00:00:00`,
            `${days[11]}T00:00:00`,
          ]),
        ],
      ] as const;
      return [tables, planned] as const;
    });

    const first = windows[0]!;
    const last = windows.at(-1)!;
    const drift = (last.bookingP99 / first.bookingP99 - 1) * 100;
    const rows = windows
      .map(
        (w, i) =>
          `| ${i + 1} | ${w.bookings} | ${(w.bookings / w.seconds).toFixed(0)} | ${w.bookingP50.toFixed(1)} | ${w.bookingP99.toFixed(1)} | ${w.readP50.toFixed(1)} | ${w.readP99.toFixed(1)} | ${w.errors} |`,
      )
      .join('\n');
    const report = [
      `## Soak (npm run soak), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      '',
      `${TOTAL} bookings into one business on PostgreSQL (${WORKERS} booking clients, 2 readers of slots/services), ${seconds.toFixed(0)} s; booking p99 of the last window against the first: **${drift >= 0 ? '+' : ''}${drift.toFixed(0)} %**.`,
      '',
      '| window | bookings | bookings/s | booking p50 ms | booking p99 ms | reads p50 ms | reads p99 ms | errors |',
      '|---|---|---|---|---|---|---|---|',
      rows,
      '',
      'Tables read by sequential scans during the soak (pg_stat_user_tables):',
      '',
      '| table | seq scans | rows read by them | index scans | live rows |',
      '|---|---|---|---|---|',
      ...scans.map((s) => `| ${s.relname} | ${s.seq_scan} | ${s.seq_tup_read} | ${s.idx_scan ?? '-'} | ${s.n_live_tup} |`),
      '',
      ...plans.flatMap(([name, plan]) => [`EXPLAIN ANALYZE, ${name}:`, '', '```', plan, '```', '']),
    ].join('\n');
    console.log(`\n${report}`);
    appendFileSync(join(root, 'bench/RESULTS.md'), `\n${report}\n`);
  } finally {
    await Promise.allSettled([service.stop(), telegram.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
    await admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
}

await main();
