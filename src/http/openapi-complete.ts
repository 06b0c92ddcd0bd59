/**
 * What every route answers besides what its own schema says, added to each route's schema as it is
 * registered so the OpenAPI document tells the whole truth (CONTRACT.md §14): the 400 of a bad
 * parameter or body, the 413/415 of a body, the 409 of a write that raced another, the 429 of a limited route, the 503 of a refusing
 * database or a closing instance, and the headers the hooks send (X-Request-Id, Cache-Control,
 * X-Total-Count, Idempotent-Replayed, X-RateLimit-*, Retry-After). A response without a
 * description gets the route's summary instead of "Default Response". What a layer above knows a route
 * answers (the policy's 401/403 of the route's action) comes in as further statuses, completed in the same pass.
 * The route's schema and its shared response schemas are copied, never changed in place: several
 * routes, and every app built in one process, hold the same object (a module's `*.schemas.ts`).
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { errorResponses, TOTAL_HEADER } from './schemas.js';

type Schema = Record<string, unknown>;
type Header = { type: string; description: string };

const always: Record<string, Header> = {
  'x-request-id': {
    type: 'string',
    description: "The request's id, as given (when it looks like one) or made; it is in the server's log lines",
  },
  'cache-control': { type: 'string', description: 'no-store on every answer to a request with a token and on private pages' },
};
const rateLimitHeaders: Record<string, Header> = {
  'x-ratelimit-limit': { type: 'integer', description: 'Requests allowed per minute from this address on this route' },
  'x-ratelimit-remaining': { type: 'integer', description: 'Requests left in the current minute' },
  'x-ratelimit-reset': { type: 'integer', description: 'Seconds until the minute ends' },
};
const retryAfter: Record<string, Header> = { 'retry-after': { type: 'integer', description: 'Seconds to wait before trying again' } };
const totalCount: Record<string, Header> = { [TOTAL_HEADER]: { type: 'integer', description: 'How many items match, over all pages' } };
const replayed: Record<string, Header> = {
  'idempotent-replayed': {
    type: 'string',
    description: '"true" when this is the stored answer to an earlier request with the same Idempotency-Key',
  },
};

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

const isLimited = (route: RouteOptions): boolean => {
  const config = route.config as { rateLimit?: unknown } | undefined;
  return typeof config?.rateLimit === 'object' && config.rateLimit !== null;
};

const hasPaging = (schema: Schema): boolean => {
  const properties = (schema.querystring as { properties?: Schema } | undefined)?.properties;
  return Boolean(properties && 'limit' in properties && 'offset' in properties);
};

const takesIdempotencyKey = (schema: Schema): boolean =>
  Boolean((schema.headers as { properties?: Schema } | undefined)?.properties?.['idempotency-key']);

function describe(response: unknown, code: number, summary: string | undefined): Schema {
  const copy = { ...(response as Schema) };
  if (typeof copy.description !== 'string' || copy.description === '') {
    copy.description =
      code < 300 && summary ? `${STATUS_CODES[code] ?? 'OK'}: ${summary.replace(/\.$/, '')}` : (STATUS_CODES[code] ?? 'Answer');
  }
  return copy;
}

/** Gives the route a copy of its schema with the implicit and the further answers and headers added (hidden routes are left alone). */
export function completeRouteSchema(route: RouteOptions, further: readonly number[] = []): void {
  const schema = route.schema as Schema | undefined;
  if (!schema || schema.hide) return;
  const methods = [route.method].flat();
  const responses = { ...((schema.response as Schema | undefined) ?? {}) };
  const missing = (codes: number[]): number[] => codes.filter((code) => !(code in responses));
  // 500 is a bug, but it is still answered as {detail, code: internal}: documented so no client is surprised by its shape.
  const implicit: number[] = [500, 503];
  if (schema.params || schema.querystring || schema.headers || schema.body || methods.some((m) => WITH_BODY.has(m))) implicit.push(400);
  if (methods.some((method) => WITH_BODY.has(method))) implicit.push(413, 415);
  // A write that races another request over a row it refers to is refused as 409 conflict (http/errors.ts).
  if (methods.some((method) => WITH_BODY.has(method) || method === 'DELETE')) implicit.push(409);
  // The router refuses a path parameter over maxParamLength before the route runs.
  if (schema.params) implicit.push(414);
  const limited = isLimited(route);
  if (limited) implicit.push(429);
  Object.assign(responses, errorResponses(...missing(implicit)));
  Object.assign(responses, errorResponses(...missing([...further])));

  for (const [key, response] of Object.entries(responses)) {
    const code = Number(key);
    const described = describe(response, code, schema.summary as string | undefined);
    const headers: Record<string, Header> = { ...always, ...((described.headers as Record<string, Header> | undefined) ?? {}) };
    if (limited) Object.assign(headers, rateLimitHeaders);
    if (code === 429 || code === 503) Object.assign(headers, retryAfter);
    if (code === 200 && hasPaging(schema)) Object.assign(headers, totalCount);
    if (code === 201 && takesIdempotencyKey(schema)) Object.assign(headers, replayed);
    described.headers = headers;
    responses[key] = described;
  }
  // A copy: a route's schema may be a module's constant, which every app built in this process holds (tests build many).
  route.schema = { ...schema, response: responses };
}

/** The statuses a route answers that this layer cannot see (its access policy's refusals), by the route and the plugin it is in. */
export type FurtherAnswers = (route: RouteOptions, scope: FastifyInstance) => readonly number[];

/** Registered before any route, so every route's schema is completed once, before Fastify compiles it. */
export function completeOpenApi(app: FastifyInstance, furtherAnswers: FurtherAnswers): void {
  app.addHook('onRoute', function complete(this: FastifyInstance, route) {
    completeRouteSchema(route, furtherAnswers(route, this));
  });
}
