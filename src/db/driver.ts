/** What every database handle offers, whichever engine is behind it. */
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ChannelHandlers, Unlisten } from './listen.js';
import type * as schema from './schema.js';

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

export const loggerFor = (onQuery: QueryObserver | undefined) => (onQuery ? { logger: { logQuery: onQuery } } : {});
