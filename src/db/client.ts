import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.js';
import { ensurePrivateDir, privateUmask, restrictTree } from './private-dir.js';
import { destroySocket, listenOnPostgres, type ChannelHandlers, type Unlisten } from './listen.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** A database handle or a transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Rows of a hand-written statement. Both drivers answer `{ rows }`; Db's driver-generic type
 * cannot say so. The rows are as the driver parsed them (drizzle's parsers keep timestamps as text).
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Subscribes to a NOTIFY channel; resolves once listening (or, on PostgreSQL, once the first attempt failed and retries began). */
  listen(channel: string, handlers: ChannelHandlers): Promise<Unlisten>;
  close(): Promise<void>;
  /** PostgreSQL only: the connection pool right now, for GET /metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Milliseconds; bound how long a request can wait on a dead PostgreSQL (defaults: 2000 each, so 503 within 3 s). */
  connectionTimeoutMs?: number;
  statementTimeoutMs?: number;
  poolSize?: number;
  onPoolError?: (error: Error) => void;
  /** Sees every query the app runs (not the migrations); tests count queries with it. */
  onQuery?: QueryObserver;
}

export type QueryObserver = (query: string, params: unknown[]) => void;

const loggerFor = (onQuery: QueryObserver | undefined) => (onQuery ? { logger: { logQuery: onQuery } } : {});

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
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
  const dir = join(options.dataDir, 'pglite');
  privateUmask();
  ensurePrivateDir(options.dataDir);
  const database = await usePglite(new PGlite(dir, { startParams }), options);
  // PGlite sets its files' modes itself (0666): narrowed once it is open, and again when it closes.
  restrictTree(dir);
  return { ...database, close: () => database.close().finally(() => restrictTree(dir)) };
}

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

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
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

export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}
