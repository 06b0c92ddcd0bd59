/**
 * One embedded PGlite per test worker, loaded once from the migrated snapshot (global-pglite.ts),
 * and shared by every app the worker's test files build, as the PostgreSQL project shares one
 * database across the run. Loading a snapshot costs ~0.8 s of CPU (the WebAssembly instance and
 * PostgreSQL's start); an app costs ~0.1 s. Test files already keep to their own businesses (they
 * share one database on PostgreSQL), so sharing changes nothing they can see.
 *
 * Each database handed out is a view of the shared client: closing it closes the view, not the
 * client. After that every query of the view fails as a closed PGlite's does ("PGlite is closed"),
 * so the tests of a database that went away still see one, and the view's LISTENs end.
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { PGLITE_EXTENSIONS, PGLITE_SETTINGS } from '../../src/db/pglite-settings.js';

let shared: Promise<PGlite> | undefined;

/** The worker's PGlite, loaded from the snapshot on first use (again if it was closed). */
async function sharedClient(): Promise<PGlite> {
  const current = await shared;
  if (current && !current.closed) return current;
  shared = (async () => {
    const client = new PGlite({
      loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]),
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
      extensions: PGLITE_EXTENSIONS,
    });
    await client.waitReady;
    return client;
  })();
  return shared;
}

/** What a view refuses once closed: everything that reaches the database. */
const QUERYING = new Set(['query', 'sql', 'exec', 'transaction', 'listen', 'unlisten', 'execProtocol', 'execProtocolRaw', 'describeQuery']);

/** A view of the worker's PGlite whose `close()` ends the view only. */
export async function pgliteView(): Promise<PGlite> {
  const client = await sharedClient();
  let closed = false;
  const unlistens = new Set<() => Promise<void>>();
  return new Proxy(client, {
    get(target, property) {
      if (property === 'close') {
        return async () => {
          closed = true;
          await Promise.all([...unlistens].map((unlisten) => unlisten().catch(() => undefined)));
          unlistens.clear();
        };
      }
      if (property === 'closed') return closed || target.closed;
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      if (typeof property === 'string' && QUERYING.has(property)) {
        return async (...args: unknown[]) => {
          if (closed) throw new Error('PGlite is closed');
          const result: unknown = await (value as (...a: unknown[]) => unknown).apply(target, args);
          if (property === 'listen') {
            const unlisten = result as () => Promise<void>;
            unlistens.add(unlisten);
            return async () => {
              unlistens.delete(unlisten);
              await unlisten();
            };
          }
          return result;
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}
