/**
 * The database as the backup and restore commands see it: opened directly (no
 * migrations run by opening it), with migrations run on demand from a folder, so
 * a restore can bring an empty database to exactly the backup's schema first.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { ensurePrivateDir, privateUmask, restrictTree } from '../../private-dir.js';
import type { Db } from '../driver.js';
import * as schema from '../schema.js';

export interface DirectDatabase {
  db: Db;
  engine: 'pglite' | 'postgres';
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: COPY ... TO STDOUT / FROM STDIN on the connection `db` uses (so inside its transaction). */
  copy?: { out(statement: string): Readable; in(statement: string): Writable };
}

export const pgliteDir = (dataDir: string): string => join(dataDir, 'pglite');

export const pgliteExists = (dataDir: string): boolean => existsSync(pgliteDir(dataDir)) && readdirSync(pgliteDir(dataDir)).length > 0;

export async function openDirect(location: { databaseUrl?: string; dataDir: string }): Promise<DirectDatabase> {
  if (location.databaseUrl) return openPostgresDirect(location.databaseUrl);
  const [{ PGlite }, { drizzle }, { migrate }, { PGLITE_EXTENSIONS }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('../pglite-settings.js'),
  ]);
  privateUmask();
  ensurePrivateDir(location.dataDir);
  const dir = pgliteDir(location.dataDir);
  const client = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  return {
    db: drizzle({ client, schema }) as unknown as Db,
    engine: 'pglite',
    migrate: (migrationsFolder) => migrate(drizzle({ client }), { migrationsFolder }),
    close: () => client.close().finally(() => restrictTree(dir)),
  };
}

async function openPostgresDirect(url: string): Promise<DirectDatabase> {
  const [{ default: pg }, { drizzle }, { migrate }, { from, to }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
    import('pg-copy-streams'),
  ]);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  return {
    db: drizzle({ client, schema }) as unknown as Db,
    engine: 'postgres',
    migrate: (migrationsFolder) => migrate(drizzle({ client }), { migrationsFolder }),
    close: () => client.end(),
    copy: { out: (statement) => client.query(to(statement)), in: (statement) => client.query(from(statement)) },
  };
}
