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
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { platformSeedStatements } from '../../../bench/scale-seed.js';
import { migrationLevel, tablesInLoadOrder } from '../../../src/db/backup/catalog.js';
import { writeBackup } from '../../../src/db/backup/dump.js';
import { migrationsUpTo } from '../../../src/db/backup/load.js';
import { openDirect } from '../../../src/db/backup/open.js';
import { queryRows, type Db } from '../../../src/db/driver.js';
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
// 300 s each: side by side they took 58-154 s on a slow 2-core machine beside the suite (2026-11-29).
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
  }, 300_000);

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
  }, 300_000);

  it('a backup of an older release restores into this one: schema brought to the backup, rows in, then the newer migrations', async () => {
    const file = await backupOfRelease(journalEntries()[0]!.when, async (db) => {
      await db.execute(
        sql`INSERT INTO businesses (slug, name, phone, address) VALUES ('old-salon', 'Старый салон', '+77010000000', 'Алматы')`,
      );
    });
    await whenRestored(file, /restored .*1 businesses/, async (db) => {
      expect(await migrationLevel(db)).toBe(journalEntries().at(-1)!.when);
      const rows = await queryRows<{ name: string; description: string | null }>(db, sql`SELECT name, description FROM businesses`);
      expect(rows).toEqual([{ name: 'Старый салон', description: null }]);
    });
  }, 300_000);

  it('a backup from before the day counts (0020) restores with booking_day_counts and booking_status_totals counted from its bookings', async () => {
    const file = await backupOfRelease(journalEntries().find((entry) => entry.tag === '0020_visits')!.when, async (db) => {
      await db.execute(sql`INSERT INTO businesses (slug, name, phone, address) VALUES ('days-salon', 'Салон', '+77010000001', 'Алматы')`);
      await db.execute(sql`INSERT INTO services (business_id, name, duration, price) SELECT id, 'Стрижка', 60, 5000 FROM businesses`);
      await db.execute(sql`INSERT INTO masters (business_id, name) SELECT id, 'Дана' FROM businesses`);
      await db.execute(sql`INSERT INTO clients (business_id, phone, first_name) SELECT id, '+77020000001', 'Алия' FROM businesses`);
      await db.execute(
        sql`INSERT INTO bookings (business_id, service_id, master_id, client_id, status, start_at, end_at, price_snapshot)
              SELECT s.business_id, s.id, m.id, c.id, (ARRAY['pending', 'confirmed', 'cancelled'])[1 + g % 3],
                TIMESTAMP '2027-03-01 10:00' + (g % 4) * INTERVAL '1 day' + g * INTERVAL '1 minute',
                TIMESTAMP '2027-03-01 11:00' + (g % 4) * INTERVAL '1 day' + g * INTERVAL '1 minute', 5000
              FROM services s JOIN masters m USING (business_id) JOIN clients c USING (business_id), generate_series(1, 30) g`,
      );
    });
    await whenRestored(file, /restored .*30 bookings/, async (db) => {
      type Row = { day: string; status: string; n: number };
      const kept = await queryRows<Row>(
        db,
        sql`SELECT day::text AS day, status, sum(n)::int AS n FROM booking_day_counts GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      const real = await queryRows<Row>(
        db,
        sql`SELECT start_at::date::text AS day, status, count(*)::int AS n FROM bookings GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      expect(real.reduce((sum, row) => sum + row.n, 0)).toBe(30);
      expect(kept).toEqual(real);
      const totals = await queryRows<{ status: string; n: number }>(
        db,
        sql`SELECT status, sum(n)::int AS n FROM booking_status_totals GROUP BY 1 ORDER BY 1`,
      );
      expect(totals).toEqual([
        { status: 'cancelled', n: 10 },
        { status: 'confirmed', n: 10 },
        { status: 'pending', n: 10 },
      ]);
    });
  }, 300_000);
});

function journalEntries(): { when: number; tag: string }[] {
  return (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] })
    .entries;
}

/** A backup written by a release whose newest migration is the one made at `release`, holding what `fill` writes. */
async function backupOfRelease(release: number, fill: (db: Db) => Promise<void>): Promise<string> {
  const old = await openDirect({ dataDir: join(mkdtempSync(join(tmpdir(), 'bk-old-')), 'data') });
  const cut = migrationsUpTo(release);
  const file = join(mkdtempSync(join(tmpdir(), 'bk-file-')), 'old.backup');
  try {
    await old.migrate(cut.folder);
    await fill(old.db);
    await writeBackup({ db: old.db, engine: old.engine }, createWriteStream(file));
  } finally {
    cut.remove();
    await old.close();
  }
  return file;
}

