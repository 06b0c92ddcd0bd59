/**
 * npm run bench:scale [-- --size ci|full]: the same business measured on an empty platform and on
 * one filled to a national size (issue #53). Two PostgreSQL databases: "small" holds one page of
 * bench seeds; "big" first gets N businesses with their masters, services, schedules, clients and
 * two years of bookings (bench/scale-seed.ts, set-based SQL). On each, the compiled service is
 * started, the bench's business is seeded through the API, and the bench's public endpoints, the
 * super-admin lists, a booking's delete and a 5 000-booking business's delete are measured; the
 * big/small ratios are printed and written to bench/RESULTS.md (between its scale markers).
 *
 * Environment: BENCH_SKIP_BUILD=1 reuses dist/; BENCH_DURATION seconds per endpoint; TEST_PG_URL names the server;
 * BENCH_BIG_DB names a big platform kept between runs (`--seed-only` seeds it and stops); BENCH_KEEP=1 keeps both.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { addDays } from '../src/core/wallclock.js';
import { LOAD, measure, type Measurement, type Target } from './load.js';
import { freePort, startChild } from './processes.js';
import { platformSeedStatements, PLATFORM_SIZES, type PlatformSize } from './scale-seed.js';
import { seed, type Seeded } from './seed.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BOT_TOKEN = '123456:bench-token';
const WEBHOOK_SECRET = 'bench-webhook-secret';
const SUPERADMIN = { username: 'root', password: 'bench-superadmin-password' };
/** The business the super admin deletes: one salon with this many bookings (issue #53 item 3). */
const DOOMED: PlatformSize = { businesses: 1, mastersPer: 5, clientsPer: 200, bookingsPer: 5_000 };
const BOOKING_DELETES = 200;
/**
 * The "small" platform: one page of the businesses list (the bench asks for 100) with the big one's
 * shape, so each list row compares the same work on both and the ratio shows what the platform's
 * size adds. With only the bench's few businesses the small page held 3 rows against the big one's 100.
 */
const SMALL: PlatformSize = { ...PLATFORM_SIZES.ci, businesses: 100 };

const sizeName = (process.argv.find((arg) => arg.startsWith('--size='))?.slice(7) ??
  process.argv[process.argv.indexOf('--size') + 1] ??
  'ci') as keyof typeof PLATFORM_SIZES;
const size = PLATFORM_SIZES[sizeName] ?? PLATFORM_SIZES.ci;

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function seedPlatform(url: string, platform: PlatformSize, prefix: string): Promise<number> {
  const started = performance.now();
  await onServer(url, async (client) => {
    for (const statement of platformSeedStatements(platform, prefix)) await client.query(statement);
  });
  return (performance.now() - started) / 1000;
}

/**
 * BENCH_BIG_DB=<name>: the big platform lives in that database and outlives the run; when it exists it
 * is reused as seeded (its schema brought up by the migrations), so a full-size platform is seeded once
 * (`npm run bench:scale -- --size full --seed-only`) and measured later, on a quiet machine.
 */
async function prepareBig(name: string, platform: PlatformSize): Promise<{ url: string; seedSeconds?: number }> {
  const named = process.env.BENCH_BIG_DB;
  if (!named) return prepare(name, platform);
  const exists = await onServer(serverUrl, async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [named])).rowCount);
  if (!exists) return prepare(named, platform);
  const url = databaseUrl(named);
  await (await openDatabase({ databaseUrl: url, dataDir: '' })).close();
  await seedPlatform(url, DOOMED, 'doomed'); // the last run deleted it; a no-op while it is there
  return { url };
}

/** A fresh database with the schema and a platform of that size. */
async function prepare(name: string, platform: PlatformSize): Promise<{ url: string; seedSeconds: number }> {
  await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = databaseUrl(name);
  await (await openDatabase({ databaseUrl: url, dataDir: '' })).close();
  const seedSeconds = await seedPlatform(url, platform, 'scale');
  await seedPlatform(url, DOOMED, 'doomed');
  return { url, seedSeconds };
}

