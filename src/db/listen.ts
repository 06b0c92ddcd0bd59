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

export type Unlisten = () => Promise<void>;

export interface PostgresListenOptions {
  connectionString: string;
  connectionTimeoutMs: number;
  /** Milliseconds between reconnection attempts. */
  retryMs?: number;
  onError?: (error: Error) => void;
}

const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export async function listenOnPostgres(channel: string, handlers: ChannelHandlers, options: PostgresListenOptions): Promise<Unlisten> {
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

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
    handlers.onLive(false);
    client.end().catch(() => undefined);
    scheduleReconnect();
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: options.connectionString, connectionTimeoutMillis: options.connectionTimeoutMs, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    client.on('error', (error) => lose(client, error));
    client.on('end', () => lose(client));
    current = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      lose(client, error as Error);
      return;
    }
    if (closed) await client.end().catch(() => undefined);
    else if (current === client) handlers.onLive(true);
  }

  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}
