/**
 * Small builders over the public HTTP API, shared by the core API tests. Their bodies and answers are typed by
 * the served document (typed-call.ts), so a field it does not have fails `tsc`; a test that sends a wrong
 * body on purpose calls `t.call` itself.
 */
import { expect } from 'vitest';
import { uniquePhone, type ApiCaller, type RegisteredBusiness } from './app.js';
import type { RequestBody } from './typed-call.js';

export async function createService(t: ApiCaller, owner: RegisteredBusiness, body: Partial<RequestBody<'post', '/api/v1/services'>> = {}) {
  const response = await t.op('post', '/api/v1/services', {
    token: owner.token,
    body: { name: 'Окрашивание', duration: 90, price: 12000, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.data;
}

export async function createMaster(t: ApiCaller, owner: RegisteredBusiness, name = 'Мастер', serviceIds: number[] = [owner.service.id]) {
  const response = await t.op('post', '/api/v1/masters', { token: owner.token, body: { name, service_ids: serviceIds } });
  expect(response.statusCode, response.body).toBe(201);
  return response.data;
}

/** What a client fills in on the booking page, for the business's first service. */
const bookingDefaults = (owner: RegisteredBusiness) => ({
  service_id: owner.service.id,
  date: '2026-11-24',
  time: '10:00',
  first_name: 'Алия',
  phone: uniquePhone(),
});

export function bookingRequest(
  t: ApiCaller,
  owner: RegisteredBusiness,
  body: Partial<RequestBody<'post', '/api/v1/public/{slug}/booking'>> = {},
  headers: Record<string, string> = {},
) {
  return t.op('post', '/api/v1/public/{slug}/booking', {
    path: { slug: owner.business.slug },
    headers,
    body: { ...bookingDefaults(owner), ...body },
  });
}

/** The same request with a body the document refuses on purpose (a wrong type, a field left out): a 400 test. */
export function bookingRequestRaw(t: ApiCaller, owner: RegisteredBusiness, body: Record<string, unknown>) {
  return t.call({ method: 'POST', url: `/api/v1/public/${owner.business.slug}/booking`, payload: { ...bookingDefaults(owner), ...body } });
}

/** A booking through the public API (`headers`: an Idempotency-Key, say); answers its public result. */
export async function book(
  t: ApiCaller,
  owner: RegisteredBusiness,
  body: Partial<RequestBody<'post', '/api/v1/public/{slug}/booking'>> = {},
  headers: Record<string, string> = {},
) {
  const response = await bookingRequest(t, owner, body, headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.data;
}

export function slots(t: ApiCaller, slug: string, date: string, masterId?: number) {
  return t.op('get', '/api/v1/public/{slug}/slots', { path: { slug }, query: { date, ...(masterId ? { master_id: masterId } : {}) } });
}
