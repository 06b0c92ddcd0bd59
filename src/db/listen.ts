/**
 * LISTEN on a PostgreSQL channel from one dedicated connection, kept up by
 * reconnecting. Whoever listens is told when notifications may have been
 * missed (`onLive(false)` when the connection drops, `onLive(true)` once it
 * listens again), so anything built on them (the slots cache) can start over.
 */
import pg from 'pg';

export interface ChannelHandlers {
  onNotify(payload: string): void;
  onLive(live: boolean): void;
}

/**
 * Stops listening. `sync`, where the channel can lag (PostgreSQL), resolves after a round trip
 * on the listening connection that started after the call: every notification committed before
 * the call has been handled by then. Rejects when the connection is not there.
 */
export type Unlisten = (() => Promise<void>) & { sync?: () => Promise<void> };

export interface PostgresListenOptions {
  connectionString: string;
  connectionTimeoutMs: number;
  /** Milliseconds between reconnection attempts. */
  retryMs?: number;
  /**
   * A connection that dies silently (a dropped route, no RST) would keep the cache live without
   * notifications until TCP keepalive notices, hours later: every `heartbeatMs` it must answer
   * `SELECT 1` within `heartbeatTimeoutMs`, or it counts as lost.
   */
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
  onError?: (error: Error) => void;
}

/** Closes a client's socket at once: node-postgres has no public call for it, and end() waits on a server that may not answer. */
export function destroySocket(client: pg.ClientBase): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/** Ends a client without waiting on a connection that may no longer answer. */
function discard(client: pg.Client): void {
  client.end().catch(() => undefined);
  destroySocket(client);
}

/** The promise, or a rejection after `ms`: a query on a connection that stopped answering would wait forever. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export async function listenOnPostgres(channel: string, handlers: ChannelHandlers, options: PostgresListenOptions): Promise<Unlisten> {
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, options.retryMs ?? 1000);
    retry.unref();
  };

  const lose = (client: pg.Client, error?: Error) => {
    if (error) options.onError?.(error);
    if (current !== client) return;
    current = undefined;
    clearInterval(heartbeat);
    handlers.onLive(false);
    discard(client);
    scheduleReconnect();
  };

  const answerTimeout = options.heartbeatTimeoutMs ?? 2000;
  const beat = (client: pg.Client) => {
    within(client.query('SELECT 1'), answerTimeout, 'the LISTEN connection').catch((error: Error) => lose(client, error));
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectionTimeoutMs,
      keepAlive: true,
    });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    client.on('error', (error) => lose(client, error));
    client.on('end', () => lose(client));
    current = client;
    try {
      await client.connect();
      await within(client.query(`LISTEN ${quoteIdentifier(channel)}`), answerTimeout, 'LISTEN');
    } catch (error) {
      lose(client, error as Error);
      return;
    }
    if (closed) await client.end().catch(() => undefined);
    else if (current === client) {
      heartbeat = setInterval(() => beat(client), options.heartbeatMs ?? 5000);
      heartbeat.unref();
      handlers.onLive(true);
    }
  }

  let inFlight: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const roundTrip = (): Promise<void> => {
    const client = current;
    if (!client) return Promise.reject(new Error('the LISTEN connection is down'));
    const trip = within(client.query('SELECT 1'), answerTimeout, 'the LISTEN connection').then(
      () => undefined,
      (error: Error) => {
        lose(client, error);
        throw error;
      },
    );
    inFlight = trip.finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
  // Callers share round trips: one that started before a caller asked cannot vouch for it, so
  // everyone arriving meanwhile waits for the next one, which starts as soon as it ends.
  const sync = (): Promise<void> => {
    if (!inFlight) return roundTrip();
    next ??= inFlight
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return roundTrip();
      });
    return next;
  };

  await connect();
  const unlisten: Unlisten = async () => {
    closed = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
  unlisten.sync = sync;
  return unlisten;
}
