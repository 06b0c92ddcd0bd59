import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { createFreshDatabase } from './fresh-database.js';

/** A fresh database for this run on the PostgreSQL server, migrated once, dropped afterwards. */
export default async function setup(project: TestProject) {
  const { url, drop } = await createFreshDatabase('booking_test');
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  await database.close();
  project.provide('postgresUrl', url);
  return drop;
}
