/** PostgreSQL through node-postgres: loaded only when DATABASE_URL is set, so a PGlite start skips the driver. */
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.js';
import { loggerFor, type Database, type DatabaseOptions, type Db } from './driver.js';
import { destroySocket, listenOnPostgres } from './listen.js';
import * as schema from './schema.js';

/**
 * Two gaps of node-postgres for a checked-out client (inside a transaction):
 * a connection lost there emits 'error' with no pool listener attached, which
 * would crash the process; and after a read timeout the socket stays stuck
 * behind the unanswered query, so the ROLLBACK that follows waits again and the
 * client goes back to the pool. The listener keeps the process up (the query
 * itself still fails); destroying the socket fails the rest fast and makes the
 * pool discard the client, so the service recovers by itself.
 */
function guardClient(client: pg.PoolClient, onError: ((error: Error) => void) | undefined): void {
  client.on('error', (error) => onError?.(error));
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') {
          destroySocket(client);
        }
      });
    }
    return result;
  };
}

/** Any constant: instances starting together queue on it, so one migrates and the others find the work done. */
const MIGRATION_LOCK = 7_310_225_001;

/**
 * Migrations run on a connection of their own, without the pool's statement timeout (a step
 * may rightly take longer than a request), under a session advisory lock.
 */
async function migrateLocked(url: string, connectionTimeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectionTimeoutMs });
  client.on('error', () => undefined); // a lost connection fails the query in flight; nothing else to do
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
  } finally {
    await client.end();
  }
}

export async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const statementTimeout = options.statementTimeoutMs ?? 2000;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 2000,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementTimeout,
    // The client-side bound for a server that no longer answers at all (statement_timeout needs a live server).
    query_timeout: statementTimeout + 500,
    keepAlive: true,
  });
  pool.on('connect', (client) => guardClient(client, options.onPoolError));
  // An idle client that loses its connection emits here; without a listener the process would crash.
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = drizzleNodePg({ client: pool, schema, ...loggerFor(options.onQuery) }) as unknown as Db;
  try {
    await migrateLocked(url, options.connectionTimeoutMs ?? 2000);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, handlers) =>
      listenOnPostgres(channel, handlers, {
        connectionString: url,
        connectionTimeoutMs: options.connectionTimeoutMs ?? 2000,
        onError: options.onPoolError,
      }),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
