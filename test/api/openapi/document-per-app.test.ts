/**
 * Each app's OpenAPI document describes its own configuration, whatever apps this process built
 * before: the route schemas are module constants that every app registers, and a route's 429 is
 * documented with the X-RateLimit-* headers only where the route is limited.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, type TestApp } from '../../helpers/app.js';

type Document = { paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>> };

const built: TestApp[] = [];
afterAll(async () => {
  for (const t of built) {
    await t.app.close();
    await t.database.close();
  }
});

async function citiesTooManyHeaders(limit: string): Promise<string[]> {
  const t = await createTestApp({ env: { RATE_LIMIT_LOCATION: limit } });
  built.push(t);
  const document = t.app.swagger() as unknown as Document;
  return Object.keys(document.paths['/api/v1/location/cities']?.get?.responses['429']?.headers ?? {});
}

const UNLIMITED = ['x-request-id', 'cache-control', 'retry-after'];
const LIMITED = ['x-request-id', 'cache-control', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'];

// The document is the same on either engine: built on PGlite only.
describe.skipIf(dbKind() === 'postgres')('one OpenAPI document per app', () => {
  it("documents a limited route's 429 by the app's own limit, after apps with another", { timeout: 300_000 }, async () => {
    expect(await citiesTooManyHeaders('0')).toEqual(UNLIMITED);
    expect(await citiesTooManyHeaders('60')).toEqual(LIMITED);
    expect(await citiesTooManyHeaders('0')).toEqual(UNLIMITED);
  });
});