/** The file restored by the CLI into a new empty target, which `check` then reads. */
async function whenRestored(file: string, said: RegExp, check: (db: Db) => Promise<void>): Promise<void> {
  const target = await newTarget();
  const restored = await cli(target, 'restore', file);
  expect(restored.out).toMatch(said);
  expect(restored.code).toBe(0);
  const opened = await openDirect({ dataDir: target.env.DATA_DIR!, databaseUrl: target.env.DATABASE_URL });
  try {
    await check(opened.db);
  } finally {
    await opened.close();
  }
}

/** The schema's keys, indexes and triggers as the catalog says them: a restore puts back what it set aside. */
const SCHEMA_PARTS = `
  SELECT 'key ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS part FROM pg_constraint
    WHERE connamespace = 'public'::regnamespace
  UNION ALL SELECT 'index ' || pg_get_indexdef(indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
    WHERE c.relnamespace = 'public'::regnamespace
  UNION ALL SELECT 'trigger ' || tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE NOT tgisinternal AND c.relnamespace = 'public'::regnamespace
  ORDER BY 1`;

async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Every table's row count and a digest of all its rows, in the order a restore loads them. */
async function contents(location: { databaseUrl?: string; dataDir?: string }): Promise<Record<string, { rows: number; digest: string }>> {
  const opened = await openDirect({ dataDir: '', ...location });
  try {
    const tables = await tablesInLoadOrder(opened.db);
    const found: Record<string, { rows: number; digest: string }> = {};
    for (const table of tables) {
      const [row] = await queryRows<{ rows: number; digest: string }>(
        opened.db,
        sql.raw(
          `SELECT count(*)::int AS rows, coalesce(md5(string_agg(t::text, E'\\n' ORDER BY t::text)), '') AS digest FROM "${table}" t`,
        ),
      );
      found[table] = row!;
    }
    return found;
  } finally {
    await opened.close();
  }
}

