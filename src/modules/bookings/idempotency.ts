import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { DomainError } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';
import type { ProviderAuth } from '../identity/guards.js';

/**
 * CONTRACT.md §11 third pass: an Idempotency-Key belongs to its caller. Anonymous public bookings, each
 * owner account and each API key of a business have a namespace of their own, so one caller's key never
 * replays or blocks (409) another's. Stored as `<caller>|<key>` in the business's keys.
 */
function callerIdempotencyKey(caller: ProviderAuth | undefined, key: string | undefined): string | undefined {
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

/** A request an Idempotency-Key may repeat (a booking, a visit): its body's hash and the answer from the booking it made first. */
export interface Repeatable<Answer> {
  db: Db;
  businessId: number;
  hash: () => string;
  answerOf: (bookingId: string) => Promise<Answer | undefined>;
}

/** The answer to a repeat of the caller's `key`: the first one, or 409 when the body differs (CONTRACT.md §5, §14). */
export async function replayOf<Answer>(key: string | undefined, request: Repeatable<Answer>): Promise<Answer | undefined> {
  if (!key) return undefined;
  const previous = await findIdempotentBooking(request.db, request.businessId, key);
  if (!previous) return undefined;
  if (previous.requestHash !== request.hash())
    throw new DomainError('idempotency_key_reused', 'Idempotency-Key was already used with a different request');
  return request.answerOf(previous.bookingId);
}

/** What a POST that takes an Idempotency-Key answers, and whether it is the stored answer of an earlier request. */
export interface Created<Answer> {
  answer: Answer;
  replayed: boolean;
}

/**
 * The one rule of POST /bookings, /visits and their public twins: the same key from the same caller
 * answers the first request, the same key with another body is 409; else `create` runs with the key in
 * its caller's namespace (stored with what it makes).
 */
export async function withIdempotency<Answer>(
  request: Repeatable<Answer>,
  caller: ProviderAuth | undefined,
  idempotencyKey: string | undefined,
  create: (key: string | undefined) => Promise<Answer>,
): Promise<Created<Answer>> {
  const key = callerIdempotencyKey(caller, idempotencyKey);
  const replay = await replayOf(key, request);
  if (replay) return { answer: replay, replayed: true };
  return { answer: await create(key), replayed: false };
}

/** 201 with the body; a retry with the same Idempotency-Key says so in Idempotent-Replayed: true (CONTRACT.md §14). */
export function sendCreated<Body>(reply: FastifyReply, replayed: boolean, body: Body) {
  if (replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(201).send(body);
}
