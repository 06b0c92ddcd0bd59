import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';
import type { ProviderAuth } from '../identity/guards.js';

/**
 * CONTRACT.md §11 third pass: an Idempotency-Key belongs to its caller. Anonymous public bookings, each
 * owner account and each API key of a business have a namespace of their own, so one caller's key never
 * replays or blocks (409) another's. Stored as `<caller>|<key>` in the business's keys.
 */
export function callerIdempotencyKey(caller: ProviderAuth | undefined, key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  const scope = !caller ? 'public' : caller.apiKeyId !== undefined ? `key:${caller.apiKeyId}` : `user:${caller.userId}`;
  return `${scope}|${key}`;
}

/** A stable hash of a request body: keys sorted at every level. */
export function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value as object)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

export async function findIdempotentBooking(db: Db, businessId: number, key: string) {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, bookingId: idempotencyKeys.bookingId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.businessId, businessId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

/** 201 with the body; a retry with the same Idempotency-Key says so in Idempotent-Replayed: true (CONTRACT.md §14). */
export function sendCreated<Body>(reply: FastifyReply, replayed: boolean, body: Body) {
  if (replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(201).send(body);
}
