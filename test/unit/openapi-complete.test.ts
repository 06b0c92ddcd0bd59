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

  it("documents the further statuses a layer above knows (the policy's 401/403) in the same pass, a route's own kept", () => {
    const own = { summary: 'Make a thing', response: { 201: { type: 'object' }, 403: { type: 'object', description: 'Its own' } } };
    const completed = route(own, false);
    completeRouteSchema(completed, [401, 403]);

    const answers = (completed.schema as Completed).response;
    expect(Object.keys(answers)).toEqual(['201', '400', '401', '403', '409', '413', '415', '500', '503']);
    expect(Object.keys(answers['401']!.headers)).toEqual(['x-request-id', 'cache-control']);
    expect((answers['403'] as { description?: string }).description).toBe('Its own');
  });
});
