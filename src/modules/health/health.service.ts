import { DomainError } from '../../core/errors.js';
import type { Database } from '../../db/client.js';

/** How long a database refusal keeps /readyz at 503. */
const RECENT_REFUSAL_MS = 10_000;

/** Ready when the database answers a ping and has refused nothing lately; 503 otherwise. */
export async function checkReadiness(database: Database, refusedAt: number | undefined): Promise<{ status: string }> {
  try {
    await database.ping();
  } catch {
    throw new DomainError('unavailable', 'Database unavailable');
  }
  // A database that answers a ping may still refuse writes (disk full, read-only): a refusal that recent says so too.
  if (refusedAt !== undefined && performance.now() - refusedAt < RECENT_REFUSAL_MS) {
    throw new DomainError('unavailable', 'Database refused a request in the last 10 s (disk full, read-only or out of connections)');
  }
  return { status: 'ok' };
}
