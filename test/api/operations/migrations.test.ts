/** Instances starting together on one fresh PostgreSQL database: migrations run once, under a lock, and every instance starts. */
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/client.js';
import { dbKind } from '../../helpers/app.js';
import { createFreshDatabase } from '../../helpers/fresh-database.js';

describe.runIf(dbKind() === 'postgres')('migrations on PostgreSQL', () => {
  it('four instances opening a fresh database at once all start; each migration is applied once', async () => {
    const { url, drop } = await createFreshDatabase('booking_migrate');
    try {
      // A statement timeout far below what the migrations take: they run outside the pool's limit.
      const opened = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url, dataDir: '', statementTimeoutMs: 1 })),
      );
      await Promise.all(opened.map((database) => database.close()));
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      const { rows } = await check.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      await check.end();
      const files = readdirSync(new URL('../../../drizzle', import.meta.url)).filter((file) => file.endsWith('.sql'));
      expect(rows[0]!.n).toBe(files.length);
    } finally {
      await drop();
    }
  });
});
