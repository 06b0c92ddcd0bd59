/** Small builders over the public HTTP API, shared by the core API tests. */
import { expect } from 'vitest';
import { uniquePhone, type RegisteredBusiness, type TestApp } from './app.js';

export async function createService(t: TestApp, owner: RegisteredBusiness, body: Record<string, unknown> = {}) {
  const response = await t.call({
    method: 'POST',
    url: '/api/v1/services',
    token: owner.token,
    payload: { name: 'Окрашивание', duration: 90, price: 12000, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.data as { id: number; name: string; duration: number; price: number; category: { id: number; name: string } | null };
}

export async function createMaster(t: TestApp, owner: RegisteredBusiness, name = 'Мастер', serviceIds: number[] = [owner.service.id]) {
  const response = await t.call({ method: 'POST', url: '/api/v1/masters', token: owner.token, payload: { name, service_ids: serviceIds } });
  expect(response.statusCode, response.body).toBe(201);
  return response.data as { id: number; name: string; services: { id: number }[]; has_schedule: boolean };
}

export function bookingRequest(
  t: TestApp,
  owner: RegisteredBusiness,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return t.call({
    method: 'POST',
    url: `/api/v1/public/${owner.business.slug}/booking`,
    headers,
    payload: { service_id: owner.service.id, date: '2026-11-24', time: '10:00', first_name: 'Алия', phone: uniquePhone(), ...body },
  });
}

/** A booking through the public API; answers its public result. */
export async function book(t: TestApp, owner: RegisteredBusiness, body: Record<string, unknown> = {}) {
  const response = await bookingRequest(t, owner, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.data as {
    id: string;
    status: string;
    start_at: string;
    end_at: string;
    price_snapshot: number;
    master: { id: number };
    service: { id: number };
  };
}

export function slots(t: TestApp, slug: string, date: string, masterId?: number) {
  return t.call({ method: 'GET', url: `/api/v1/public/${slug}/slots?date=${date}${masterId ? `&master_id=${masterId}` : ''}` });
}
