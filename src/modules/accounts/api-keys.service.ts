/** The use cases behind api-keys.routes.ts (CONTRACT.md §14): create, list and revoke a business's API keys. */
import type { AppContext } from '../../context.js';
import { DomainError, notFound } from '../../core/errors.js';
import {
  countApiKeys,
  deleteApiKey,
  hashApiKey,
  insertApiKey,
  listApiKeys,
  MAX_API_KEYS,
  newApiKey,
  type ApiKeyRow,
} from '../identity/api-keys.js';

const keyBody = (row: ApiKeyRow) => ({ id: row.id, name: row.name, created_at: row.createdAt, last_used_at: row.lastUsedAt });

/** A new key, shown once: only its hash is stored. 409 past MAX_API_KEYS. */
export async function createApiKey(ctx: Pick<AppContext, 'db' | 'time'>, businessId: number, name: string) {
  if ((await countApiKeys(ctx.db, businessId)) >= MAX_API_KEYS) {
    throw new DomainError('conflict', `A business has at most ${MAX_API_KEYS} API keys: revoke one first`);
  }
  const key = newApiKey();
  const row = await insertApiKey(ctx.db, businessId, name.trim(), hashApiKey(key), ctx.time.now());
  return { id: row.id, name: row.name, key, created_at: row.createdAt };
}

/** The business's keys as the panel lists them, never the keys themselves. */
export async function listBusinessApiKeys(ctx: Pick<AppContext, 'db'>, businessId: number) {
  return (await listApiKeys(ctx.db, businessId)).map(keyBody);
}

/** The key answers 401 from then on; another business's key or an unknown id is 404. */
export async function revokeApiKey(ctx: Pick<AppContext, 'db'>, businessId: number, id: number): Promise<void> {
  if (!(await deleteApiKey(ctx.db, businessId, id))) throw notFound('API key');
}
