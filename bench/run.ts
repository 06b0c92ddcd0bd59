/**
 * npm run bench: the hot paths of the service measured against a bare
 * node:http server on the same machine in the same run (the floor). Builds the
 * service, then runs it (compiled, as `npm start` does) on PostgreSQL and on
 * PGlite in turn with a local fake Telegram, seeds it through the API,
 * measures with autocannon and writes bench/RESULTS.md.
 *
 * Environment: BENCH_SKIP_BUILD=1 reuses dist/; BENCH_ONLY=postgres|pglite
 * runs one database; BENCH_TARGETS=<regex> measures only the endpoints it names; BENCH_PROFILE=1 starts the service with --cpu-prof
 * (profiles in bench/profiles/); BENCH_NODE_ARGS adds node flags to the service; TEST_PG_URL names the PostgreSQL server.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { explainHotQueries } from './explain.js';
import { LOAD, measure, type Measurement, type Target } from './load.js';
import { runMicro } from './micro.js';
import { freePort, rssMb, startChild } from './processes.js';
import { allMet, DAYS_TARGET, IF_FREE_TARGET, microTable, table, VISIT_TARGET, writeResults, type DbRun } from './report.js';
import { bookingBody, ifFreeBookingBody, seed, SEED, visitBody, workingDates, type Seeded } from './seed.js';
import { addDays } from '../src/core/wallclock.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BOT_TOKEN = '123456:bench-token';
const WEBHOOK_SECRET = 'bench-webhook-secret';

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function postgresVersion(): Promise<string | undefined> {
  try {
    return await admin(async (c) => (await c.query('show server_version')).rows[0].server_version as string);
  } catch {
    return undefined;
  }
}

/** BENCH_TARGETS=<regex>: only the endpoints whose name matches (and no "cache off" rows), to profile one path. */
const chosen = process.env.BENCH_TARGETS ? new RegExp(process.env.BENCH_TARGETS) : undefined;

/** Working dates after the measured one: half for the if_free bookings, half for the visits, each request its own free time. */
const FREE_DATES = 240;

function targets(seeded: Seeded, dates: string[] = []): Target[] {
  const base = `/api/v1/public/${seeded.slug}`;
  let index = SEED.bookings;
  let ifFree = 0;
  let visit = 0;
  const half = Math.floor(dates.length / 2);
  const all: Target[] = [
    // No database: what the framework and the app's hooks (helmet, CORS, request id) cost alone.
    { name: 'GET /healthz (no database)', path: '/healthz' },
    { name: 'GET slots (all masters)', path: `${base}/slots?date=${seeded.date}` },
    { name: 'GET slots (master_id)', path: `${base}/slots?date=${seeded.date}&master_id=${seeded.masterIds[3]}` },
    { name: 'GET services', path: `${base}/services` },
    { name: 'GET /public/{slug} (profile)', path: base },
    // The page every client opens, as a browser asks for it (it accepts br): sent precompressed.
    { name: 'GET /{slug} booking page (br)', path: `/${seeded.slug}`, headers: { 'accept-encoding': 'gzip, deflate, br' } },
    // The booking page's date strip: 30 days, any of the 10 masters of the service, one request.
    { name: DAYS_TARGET, path: `${base}/days?service_id=${seeded.serviceId}&from=${seeded.date}&to=${addDays(seeded.date, 29)}` },
    { name: 'POST booking', path: `${base}/booking`, method: 'POST', body: () => bookingBody(seeded, index++) },
    // What the pages send (issue #49): CONTRACT.md §19's atomic check, each request at a time still free.
    {
      name: IF_FREE_TARGET,
      path: `${base}/booking`,
      method: 'POST',
      body: () => ifFreeBookingBody(seeded, dates.slice(0, half), ifFree++),
    },
    // Issue #52: a visit of two services with one master, all or nothing (CONTRACT.md §20).
    { name: VISIT_TARGET, path: `${base}/visits`, method: 'POST', body: () => visitBody(seeded, dates.slice(half), visit++) },
  ];
  return all.filter((target) => !chosen || chosen.test(target.name));
}

