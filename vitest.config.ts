import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Three projects: pure unit tests, the API tests on embedded PGlite, and the
 * same API tests on the PostgreSQL server of TEST_PG_URL (a fresh database per
 * run). When that server does not answer, the PostgreSQL run is left out with
 * a loud message: never faked.
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
 * The API tests that measure time (a p99, a bounded wait, a deadline): they run after the rest,
 * one file at a time, so that no other test file shares the machine's cores with them.
 */
const timedApiTests = [
  'bot',
  'bounded-waits',
  'db-faults',
  'events',
  'fault',
  'growth',
  'import-bounds',
  'import-export',
  'location',
  'og-card',
  'outage-log',
  'password',
  'server-timeouts',
  'shared-rate-limit',
  'trust-combined',
].map((name) => `test/api/${name}.test.ts`);

/** One database's API projects: `<name>` (files in parallel) and `<name>-timed` (one at a time, last). */
function apiProjects(name: string, env: Record<string, string>, globalSetup: string) {
  return [
    {
      extends: true as const,
      test: { name, include: apiTests, exclude: [...configDefaults.exclude, ...timedApiTests], env, globalSetup: [globalSetup] },
    },
    { extends: true as const, test: { name: `${name}-timed`, include: timedApiTests, env, globalSetup: [globalSetup], maxWorkers: 1 } },
  ];
}

export default defineConfig({
  // The pages' one way into the shared pure code (vite.config.ts has the same alias).
  resolve: { alias: { '@core': resolve(import.meta.dirname, 'src/core') } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default (cores - 1) is one worker on a 2-core machine: each file's ~3 s of start-up (fork,
    // imports, PGlite) then runs alone, and the unit and API projects took 18 min instead of 12.
    // The timed API files and the web project still run one file at a time, after the rest.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // extends: true, so the root's testTimeout/hookTimeout apply (inline projects do not inherit them otherwise).
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      ...apiProjects('api-pglite', { TEST_DB: 'pglite' }, 'test/helpers/global-pglite.ts'),
      ...(withPostgres ? apiProjects('api-postgres', { TEST_DB: 'postgres', TEST_PG_URL: pgUrl }, 'test/helpers/global-postgres.ts') : []),
      {
        // extends: true for the root's @core alias (the pages' pure helpers are unit-tested here too).
        extends: true,
        test: {
          name: 'web',
          include: ['test/web/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['test/helpers/global-pglite.ts', 'test/helpers/global-web.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Reads of the page after an action wait for the state they expect (expect.poll), within this bound.
          expect: { poll: { timeout: 5_000, interval: 50 } },
          // one chromium at a time: the machine is small and shared
          fileParallelism: false,
        },
      },
    ],
  },
});
