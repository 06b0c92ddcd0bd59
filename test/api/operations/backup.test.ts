/**
 * CONTRACT.md §15 backup and restore, on the engine of this project: a running
 * server is backed up while clients keep booking, the file is restored into an
 * empty target, and a server on the target answers the same businesses,
 * bookings and clients, to the same old token.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createWriteStream } from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrationLevel } from '../../../src/db/backup/catalog.js';
import { writeBackup } from '../../../src/db/backup/dump.js';
import { migrationsUpTo } from '../../../src/db/backup/load.js';
import { openDirect } from '../../../src/db/backup/open.js';
import { queryRows } from '../../../src/db/driver.js';
import { migrationsFolder, projectRoot } from '../../../src/paths.js';
import { createFreshDatabase } from '../../helpers/fresh-database.js';
import { srcModule } from '../../helpers/server-build.js';
import {
  api,
  bookingBody,
  migratedDataDir,
  seedBusiness,
  startServer,
  workingDate,
  type ServerProcess,
} from '../../helpers/spawned-server.js';

const onPostgres = process.env.TEST_DB === 'postgres';
/** `npm run backup`/`restore`'s entry: src/db/backup/cli.ts's main (server-build.ts: the run's compiled copy, or through tsx). */
const cliModule = srcModule('db/backup/cli.ts');
const CLI = `import(${JSON.stringify(pathToFileURL(cliModule.file).href)}).then((m) => m.main(process.argv.slice(1))).then((code) => process.exit(code))`;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

interface Target {
  env: Record<string, string>;
}

/** An empty DATA_DIR (and database), or with `migrated` one a server has already migrated: a source to back up. */
async function newTarget(options: { migrated?: boolean } = {}): Promise<Target> {
  const dataDir = options.migrated && !onPostgres ? migratedDataDir() : join(mkdtempSync(join(tmpdir(), 'bk-')), 'data');
  const env = { DATA_DIR: dataDir, RATE_LIMIT_BOOKING: '0' };
  if (!onPostgres) return { env };
  const database = await createFreshDatabase('booking_backup');
  cleanups.push(database.drop);
  return { env: { ...env, DATABASE_URL: database.url } };
}

async function cli(target: Target, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...cliModule.execArgv, '-e', CLI, ...args], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH, ...target.env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

async function start(target: Target): Promise<ServerProcess> {
  const server = await startServer({ env: target.env });
  cleanups.push(() => server.stop());
  return server;
}

/** What an owner and a client see: the bookings and clients lists and the public page's data. */
async function snapshot(server: ServerProcess, token: string, slug: string) {
  const bookings = await api(server.base, 'GET', '/bookings', undefined, token);
  const clients = await api(server.base, 'GET', '/clients', undefined, token);
  const business = await api(server.base, 'GET', `/public/${slug}`);
  expect([bookings.status, clients.status, business.status]).toEqual([200, 200, 200]);
  return { bookings: bookings.data, clients: clients.data, business: business.data };
}

