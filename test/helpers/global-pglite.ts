import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { usePglite } from '../../src/db/client.js';

/** Migrates one in-memory PGlite and snapshots it: each test file loads the snapshot (~0.3 s, not ~3 s of initdb). */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'booking-pglite-'));
  const client = new PGlite();
  const database = await usePglite(client);
  const dump = await client.dumpDataDir('none');
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresUrl: string;
  }
}