/** One database: fresh storage, fake Telegram, the service, seed, the floor, each endpoint; then everything torn down. */
async function runOn(kind: DbRun['kind']): Promise<DbRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'booking-bench-'));
  const dbName = `booking_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const telegram = await startChild([join(root, 'bench/fake-telegram.mjs')], process.env);
  const port = await freePort();
  // BENCH_NODE_ARGS: node (V8) flags for the measured service, e.g. '--heap-growing-percent=50'
  // (not all of them are allowed in NODE_OPTIONS).
  const nodeArgs = [
    ...(process.env.BENCH_PROFILE === '1' ? ['--cpu-prof', '--cpu-prof-dir', join(root, 'bench/profiles')] : []),
    ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'warn',
    BOT_TOKEN,
    BOT_USERNAME: 'bench_bot',
    TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
    TELEGRAM_API_URL: `http://127.0.0.1:${telegram.port}`,
    CAPTCHA_SECRET: '',
    ...Object.fromEntries(['LOGIN', 'REGISTER', 'SUPERADMIN_LOGIN', 'BOOKING', 'LOCATION'].map((n) => [`RATE_LIMIT_${n}`, '0'])),
  };
  let firstStart = '';
  if (kind === 'pglite') {
    // The first start runs initdb (a second WebAssembly instance) and the migrations; measure a
    // restarted service, as it runs from then on, and report the first start's peak apart.
    const first = await startChild([join(root, 'dist/src/server.js')], env, port);
    firstStart = `first start on an empty DATA_DIR (initdb + migrations) peaked at ${rssMb(first.pid, 'VmHWM').toFixed(0)} MB RSS; measured after a restart`;
    await first.stop();
  }
  // First without the slots cache (AVAILABILITY_CACHE=0): every slots request runs the query and
  // the rules, as the first request after a write does. Then the service as it ships, measured fresh.
  let service = await startChild([join(root, 'dist/src/server.js')], { ...env, AVAILABILITY_CACHE: '0' }, port);
  const base = `http://127.0.0.1:${port}`;
  let floor: Awaited<ReturnType<typeof startChild>> | undefined;
  try {
    const seeded = await seed(base, WEBHOOK_SECRET);
    console.log(
      `[${kind}] seeded ${seeded.slug}: ${SEED.masters} masters, ${SEED.bookings} bookings on ${seeded.date}; telegram linked: ${seeded.telegramLinked}`,
    );
    const slotsBody = await (await fetch(`${base}/api/v1/public/${seeded.slug}/slots?date=${seeded.date}`)).text();
    floor = await startChild([join(root, 'bench/floor.mjs')], { ...process.env, FLOOR_BODY: slotsBody });
    const floorRow = await measure(`http://127.0.0.1:${floor.port}`, floor.pid, { name: 'floor (bare node:http)', path: '/' });
    console.log(`[${kind}] floor: ${floorRow.reqPerSec.toFixed(0)} req/s`);
    const backends =
      kind === 'postgres'
        ? () =>
            admin(async (c) =>
              (await c.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [dbName])).rows.map((r) => r.pid as number),
            )
        : undefined;
    let writeFloor: Measurement | undefined;
    // What one booking minimally costs here: one INSERT through a pool of 10 and one sendMessage. Measured
    // right before POST booking, with its PostgreSQL backends' CPU too, so both sides meet the same moment of a shared machine.
    const measureWriteFloor = async () => {
      const writer = await startChild([join(root, 'bench/floor-write.mjs')], {
        ...process.env,
        DATABASE_URL: databaseUrl,
        TELEGRAM_API_URL: `http://127.0.0.1:${telegram.port}`,
        BOT_TOKEN,
      });
      try {
        let n = 0;
        writeFloor = await measure(
          `http://127.0.0.1:${writer.port}`,
          writer.pid,
          { name: 'write floor (node:http, 1 INSERT, 1 sendMessage)', path: '/', method: 'POST', body: () => ({ n: n++ }) },
          backends,
        );
        console.log(`[${kind}] write floor: ${writeFloor.reqPerSec.toFixed(0)} req/s`);
      } finally {
        await writer.stop();
      }
    };
    const uncached: Measurement[] = [];
    for (const target of targets(seeded).filter((t) => !chosen && (t.name.startsWith('GET slots') || t.name === DAYS_TARGET))) {
      uncached.push(await measure(base, service.pid, { ...target, name: `${target.name}, cache off` }, backends));
      console.log(`[${kind}] ${uncached.at(-1)!.name}: ${uncached.at(-1)!.reqPerSec.toFixed(0)} req/s`);
    }
    await service.stop();
    service = await startChild([...nodeArgs, join(root, 'dist/src/server.js')], env, port);
    const rows: Measurement[] = [];
    const dates = await workingDates(base, seeded, FREE_DATES);
    for (const target of targets(seeded, dates)) {
      if (target.method === 'POST' && kind === 'postgres' && !writeFloor) await measureWriteFloor();
      rows.push(await measure(base, service.pid, target, backends));
      const row = rows.at(-1)!;
      console.log(
        `[${kind}] ${target.name}: ${row.reqPerSec.toFixed(0)} req/s, CPU µs/req ${row.cpuUs.toFixed(0)} + ${row.dbCpuUs?.toFixed(0) ?? '-'}`,
      );
    }
    await service.stop();
    if (kind === 'postgres' && process.env.BENCH_EXPLAIN !== '0') await explainHotQueries(databaseUrl!, seeded);
    await telegram.stop();
    const calls = telegram.lines.find((line) => line.startsWith('calls '))?.slice(6) ?? '{}';
    const notifications = seeded.telegramLinked
      ? `Telegram Bot API calls answered by the fake: ${calls}`
      : 'bot not linked: notifications skipped';
    return {
      kind,
      floor: floorRow,
      writeFloor,
      rows: [...rows, ...uncached],
      notes: [notifications, firstStart].filter(Boolean).join('; '),
    };
  } finally {
    await Promise.allSettled([service.stop(), telegram.stop(), floor?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
}

const loadNow = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  const started = Date.now();
  const loadAtStart = loadNow();
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const micro = runMicro();
  console.log(microTable(micro));
  const pgVersion = await postgresVersion();
  const kinds = (['postgres', 'pglite'] as const).filter((k) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY === k);
  const runs: DbRun[] = [];
  for (const kind of kinds) {
    if (kind === 'postgres' && !pgVersion) {
      console.warn(`!! PostgreSQL at ${serverUrl} does not answer: the PostgreSQL run is left out`);
      continue;
    }
    runs.push(await runOn(kind));
  }
  const facts = [
    `- date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; whole run ${Math.round((Date.now() - started) / 1000)} s`,
    `- machine: nproc ${availableParallelism()} (${cpus().length} cores), ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM; load average (1, 5, 15 min) at the start ${loadAtStart}, at the end ${loadNow()}`,
    `- node ${process.version}; PostgreSQL ${pgVersion ?? 'not reachable'} on 127.0.0.1; PGlite in a temporary DATA_DIR`,
    `- load: autocannon -c ${LOAD.connections} -p ${LOAD.pipelining}, ${LOAD.duration} s after a ${LOAD.warmup} s warm-up, run from the same machine`,
    `- service: compiled dist (node dist/src/server.js), LOG_LEVEL=warn (at the default info level every request is logged), RATE_LIMIT_*=0`,
    `- data: ${SEED.masters} masters, 1 service linked to all, ${SEED.bookings} bookings on the measured date (seeded through the API); POST booking sends a unique phone per request`,
    ...runs.map((run) => `- ${run.kind}: ${run.notes}`),
  ].join('\n');
  const block = `## Latest run\n\n${facts}\n\n${table(runs)}\n\n### Availability micro-benchmark (pure functions, no I/O)\n\n${microTable(micro)}\n\nAll targets met: **${allMet(runs, micro) ? 'yes' : 'no'}**`;
  console.log(`\n${block}`);
  if (chosen) console.log('BENCH_TARGETS is set: a partial run, bench/RESULTS.md is left as it was');
  else writeResults(join(root, 'bench/RESULTS.md'), block);
}

await main();