// The three run side by side: each works on targets of its own (folders, databases, servers), and each is
// a chain of processes that wait on each other, so one after another they made the run's longest file.
describe.concurrent(`backup and restore (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('backs up a running server under load, restores into an empty target that answers the same, to the same token', async () => {
    const source = await newTarget({ migrated: true });
    const server = await start(source);
    const seeded = await seedBusiness(server.base);
    const date = workingDate();
    for (let i = 0; i < 20; i += 1) {
      expect((await api(server.base, 'POST', `/public/${seeded.slug}/booking`, bookingBody(seeded, date, i))).status).toBe(201);
    }

    // Clients keep booking while the backup is taken: every booking is answered, the file is whole.
    let booking = true;
    let madeDuring = 0;
    const load = (async () => {
      for (let i = 20; booking; i += 1) {
        const made = await api(server.base, 'POST', `/public/${seeded.slug}/booking`, bookingBody(seeded, date, i));
        expect(made.status).toBe(201);
        madeDuring += 1;
      }
    })();
    const during = join(mkdtempSync(join(tmpdir(), 'bk-file-')), 'during.backup');
    const taken = await cli(source, 'backup', during);
    booking = false;
    await load;
    expect(taken.out).toMatch(/backup written to .*during\.backup/);
    expect(taken.code).toBe(0);
    expect(madeDuring).toBeGreaterThan(0);
    expect(statSync(during).mode & 0o077).toBe(0); // personal data and the secret: the owner's alone

    const file = join(mkdtempSync(join(tmpdir(), 'bk-file-')), 'salon.backup');
    expect((await cli(source, 'backup', file)).code).toBe(0);
    const before = await snapshot(server, seeded.token, seeded.slug);
    expect(before.bookings.length).toBe(20 + madeDuring);

    const target = await newTarget();
    const restored = await cli(target, 'restore', file);
    expect(restored.out).toMatch(/restored .* \(1 businesses, \d+ bookings/);
    expect(restored.code).toBe(0);
    const copy = await start(target);
    expect(await snapshot(copy, seeded.token, seeded.slug)).toEqual(before);
    // New rows continue after the restored ids.
    const master = await api(copy.base, 'POST', '/masters', { name: 'Новый мастер', service_ids: [seeded.serviceId] }, seeded.token);
    expect(master.status).toBe(201);
    expect(master.data.id).toBeGreaterThan(seeded.masterId);
    await copy.stop();

    // The backup taken under load restores too, into its own empty target, with a whole set of bookings.
    const second = await newTarget();
    expect((await cli(second, 'restore', during)).code).toBe(0);
    const secondServer = await start(second);
    const underLoad = await snapshot(secondServer, seeded.token, seeded.slug);
    expect(underLoad.bookings.length).toBeGreaterThanOrEqual(20);
    expect(underLoad.bookings.length).toBeLessThanOrEqual(20 + madeDuring);
  }, 180_000);

  it('refuses a target that holds data without --force, and a damaged file; neither changes anything', async () => {
    const source = await newTarget({ migrated: true });
    const server = await start(source);
    const seeded = await seedBusiness(server.base);
    const file = join(mkdtempSync(join(tmpdir(), 'bk-file-')), 'salon.backup');
    expect((await cli(source, 'backup', file)).code).toBe(0);
    await api(server.base, 'POST', `/public/${seeded.slug}/booking`, bookingBody(seeded, workingDate(), 1));
    const before = await snapshot(server, seeded.token, seeded.slug);
    await server.stop();

    const refused = await cli(source, 'restore', file);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/already holds data .* --force/);
    const damaged = join(mkdtempSync(join(tmpdir(), 'bk-file-')), 'cut.backup');
    const whole = readFileSync(file);
    writeFileSync(damaged, whole.subarray(0, Math.floor(whole.length * 0.8)));
    const cut = await cli(source, 'restore', damaged, '--force');
    expect(cut.code).toBe(1);
    expect(cut.out).toMatch(/restore failed: .*(incomplete|damaged)/);
    expect((await cli(source, 'restore', join(projectRoot, 'package.json'))).out).toMatch(/not a booking-kz backup/);

    const again = await start(source);
    expect(await snapshot(again, seeded.token, seeded.slug)).toEqual(before);
    await again.stop();

    // --force replaces the data with the backup's: the booking made after it is gone.
    const forced = await cli(source, 'restore', file, '--force');
    expect(forced.code).toBe(0);
    const replaced = await start(source);
    expect((await snapshot(replaced, seeded.token, seeded.slug)).bookings).toEqual([]);
  }, 180_000);

  it('a backup of an older release restores into this one: schema brought to the backup, rows in, then the newer migrations', async () => {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    const first = journal.entries[0]!.when;
    const latest = journal.entries.at(-1)!.when;
    const old = await openDirect({ dataDir: join(mkdtempSync(join(tmpdir(), 'bk-old-')), 'data') });
    const cut = migrationsUpTo(first);
    const file = join(mkdtempSync(join(tmpdir(), 'bk-file-')), 'old.backup');
    try {
      await old.migrate(cut.folder);
      await old.db.execute(
        sql`INSERT INTO businesses (slug, name, phone, address) VALUES ('old-salon', 'Старый салон', '+77010000000', 'Алматы')`,
      );
      await writeBackup({ db: old.db, engine: old.engine }, createWriteStream(file));
    } finally {
      cut.remove();
      await old.close();
    }

    const target = await newTarget();
    const restored = await cli(target, 'restore', file);
    expect(restored.out).toMatch(/restored .*1 businesses/);
    expect(restored.code).toBe(0);
    const opened = await openDirect({ dataDir: target.env.DATA_DIR!, databaseUrl: target.env.DATABASE_URL });
    try {
      expect(await migrationLevel(opened.db)).toBe(latest);
      const rows = await queryRows<{ name: string; description: string | null }>(opened.db, sql`SELECT name, description FROM businesses`);
      expect(rows).toEqual([{ name: 'Старый салон', description: null }]);
    } finally {
      await opened.close();
    }
  }, 120_000);
});