/** A PostgreSQL database with a platform of 30 businesses (and values COPY and JSON escape), backed up by the CLI. */
async function platformBackup(): Promise<{ sourceUrl: string; file: string }> {
  const source = await newTarget();
  const sourceUrl = source.env.DATABASE_URL!;
  const migrated = await openDirect({ dataDir: '', databaseUrl: sourceUrl });
  await migrated.migrate(migrationsFolder);
  await migrated.close();
  await onDatabase(sourceUrl, async (client) => {
    for (const statement of platformSeedStatements({ businesses: 30, mastersPer: 2, clientsPer: 20, bookingsPer: 60 })) {
      await client.query(statement);
    }
    // What COPY's text format escapes, and what JSON does: a backslash, a tab, a newline, quotes, a carriage return.
    await client.query(`UPDATE businesses SET description = $1 WHERE slug = 'scale-1'`, ['Путь C:\\salon\\ "лучший"\tтаб\nстрока\r\\n ₸']);
    await client.query(`UPDATE clients SET notes = $1 WHERE id = (SELECT min(id) FROM clients)`, ['\\x41 \\101 \\\\ конец']);
    // An array's own quoting inside COPY's: PGlite reads it back from the text of the value.
    await client.query(`UPDATE businesses SET embed_origins = $1 WHERE slug = 'scale-2'`, [['https://a.kz', 'we"ird,\\x {}', '']]);
  });
  const file = join(mkdtempSync(join(tmpdir(), 'bk-file-')), 'platform.backup');
  const taken = await cli(source, 'backup', file);
  expect(taken.out).toMatch(/\(30 businesses, 1800 bookings, 600 clients;/);
  expect(taken.code).toBe(0);
  return { sourceUrl, file };
}

describe.runIf(onPostgres)('backup and restore by COPY (PostgreSQL, issue #53)', () => {
  it('streams a platform out and into an empty database: the same rows in every table, the schema whole, ids continue', async () => {
    const { sourceUrl, file } = await platformBackup();
    const target = await newTarget();
    const targetUrl = target.env.DATABASE_URL!;
    const restored = await cli(target, 'restore', file);
    expect(restored.out).toMatch(/restored .*\(30 businesses, 1800 bookings, 600 clients;/);
    expect(restored.code).toBe(0);

    const [before, after] = [await contents({ databaseUrl: sourceUrl }), await contents({ databaseUrl: targetUrl })];
    expect(after.bookings!.rows).toBe(1800);
    expect(after).toEqual(before);
    const schemaOf = (url: string) => onDatabase(url, async (client) => (await client.query<{ part: string }>(SCHEMA_PARTS)).rows);
    expect(await schemaOf(targetUrl)).toEqual(await schemaOf(sourceUrl));
    const awkward = `SELECT description FROM businesses WHERE slug = 'scale-1'`;
    expect((await onDatabase(targetUrl, (client) => client.query(awkward))).rows).toEqual(
      (await onDatabase(sourceUrl, (client) => client.query(awkward))).rows,
    );

    // New rows take ids after the restored ones; the bookings' triggers count a new booking again.
    await onDatabase(targetUrl, async (client) => {
      const { rows } = await client.query<{ id: number; top: number }>(
        `INSERT INTO businesses (slug, name, phone, address) VALUES ('after-restore', 'Новый', '+77019999999', 'Алматы')
         RETURNING id, (SELECT max(id) FROM businesses) AS top`,
      );
      expect(rows[0]!.id).toBeGreaterThan(rows[0]!.top);
      const pending = `SELECT coalesce((SELECT sum(n)::int FROM booking_counts WHERE business_id = b.id AND status = 'pending'), 0) AS counted,
          (SELECT count(*)::int FROM bookings WHERE business_id = b.id AND status = 'pending') AS actual
        FROM businesses b WHERE slug = 'scale-1'`;
      const [was] = (await client.query<{ counted: number; actual: number }>(pending)).rows;
      await client.query(
        `INSERT INTO bookings (business_id, service_id, master_id, client_id, status, start_at, end_at, price_snapshot)
           SELECT business_id, service_id, master_id, client_id, 'pending', start_at + INTERVAL '1 day', end_at + INTERVAL '1 day', 1
           FROM bookings WHERE business_id = (SELECT id FROM businesses WHERE slug = 'scale-1') ORDER BY start_at DESC LIMIT 1`,
      );
      const [now] = (await client.query<{ counted: number; actual: number }>(pending)).rows;
      expect(was!.counted).toBe(was!.actual);
      expect(now).toEqual({ counted: was!.actual + 1, actual: was!.actual + 1 });
    });
  }, 180_000);

  it('a PostgreSQL backup (COPY sections) restores into PGlite with the same rows', async () => {
    const { sourceUrl, file } = await platformBackup();
    const target = { env: { DATA_DIR: join(mkdtempSync(join(tmpdir(), 'bk-')), 'data') } };
    const restored = await cli(target, 'restore', file);
    expect(restored.out).toMatch(/restored .*\(30 businesses, 1800 bookings, 600 clients;/);
    expect(restored.code).toBe(0);
    expect(await contents({ dataDir: target.env.DATA_DIR })).toEqual(await contents({ databaseUrl: sourceUrl }));
  }, 180_000);

  it('a file of JSON lines (version 1, as PostgreSQL wrote before decision 0086) restores the same rows', async () => {
    const { sourceUrl } = await platformBackup();
    const file = join(mkdtempSync(join(tmpdir(), 'bk-file-')), 'json.backup');
    const source = await openDirect({ dataDir: '', databaseUrl: sourceUrl });
    try {
      await writeBackup({ db: source.db, engine: 'postgres' }, createWriteStream(file));
    } finally {
      await source.close();
    }
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ version: 1 });
    expect(lines[1]).toBe('["table","businesses"]');
    const target = await newTarget();
    const restored = await cli(target, 'restore', file);
    expect(restored.code).toBe(0);
    expect(await contents({ databaseUrl: target.env.DATABASE_URL })).toEqual(await contents({ databaseUrl: sourceUrl }));
  }, 180_000);

  it('refuses a file whose rows break a foreign key or a primary key, or whose COPY section is damaged: the target stays empty', async () => {
    const { file } = await platformBackup();
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    const section = lines.findIndex((line) => line.startsWith('["copy","bookings",'));
    const clientColumn = (JSON.parse(lines[section]!) as [string, string, string[]])[2].indexOf('client_id');
    /** The file with its first booking replaced by `rows` of values, the end's count of bookings following. */
    const edited = (replace: (fields: string[]) => string[][]): string => {
      const rows = replace(lines[section + 1]!.split('\t'));
      const end = lines.findLastIndex((line) => line.startsWith('["end",'));
      const marker = JSON.parse(lines[end]!) as ['end', Record<string, number>];
      marker[1].bookings! += rows.length - 1;
      const text = lines.with(end, JSON.stringify(marker));
      text.splice(section + 1, 1, ...rows.map((fields) => fields.join('\t')));
      const copy = join(mkdtempSync(join(tmpdir(), 'bk-file-')), 'edited.backup');
      writeFileSync(copy, gzipSync(text.join('\n')));
      return copy;
    };
    const target = await newTarget();
    const refusals: [string, RegExp][] = [
      [edited((fields) => [fields.with(clientColumn, '999999999')]), /restore failed: .*violates foreign key constraint/],
      [edited((fields) => [fields, fields]), /restore failed: .*could not create unique index "bookings_pkey"/],
      [edited((fields) => [fields.slice(0, -1)]), /restore failed: .*missing data/],
    ];
    for (const [broken, why] of refusals) {
      const refused = await cli(target, 'restore', broken);
      expect(refused.out).toMatch(why);
      expect(refused.code).toBe(1);
    }
    const left = await contents({ databaseUrl: target.env.DATABASE_URL });
    expect(Object.entries(left).filter(([, table]) => table.rows > 0)).toEqual([]);
  }, 180_000);
});
