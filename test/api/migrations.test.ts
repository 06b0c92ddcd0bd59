/** Instances starting together on one fresh PostgreSQL database: migrations run once, under a lock, and every instance starts. */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { dbKind } from '../helpers/app.js';

const serverUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe.runIf(dbKind() === 'postgres')('migrations on PostgreSQL', () => {
  it('four instances opening a fresh database at once all start; each migration is applied once', async () => {
    const name = `booking_migrate_${Date.now()}_${randomBytes(3).toString('hex')}`;
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      // A statement timeout far below what the migrations take: they run outside the pool's limit.
      const opened = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url.toString(), dataDir: '', statementTimeoutMs: 1 })),
      );
      await Promise.all(opened.map((database) => database.close()));
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      await check.end();
      const files = readdirSync(new URL('../../drizzle', import.meta.url)).filter((file) => file.endsWith('.sql'));
      expect(rows[0]!.n).toBe(files.length);
    } finally {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  });
});