function targets(seeded: Seeded, token: string): Target[] {
  const base = `/api/v1/public/${seeded.slug}`;
  const auth = { authorization: `Bearer ${token}` };
  const weekEnd = addDays(seeded.date, 6);
  return [
    { name: 'GET slots (all masters)', path: `${base}/slots?date=${seeded.date}` },
    { name: 'GET services', path: `${base}/services` },
    { name: 'GET /public/{slug} (profile)', path: base },
    { name: 'GET days (30)', path: `${base}/days?service_id=${seeded.serviceId}&from=${seeded.date}&to=${addDays(seeded.date, 29)}` },
    { name: 'GET /superadmin/businesses?limit=100', path: '/api/v1/superadmin/businesses?limit=100', headers: auth },
    { name: 'GET /superadmin/businesses?q=', path: '/api/v1/superadmin/businesses?limit=100&q=salon', headers: auth },
    {
      name: 'GET /superadmin/bookings (a week, 50)',
      path: `/api/v1/superadmin/bookings?date_from=${seeded.date}&date_to=${weekEnd}&limit=50`,
      headers: auth,
    },
    // The console's first screen: no filter at all.
    { name: 'GET /superadmin/bookings (all, 50)', path: '/api/v1/superadmin/bookings?limit=50', headers: auth },
    {
      name: 'GET /superadmin/bookings (a salon, 50)',
      path: `/api/v1/superadmin/bookings?business_id=${seeded.businessId}&limit=50`,
      headers: auth,
    },
  ];
}

interface Deletes {
  bookingMs: number;
  businessMs: number;
  businessBookings: number;
}

/** Milliseconds per DELETE of one of the bench business's bookings (sequential), and the doomed business's DELETE. */
async function measureDeletes(url: string, base: string, token: string, seeded: Seeded): Promise<Deletes> {
  // One transaction: each DELETE's own cost (its foreign-key checks and triggers), not a commit's flush on a shared disk.
  const bookingMs = await onServer(url, async (client) => {
    const ids = (
      await client.query<{ id: string }>('SELECT id FROM bookings WHERE business_id = $1 LIMIT $2', [seeded.businessId, BOOKING_DELETES])
    ).rows;
    await client.query('BEGIN');
    await client.query('DELETE FROM bookings WHERE id = $1', [ids.pop()!.id]); // plans and trigger functions compiled once
    const started = performance.now();
    for (const { id } of ids) await client.query('DELETE FROM bookings WHERE id = $1', [id]);
    const perDelete = (performance.now() - started) / Math.max(1, ids.length);
    await client.query('COMMIT');
    return perDelete;
  });
  const doomed = await onServer(url, async (client) => {
    const { rows } = await client.query<{ id: number; n: number }>(
      `SELECT b.id, (SELECT count(*)::int FROM bookings WHERE business_id = b.id) AS n FROM businesses b WHERE slug = 'doomed-1'`,
    );
    return rows[0]!;
  });
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/superadmin/businesses/${doomed.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 204) throw new Error(`DELETE business: ${response.status} ${await response.text()}`);
  return { bookingMs, businessMs: performance.now() - started, businessBookings: doomed.n };
}

interface Run {
  rows: Measurement[];
  deletes: Deletes;
}

