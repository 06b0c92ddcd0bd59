/**
 * test/helpers/typed-call.ts: `t.op` builds the request an operation of the document names, and its
 * types come from web/src/shared/api-types.ts, so a field the document does not have fails the
 * typecheck (`npx tsc -p tsconfig.json --noEmit`; the `@ts-expect-error` lines below fail it when
 * the error they expect is gone).
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { operationUrl, typedCall } from '../helpers/typed-call.js';

interface Sent {
  method: string;
  url: string;
  token?: string;
  headers?: Record<string, string>;
  payload?: object;
}

function recording(data: unknown) {
  const sent: Sent[] = [];
  const op = typedCall(async (options) => {
    sent.push(options);
    return Object.assign({ statusCode: 200 } as LightMyRequestResponse, { data });
  });
  return { op, sent };
}

describe('operationUrl', () => {
  it('fills the path template, escaped, and appends the query (arrays repeated, undefined left out)', () => {
    expect(operationUrl('/api/v1/masters/{id}', { id: 7 })).toBe('/api/v1/masters/7');
    expect(operationUrl('/api/v1/public/{slug}/slots', { slug: 'a b/c' }, { date: '2026-11-24', master_id: undefined })).toBe(
      '/api/v1/public/a%20b%2Fc/slots?date=2026-11-24',
    );
    expect(operationUrl('/api/v1/bookings', {}, { status: ['pending', 'confirmed'] })).toBe(
      '/api/v1/bookings?status=pending&status=confirmed',
    );
  });

  it('refuses a template whose parameter has no value', () => {
    expect(() => operationUrl('/api/v1/masters/{id}')).toThrow('no value for {id}');
  });
});

describe('t.op', () => {
  it('sends the method, the filled URL, the token and the JSON body; answers data and problem as the same JSON', async () => {
    const { op, sent } = recording({ id: 7, name: 'Айгерим', services: [], has_schedule: false });
    const answer = await op('put', '/api/v1/masters/{id}', { path: { id: 7 }, token: 'abc', body: { name: 'Айгерим' } });
    expect(sent).toEqual([{ method: 'PUT', url: '/api/v1/masters/7', token: 'abc', payload: { name: 'Айгерим' } }]);
    expect(answer.data.name).toBe('Айгерим');
    expect(answer.problem).toBe(answer.data);
    expectTypeOf(answer.data.has_schedule).toEqualTypeOf<boolean>();
    expectTypeOf(answer.problem.code).toBeString();
  });

  it('sends no body and no token when the operation takes none', async () => {
    const { op, sent } = recording({ status: 'ok' });
    await op('get', '/healthz');
    expect(sent).toEqual([{ method: 'GET', url: '/healthz' }]);
  });

  it('types requests by the document: a wrong field, a missing parameter or an unknown path fails the typecheck', () => {
    const { op } = recording(undefined);
    // Never called: only the typecheck reads these.
    const typeOnly = () => [
      // @ts-expect-error: masters have no `nmae`
      op('post', '/api/v1/masters', { body: { name: 'x', nmae: 'y' } }),
      // @ts-expect-error: the name is text
      op('post', '/api/v1/masters', { body: { name: 5 } }),
      // @ts-expect-error: {id} needs a value
      op('get', '/api/v1/masters/{id}', {}),
      // @ts-expect-error: no such operation
      op('get', '/api/v1/nowhere'),
      // @ts-expect-error: GET /masters takes no body
      op('get', '/api/v1/masters', { body: { name: 'x' } }),
    ];
    expect(typeof typeOnly).toBe('function');
  });
});
