/**
 * CONTRACT.md §14: API keys, the business's credential for a CRM, an accounting system or a script.
 * A key is `bk_` + 43 base64url characters (256 random bits); only its SHA-256 is stored, so a
 * lookup by hash finds it and a copy of the database holds no usable key.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiKeys, users } from '../../db/schema.js';
import { addMinutes, fromDbTimestamp, type NaiveDateTime } from '../../core/wallclock.js';

export const API_KEY_PREFIX = 'bk_';
/** Every list has a bound: a business keeps at most this many keys (one per integration is plenty). */
export const MAX_API_KEYS = 50;
/** last_used_at is written at most once a minute per key, not on every request. */
const TOUCH_MINUTES = 1;

export const isApiKey = (bearer: string): boolean => bearer.startsWith(API_KEY_PREFIX);

export const newApiKey = (): string => API_KEY_PREFIX + randomBytes(32).toString('base64url');

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export interface ApiKeyRow {
  id: number;
  name: string;
  createdAt: NaiveDateTime;
  lastUsedAt: NaiveDateTime | null;
}

const listColumns = { id: apiKeys.id, name: apiKeys.name, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt };

const normalized = (row: ApiKeyRow): ApiKeyRow => ({
  ...row,
  createdAt: fromDbTimestamp(row.createdAt),
  lastUsedAt: row.lastUsedAt === null ? null : fromDbTimestamp(row.lastUsedAt),
});

export async function countApiKeys(db: Db, businessId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(apiKeys).where(eq(apiKeys.businessId, businessId));
  return Number(row?.total ?? 0);
}

export async function insertApiKey(db: Db, businessId: number, name: string, keyHash: string, now: NaiveDateTime): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values({ businessId, name, keyHash, createdAt: now }).returning(listColumns);
  return normalized(row!);
}

export async function listApiKeys(db: Db, businessId: number): Promise<ApiKeyRow[]> {
  const rows = await db
    .select(listColumns)
    .from(apiKeys)
    .where(eq(apiKeys.businessId, businessId))
    .orderBy(asc(apiKeys.id))
    .limit(MAX_API_KEYS);
  return rows.map(normalized);
}

/** True when the business had that key. */
export async function deleteApiKey(db: Db, businessId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.businessId, businessId)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export interface KeyHolder {
  keyId: number;
  businessId: number;
  /** The business's admin: a key acts as the business, through its owner's account. */
  userId: number;
  lastUsedAt: NaiveDateTime | null;
}

/** The key's business and admin, or undefined for an unknown (or revoked) key. */
export async function findKeyHolder(db: Db, key: string): Promise<KeyHolder | undefined> {
  const [row] = await db
    .select({ keyId: apiKeys.id, businessId: apiKeys.businessId, userId: users.id, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .innerJoin(users, and(eq(users.businessId, apiKeys.businessId), eq(users.role, 'ADMIN')))
    .where(eq(apiKeys.keyHash, hashApiKey(key)))
    .orderBy(asc(users.id))
    .limit(1);
  return row && { ...row, lastUsedAt: row.lastUsedAt === null ? null : fromDbTimestamp(row.lastUsedAt) };
}

/** Records the use when the last one recorded is older than a minute: at most one write a minute per key. */
export async function touchApiKey(db: Db, holder: KeyHolder, now: NaiveDateTime): Promise<void> {
  const cutoff = addMinutes(now, -TOUCH_MINUTES);
  if (holder.lastUsedAt !== null && holder.lastUsedAt > cutoff) return;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, holder.keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, cutoff))));
}
