import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const pgServerUrl = (): string => process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgServerUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new empty database on the test PostgreSQL server (`{prefix}_<time>_<random>`), and how to drop it. */
export async function createFreshDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(pgServerUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
