import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/helpers/sequencer.js';

/**
 * The projects: pure unit tests, the API tests on embedded PGlite, the same API
 * tests on the PostgreSQL server of TEST_PG_URL (a fresh database per run), the
 * API tests that measure time on each (`*-timed`), and the browser tests.
 * `npm test` runs all but the `*-timed` ones, `npm run test:timed` those.
 * When the PostgreSQL server does not answer, its run is left out with a loud
 * message: never faked.
 */
const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function postgresAnswers(url: string): boolean {
  const probe = `const u=new URL(process.argv[1]);const s=require('net').connect(+u.port||5432,u.hostname);s.setTimeout(2000);s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));s.on('timeout',()=>process.exit(1));`;
  return spawnSync(process.execPath, ['-e', probe, url], { timeout: 5000 }).status === 0;
}

const withPostgres = process.env.TEST_SKIP_PG !== '1' && postgresAnswers(pgUrl);
if (!withPostgres) {
  console.warn(
    `\n${'!'.repeat(78)}\n!! PostgreSQL at ${pgUrl} is not reachable: the API tests run on PGlite ONLY.\n` +
      `!! Start it (pg_ctlcluster <version> main start) to run them on PostgreSQL too.\n${'!'.repeat(78)}\n`,
  );
}

const apiTests = ['test/api/**/*.test.ts'];
/**
 * The API tests that measure time (a p99, a bounded wait, a deadline): the `*-timed` projects, which
 * `npm run test:timed` runs one file at a time, so that no other test file shares the machine's cores
 * with them (`npm test` leaves them out). A file named `*.timed.test.ts` is one too.
 */
const timedApiTests = [
  'accounts/password',
  'bookings/events',
  'bot/link-and-buttons',
  'data-io/import-bounds',
  'data-io/import-export',
  'faults/bounded-waits',
  'faults/db-faults',
  'faults/postgres-outage',
  'faults/outage-log',
  'faults/server-timeouts',
  'growth/growth',
  'location/location',
  'operations/shared-rate-limit',
  'security/telegram-session',
  'security/trust-combined',
  'web/og-card',
]
  .map((name) => `test/api/${name}.test.ts`)
  .concat('test/api/**/*.timed.test.ts');

/**
 * The API files that start the server or the backup command as processes of their own: mostly waiting
 * for another process, as the browser files wait for a page. They run in the `api-<database>-processes`
 * projects, beside the browser files (the second group, `groupOrder: 1`), not among the API files that
 * keep both cores busy: the first group 155 -> 80 s, the second 117 -> 160 s (decision 0083).
 */
const processApiTests = ['backup', 'startup', 'shutdown'].map((name) => `test/api/operations/${name}.test.ts`);
/**
 * The second group: its files at a time, and its place after the first (one setting, as Vitest refuses a
 * group whose projects disagree on maxWorkers). Its files wait more than they compute (typing delays, debounces,
 * another process): on 2 cores the browser files alone took 115 s with 3 at a time, 94 s with 4, 93 s
 * with 6. Checked three times in a row with the other core busy (docs/testing.md).
 */
const waitingGroup = { maxWorkers: Math.max(4, availableParallelism() + 2), sequence: { groupOrder: 1 } };

/** Files under test/web that open no page and need neither the built pages nor a database: the unit project runs them. */
const pureWebTests = ['admin-layout', 'booking-units', 'error-text'].map((name) => `test/web/${name}.test.ts`);

/**
 * One database's API project. `isolate: false` (npm test): a worker imports the app, its ~350 schema
 * and query modules and PGlite's compiled WebAssembly once and runs file after file with them (each
 * file still builds its own app on its own database). Safe because no test mocks a module, and the
 * few that change process-wide state (Date.now, process.env, fake timers) put it back.
 */
function apiProject(
  name: string,
  database: 'pglite' | 'postgres',
  options: { include: string[]; exclude?: string[]; isolate: boolean; maxWorkers?: number; waiting?: boolean },
) {
  const env: Record<string, string> = database === 'postgres' ? { TEST_DB: 'postgres', TEST_PG_URL: pgUrl } : { TEST_DB: 'pglite' };
  // global-server.ts: src/ compiled once for the files that start the server as a process.
  const globalSetup = [
    database === 'postgres' ? 'test/helpers/global-postgres.ts' : 'test/helpers/global-pglite.ts',
    'test/helpers/global-server.ts',
  ];
  return {
    extends: true as const,
    test: {
      name,
      include: options.include,
      exclude: [...configDefaults.exclude, ...(options.exclude ?? [])],
      isolate: options.isolate,
      ...(options.maxWorkers ? { maxWorkers: options.maxWorkers } : {}),
      ...(options.waiting ? waitingGroup : {}),
      // The backup file's tests run side by side, each starting servers and commands: at most two at a time, so
      // with both engines' files and the browser files beside them a new server is not starved past its 10 s
      // header deadline (both clean-clone runs of 2026-11-29 saw its first request answered 408 with four).
      ...(options.waiting ? { maxConcurrency: 2 } : {}),
      env,
      globalSetup,
    },
  };
}

/** The databases the API tests run on: PGlite always, PostgreSQL when its server answers. */
const apiDatabases: ('pglite' | 'postgres')[] = withPostgres ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  // The pages' one way into the shared pure code (vite.config.ts has the same alias).
  resolve: { alias: { '@core': resolve(import.meta.dirname, 'src/core') } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default (cores - 1) is one worker on a 2-core machine: each file's ~3 s of start-up (fork,
    // imports, PGlite) then runs alone, and the unit and API projects took 18 min instead of 12.
    // The timed API files (npm run test:timed) run one file at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A fresh clone has no timings yet: the files known to take longest start first (test/helpers/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      // extends: true, so the root's testTimeout/hookTimeout apply (inline projects do not inherit them otherwise).
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts', ...pureWebTests], isolate: false } },
      ...apiDatabases.flatMap((database) => [
        apiProject(`api-${database}`, database, { include: apiTests, exclude: [...timedApiTests, ...processApiTests], isolate: false }),
        apiProject(`api-${database}-processes`, database, { include: processApiTests, isolate: false, waiting: true }),
        apiProject(`api-${database}-timed`, database, { include: timedApiTests, isolate: true, maxWorkers: 1 }),
      ]),
      {
        // extends: true for the root's @core alias (the pages' pure helpers are unit-tested here too).
        extends: true,
        test: {
          name: 'web',
          include: ['test/web/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...pureWebTests],
          // On the PostgreSQL server when it answers, else PGlite (decision 0083). The pages' answers come
          // from the same code on either engine, and the API projects run every endpoint on both; here
          // PGlite cost each worker ~2 s to load and ~2 s of cold queries, and ~1/3 of the node side:
          // workers' CPU 92-104 -> 51-56 s, PostgreSQL's +6.5 s.
          env: withPostgres ? { TEST_DB: 'postgres', TEST_PG_URL: pgUrl } : { TEST_DB: 'pglite' },
          globalSetup: [withPostgres ? 'test/helpers/global-postgres.ts' : 'test/helpers/global-pglite.ts', 'test/helpers/global-web.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Reads of the page after an action wait for the state they expect (expect.poll), within this bound.
          expect: { poll: { timeout: 5_000, interval: 50 } },
          // In the second group (`waitingGroup`), after the unit and API files. One Chromium serves the run
          // (global-web.ts), each file works in contexts of its own on an app of its own (port 0); one
          // import of the app serves each worker's files (the mini app's failure that once looked like a leak between files was the
          // MainButton's race, fixed in booking/use-submit.ts).
          isolate: false,
          ...waitingGroup,
        },
      },
    ],
  },
});
