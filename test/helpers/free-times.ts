/**
 * GET /bookings/{id}/free-times and GET /visits/{id}/free-times as their API tests call them: typed by the
 * served document, or raw for a query the document refuses. The test clock's today is Monday 2026-11-23.
 */
import { expect } from 'vitest';
import { uniquePhone, type RegisteredBusiness, type TestApp } from './app.js';
import type { Operation, OperationAnswer, RequestQuery } from './typed-call.js';

export const TODAY = '2026-11-23';
export const TUESDAY = '2026-11-24';

type FreeTimesPath = '/api/v1/bookings/{id}/free-times' | '/api/v1/visits/{id}/free-times';

/** The two reads of one path's free times; `freeTimes` asks for Tuesday unless told. */
export function freeTimesOf<P extends FreeTimesPath>(t: TestApp, path: P) {
  // Read at the call: useTestApp fills `t` before the tests. TypeScript cannot pick the document's request
  // type of a path still generic here; each caller's P is exact.
  const get = (request: object) =>
    (t.op as unknown as (method: 'get', path: P, request: object) => Promise<OperationAnswer<Operation<'get', P>>>)('get', path, request);
  return {
    freeTimes: (token: string, id: string, query?: RequestQuery<'get', P>) =>
      get({ token, path: { id }, query: query ?? { date: TUESDAY } }),
    freeTimesRaw: (token: string, id: string, query: string) =>
      t.call({ method: 'GET', url: `${path.replace('{id}', id)}?${query}`, token }),
  };
}

/** The owner's visit to move: the business's own service by `first`, then `beard` by `second` (POST /visits, 201). */
export async function cutThenBeard(
  t: TestApp,
  owner: RegisteredBusiness,
  items: { first: number; second: number; beard: number },
  date = TUESDAY,
  time = '09:00',
) {
  const made = await t.op('post', '/api/v1/visits', {
    token: owner.token,
    body: {
      items: [
        { service_id: owner.service.id, master_id: items.first },
        { service_id: items.beard, master_id: items.second },
      ],
      date,
      time,
      first_name: 'Дина',
      phone: uniquePhone(),
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.data;
}
