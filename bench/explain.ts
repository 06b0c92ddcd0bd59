/**
 * EXPLAIN ANALYZE of every query the hot endpoints run, on the PostgreSQL
 * database the bench just loaded (so the plans see its real row counts).
 * The queries are captured from the real app through the query observer of
 * src/db/client.ts; writes go inside a rolled-back transaction.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { bookingBody, type Seeded } from './seed.js';

interface Captured {
  query: string;
  params: unknown[];
}

async function capture(databaseUrl: string, seeded: Seeded): Promise<Map<string, Captured[]>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'booking-explain-'));
  let captured: Captured[] = [];
  const database = await openDatabase({ databaseUrl, dataDir, onQuery: (query, params) => captured.push({ query, params }) });
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_BOOKING: '0' }),
    database,
    logger: false,
  });
  const base = `/api/v1/public/${seeded.slug}`;
  const requests = {
    'GET slots (all masters)': { method: 'GET' as const, url: `${base}/slots?date=${seeded.date}` },
    'GET slots (master_id)': { method: 'GET' as const, url: `${base}/slots?date=${seeded.date}&master_id=${seeded.masterIds[3]}` },
    'GET services': { method: 'GET' as const, url: `${base}/services` },
    'POST booking': { method: 'POST' as const, url: `${base}/booking`, payload: bookingBody(seeded, 1_000_000) },
  };
  const result = new Map<string, Captured[]>();
  try {
    for (const [name, request] of Object.entries(requests)) {
      captured = [];
      const response = await app.inject(request);
      if (response.statusCode >= 300) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
      result.set(name, captured);
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

/** Writes bench/EXPLAIN.md; returns the number of queries per endpoint. */
export async function explainHotQueries(databaseUrl: string, seeded: Seeded): Promise<Record<string, number>> {
  const perEndpoint = await capture(databaseUrl, seeded);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const sections: string[] = [];
  const counts: Record<string, number> = {};
  try {
    for (const [name, queries] of perEndpoint) {
      counts[name] = queries.length;
      sections.push(`## ${name}: ${queries.length} queries\n`);
      for (const { query, params } of queries) {
        if (!/^\s*(select|insert|update|delete|with)\b/i.test(query)) {
          sections.push(`\`${query}\`\n`);
          continue;
        }
        await client.query('BEGIN');
        try {
          const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
          sections.push(
            '```sql',
            query,
            `-- params: ${JSON.stringify(params)}`,
            '```',
            '```',
            ...plan.rows.map((row) => row['QUERY PLAN']),
            '```\n',
          );
        } finally {
          await client.query('ROLLBACK');
        }
      }
    }
  } finally {
    await client.end();
  }
  const file = fileURLToPath(new URL('EXPLAIN.md', import.meta.url));
  writeFileSync(
    file,
    `# Query plans of the hot endpoints (PostgreSQL)\n\nWritten by \`npm run bench\` after the PostgreSQL run, on its data: EXPLAIN (ANALYZE, BUFFERS) of every query one request runs.\n\n${sections.join('\n')}`,
  );
  console.log(
    `[postgres] query plans: bench/EXPLAIN.md (${Object.entries(counts)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')})`,
  );
  return counts;
}
