import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../paths.js';
import { loggerFor, type Database, type DatabaseOptions, type Db } from './driver.js';
import { ensurePrivateDir, privateUmask, restrictTree } from '../private-dir.js';
import * as schema from './schema.js';
import { PGLITE_EXTENSIONS, PGLITE_SETTINGS } from './pglite-settings.js';

export { queryRows, type Database, type DatabaseOptions, type Db, type QueryObserver } from './driver.js';

/** Wraps (and migrates) an open PGlite; tests hand in one loaded from a migrated snapshot. */
export async function usePglite(client: PGlite, options: Pick<DatabaseOptions, 'onQuery'> = {}): Promise<Database> {
  await client.waitReady;
  const db = drizzlePglite({ client, schema, ...loggerFor(options.onQuery) }) as unknown as Db;
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    // One embedded database in one process: a notification is delivered before the writing query resolves, and never lost.
    listen: async (channel, handlers) => {
      const unsubscribe = await client.listen(channel, handlers.onNotify);
      handlers.onLive(true);
      return unsubscribe;
    },
    close: () => client.close(),
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  // PGlite keeps shared_buffers inside its WebAssembly memory, all of it resident: PostgreSQL's
  // 128 MB default alone put the service over its 300 MB RSS budget. One embedded process has the
  // OS page cache behind it, so 16 MB costs nothing measurable at this data size.
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS, '-c', 'shared_buffers=16MB'];
  const dir = join(options.dataDir, 'pglite');
  privateUmask();
  ensurePrivateDir(options.dataDir);
  const database = await usePglite(new PGlite(dir, { startParams, extensions: PGLITE_EXTENSIONS }), options);
  // PGlite sets its files' modes itself (0666): narrowed once it is open, and again when it closes.
  restrictTree(dir);
  return { ...database, close: () => database.close().finally(() => restrictTree(dir)) };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (!options.databaseUrl) return openPglite(options);
  const { openPostgres } = await import('./postgres.js');
  return openPostgres(options.databaseUrl, options);
}
