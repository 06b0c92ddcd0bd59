/**
 * Outages (503s) logged so they stay readable: during a PostgreSQL stop every
 * request fails the same way, thousands a second. The first failure of a kind
 * is logged at once, then one line a second with how many more there were; the
 * error itself (drizzle puts the SQL text and its parameters in the message)
 * only at debug level.
 */
import type { FastifyBaseLogger } from 'fastify';
import { PerSecondLog } from './per-second-log.js';

/** A short, stable name for how the database failed: an error code, or the message's class. */
export function failureKind(error: unknown): string {
  if (typeof error === 'string') return error;
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && e.code) return `database ${e.code}`;
    current = e.cause;
  }
  current = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const message = String((current as { message?: unknown }).message ?? '');
    if (/timeout exceeded when trying to connect/i.test(message)) return 'database connect timeout';
    if (/Query read timeout/i.test(message)) return 'database query read timeout';
    if (/Connection terminated/i.test(message)) return 'database connection terminated';
    if (/not queryable|closed/i.test(message)) return 'database closed';
    current = (current as { cause?: unknown }).cause;
  }
  return 'database unavailable';
}

export class OutageLog {
  readonly #lines: PerSecondLog;

  constructor(private readonly log: FastifyBaseLogger) {
    this.#lines = new PerSecondLog(log, {
      first: (kind) => `${kind}: answering 503 (further ones are counted per second)`,
      more: (kind, count) => `${kind}: ${count} more requests answered 503 in the last second`,
    });
  }

  /** `error` is the failure, or already the name of its kind. */
  failed(error: unknown, context: { method: string; path: string }): void {
    const kind = failureKind(error);
    this.log.debug({ err: error, ...context }, `${kind}: answering 503`);
    this.#lines.note(kind, context);
  }

  close(): void {
    this.#lines.close();
  }
}