async function runOn(url: string, label: string): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'booking-scale-'));
  const telegram = await startChild([join(root, 'bench/fake-telegram.mjs')], process.env);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'warn',
    BOT_TOKEN,
    BOT_USERNAME: 'bench_bot',
    TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
    TELEGRAM_API_URL: `http://127.0.0.1:${telegram.port}`,
    CAPTCHA_SECRET: '',
    SUPERADMIN_USERNAME: SUPERADMIN.username,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    ...Object.fromEntries(['LOGIN', 'REGISTER', 'SUPERADMIN_LOGIN', 'BOOKING', 'LOCATION'].map((n) => [`RATE_LIMIT_${n}`, '0'])),
  };
  const service = await startChild([join(root, 'dist/src/server.js')], env, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    const seeded = await seed(base, WEBHOOK_SECRET);
    const login = await fetch(`${base}/api/v1/superadmin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SUPERADMIN),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const rows: Measurement[] = [];
    for (const target of targets(seeded, token)) {
      rows.push(await measure(base, service.pid, target));
      const row = rows.at(-1)!;
      console.log(
        `[${label}] ${row.name}: ${row.reqPerSec.toFixed(0)} req/s, p99 ${row.p99} ms, non-2xx ${row.non2xx}, errors ${row.errors}`,
      );
    }
    const deletes = await measureDeletes(url, base, token, seeded);
    console.log(
      `[${label}] delete: a booking ${deletes.bookingMs.toFixed(2)} ms, a business of ${deletes.businessBookings} bookings ${deletes.businessMs.toFixed(0)} ms`,
    );
    return { rows, deletes };
  } finally {
    await Promise.allSettled([service.stop(), telegram.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ratio = (big: number, small: number): string => (small > 0 ? (big / small).toFixed(2) : '-');

function report(big: Run, small: Run, facts: string[]): string {
  const lines = [
    '| endpoint | small req/s | big req/s | small p99 ms | big p99 ms | p99 big/small | big non-2xx + errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...small.rows.map((s, i) => {
      const b = big.rows[i]!;
      return `| ${s.name} | ${s.reqPerSec.toFixed(0)} | ${b.reqPerSec.toFixed(0)} | ${s.p99} | ${b.p99} | ${ratio(b.p99, s.p99)} | ${b.non2xx + b.errors} |`;
    }),
    `| DELETE a booking (ms each, ${BOOKING_DELETES} in one transaction) | | | ${small.deletes.bookingMs.toFixed(2)} | ${big.deletes.bookingMs.toFixed(2)} | ${ratio(big.deletes.bookingMs, small.deletes.bookingMs)} | |`,
    `| DELETE /superadmin/businesses/{id} (${big.deletes.businessBookings} bookings, ms) | | | ${small.deletes.businessMs.toFixed(0)} | ${big.deletes.businessMs.toFixed(0)} | ${ratio(big.deletes.businessMs, small.deletes.businessMs)} | |`,
  ];
  return `## Platform size (npm run bench:scale)\n\n${facts.join('\n')}\n\n${lines.join('\n')}`;
}

const BEGIN = '<!-- scale:begin -->';
const END = '<!-- scale:end -->';

function writeScaleResults(block: string): void {
  const file = join(root, 'bench/RESULTS.md');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const start = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  const generated = `${BEGIN}\n${block}\n${END}`;
  writeFileSync(
    file,
    start >= 0 && end > start
      ? current.slice(0, start) + generated + current.slice(end + END.length)
      : `${current.trimEnd()}\n\n${generated}\n`,
  );
}

async function main() {
  const started = Date.now();
  const loadAtStart = loadavg()[0]!.toFixed(2);
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const stamp = `${Date.now()}`;
  const big = await prepareBig(`booking_scale_big_${stamp}`, size);
  if (process.argv.includes('--seed-only')) {
    console.log(`big: ${process.env.BENCH_BIG_DB ?? `booking_scale_big_${stamp}`} seeded in ${big.seedSeconds?.toFixed(0)} s`);
    return;
  }
  const small = await prepare(`booking_scale_small_${stamp}`, SMALL);
  const counts = await onServer(big.url, async (c) => {
    const { rows } = await c.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM businesses) AS businesses, (SELECT count(*) FROM masters) AS masters,
              (SELECT count(*) FROM clients) AS clients, (SELECT count(*) FROM bookings) AS bookings,
              pg_size_pretty(pg_database_size(current_database())) AS size`,
    );
    return rows[0]!;
  });
  const seeded =
    big.seedSeconds === undefined ? `reused as seeded earlier (${process.env.BENCH_BIG_DB})` : `seeded in ${big.seedSeconds.toFixed(0)} s`;
  console.log(`big: ${seeded}: ${JSON.stringify(counts)}`);
  try {
    const smallRun = await runOn(small.url, 'small');
    const bigRun = await runOn(big.url, 'big');
    const facts = [
      `- date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; --size ${sizeName}; whole run ${Math.round((Date.now() - started) / 1000)} s`,
      `- machine: nproc ${availableParallelism()}; load average (1 min) at the start ${loadAtStart}, at the end ${loadavg()[0]!.toFixed(2)}`,
      `- big: ${counts.businesses} businesses, ${counts.masters} masters, ${counts.clients} clients, ${counts.bookings} bookings, ${counts.size}; ${seeded} (set-based SQL, bench/scale-seed.ts)`,
      `- small: ${SMALL.businesses} businesses of the same shape (one page of the businesses list, so its row compares 100 rows with 100 rows), the bench's business and the business to delete`,
      `- load: autocannon -c ${LOAD.connections}, ${LOAD.duration} s after a ${LOAD.warmup} s warm-up, caches on; the same business (seeded through the API) on both`,
    ];
    const block = report(bigRun, smallRun, facts);
    console.log(`\n${block}`);
    writeScaleResults(block);
  } finally {
    if (process.env.BENCH_KEEP !== '1') {
      const dropped = [`booking_scale_small_${stamp}`, ...(process.env.BENCH_BIG_DB ? [] : [`booking_scale_big_${stamp}`])];
      for (const name of dropped) {
        await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      }
    }
  }
}

await main();
