import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { completeRouteSchema } from '../../src/http/openapi-complete.js';

type Completed = { response: Record<string, { headers: Record<string, unknown> }> };

const route = (schema: object, rateLimit: object | false) =>
  ({ method: 'POST', url: '/thing', schema, config: { rateLimit } }) as unknown as RouteOptions;

describe('completeRouteSchema: the implicit answers go into a copy of the schema', () => {
  it('leaves the shared schema object as it was, so each app built from it completes its own', () => {
    const shared = { summary: 'Make a thing', response: { 200: { type: 'object' } } };
    const limited = route(shared, { max: 5, timeWindow: '1 minute' });
    const unlimited = route(shared, false);
    completeRouteSchema(limited);
    completeRouteSchema(unlimited);

    expect(shared).toEqual({ summary: 'Make a thing', response: { 200: { type: 'object' } } });
    const limitedAnswers = (limited.schema as Completed).response;
    const unlimitedAnswers = (unlimited.schema as Completed).response;
    expect(Object.keys(limitedAnswers)).toContain('429');
    expect(limitedAnswers['200']?.headers).toHaveProperty('x-ratelimit-limit');
    expect(Object.keys(unlimitedAnswers)).not.toContain('429');
    expect(unlimitedAnswers['200']?.headers).not.toHaveProperty('x-ratelimit-limit');
  });
});
