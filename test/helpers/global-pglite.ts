import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { usePglite } from '../../src/db/client.js';
import { PGLITE_EXTENSIONS } from '../../src/db/pglite-settings.js';
import { migrationsFolder, projectRoot } from '../../src/paths.js';

/** Names the migrated state: the migration files and PGlite's version. */
export function snapshotKey(folder = migrationsFolder): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(readFileSync(join(projectRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
    version: string;
  };
  hash.update(pglite.version);
  const names = readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort();
  for (const name of names) {
    const path = join(folder, name);
    if (statSync(path).isFile()) hash.update(name.split('\\').join('/')).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Migrates one in-memory PGlite and snapshots it: each test worker loads the snapshot once
 * (shared-pglite.ts; ~0.8 s, not ~3 s of initdb and migrations). The snapshot is kept in
 * node_modules/.cache under a name made of the migrations and PGlite's version, so the projects of
 * a run (api-pglite, web) and later runs make it once. So is the same database as the files of a
 * PGlite data directory, which the tests that start a server process on an already migrated
 * DATA_DIR copy (spawned-server.ts `migratedDataDir`): ~5 s of CPU less than initdb per start.
 */
export default async function setup(project: TestProject) {
  const dir = join(projectRoot, 'node_modules/.cache/booking-test');
  const key = snapshotKey();
  const file = join(dir, `pglite-${key}.tar`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    const database = await usePglite(client);
    const dump = await client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    renameSync(partial, file);
  }
  const dataDir = join(dir, `pglite-${key}.dir`);
  if (!existsSync(dataDir)) {
    const partial = `${dataDir}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    const client = new PGlite(partial, { loadDataDir: new Blob([readFileSync(file)]), extensions: PGLITE_EXTENSIONS });
    await client.waitReady;
    await client.close();
    try {
      renameSync(partial, dataDir);
    } catch (error) {
      // Another run's setup made it at the same moment: theirs serves.
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(dataDir)) throw error;
    }
  }
  project.provide('pgliteSnapshot', file);
  project.provide('pgliteDataDir', dataDir);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    /** The migrated snapshot as a PGlite data directory's files (copy it; never open it in place). */
    pgliteDataDir: string;
    postgresUrl: string;
  }
}
