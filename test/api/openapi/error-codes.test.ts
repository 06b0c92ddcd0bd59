/** Every error body carries a `code` from src/core/errors.ts, answered with the status the edge's table gives it. */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import type { ErrorCode } from '../../../src/core/errors.js';
import { HTTP_STATUS } from '../../../src/http/errors.js';
import {
  openTestDatabase,
  registerBusiness,
  SUPERADMIN_ENV,
  testConfig,
  uniquePhone,
  useTestApp,
  type TestApp,
} from '../../helpers/app.js';
import { book, bookingRequest, createMaster } from '../../helpers/catalog.js';
import { expectRefusal } from '../../helpers/refusal.js';

const t = useTestApp({ env: SUPERADMIN_ENV });

async function strictSalon(app: TestApp) {
  const owner = await registerBusiness(app);
  const master = await createMaster(app, owner);
  const strict = await app.call({ method: 'PUT', url: '/api/v1/business', token: owner.token, payload: { strict_slots: true } });
  expect(strict.statusCode).toBe(200);
  return { owner, master };
}

describe('error codes', () => {
  it('schema validation is invalid_input with the field errors', async () => {
    const owner = await registerBusiness(t);
    const response = await bookingRequest(t, owner, { phone: undefined });
    expectRefusal(response, 'invalid_input');
    expect(response.problem.errors).toEqual([{ field: 'phone', message: expect.any(String) }]);
  });

  it('a phone the domain refuses is invalid_input naming the field', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const response = await bookingRequest(t, owner, { phone: '12345' });
    expectRefusal(response, 'invalid_input');
    expect(response.problem.errors).toEqual([{ field: 'phone', message: response.problem.detail }]);
  });

  it('no master for the service is no_masters_available', async () => {
    const owner = await registerBusiness(t);
    expectRefusal(await bookingRequest(t, owner), 'no_masters_available');
  });

  it('no token is not_authenticated; a wrong password is invalid_credentials', async () => {
    expectRefusal(await t.call({ method: 'GET', url: '/api/v1/bookings' }), 'not_authenticated');
    expectRefusal(await t.call({ method: 'GET', url: '/api/v1/bookings', token: 'not.a.token' }), 'not_authenticated');
    const owner = await registerBusiness(t);
    const login = await t.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: owner.user.email, password: 'not the password' },
    });
    expectRefusal(login, 'invalid_credentials');
  });

  it('a token of the wrong kind is forbidden', async () => {
    const superadmin = await t.app.ctx.tokens.signSuperAdmin();
    expectRefusal(await t.call({ method: 'GET', url: '/api/v1/bookings', token: superadmin }), 'forbidden');
  });

  it('a missing thing is not_found, a missing route route_not_found', async () => {
    const owner = await registerBusiness(t);
    expectRefusal(
      await t.call({ method: 'GET', url: '/api/v1/bookings/00000000-0000-4000-8000-000000000000', token: owner.token }),
      'not_found',
    );
    expectRefusal(await t.call({ method: 'GET', url: '/api/v1/public/no-such-salon' }), 'not_found');
    expectRefusal(await t.call({ method: 'GET', url: '/api/v1/nothing-here' }), 'route_not_found');
  });

  it('a taken slot is slot_taken, for a client booking and for the owner moving a booking', async () => {
    const { owner, master } = await strictSalon(t);
    const first = await book(t, owner, { master_id: master.id, time: '10:00' });
    expectRefusal(await bookingRequest(t, owner, { master_id: master.id, time: '10:30' }), 'slot_taken');
    const second = await book(t, owner, { master_id: master.id, time: '12:00' });
    const move = await t.call({ method: 'PATCH', url: `/api/v1/bookings/${second.id}`, token: owner.token, payload: { time: '10:00' } });
    expectRefusal(move, 'slot_taken');
    expect(first.id).not.toBe(second.id);
  });

  it('a slug or email in use is slug_taken / email_taken', async () => {
    const [a, b] = [await registerBusiness(t), await registerBusiness(t)];
    expectRefusal(
      await t.call({ method: 'PUT', url: '/api/v1/business', token: b.token, payload: { slug: a.business.slug } }),
      'slug_taken',
    );
    const again = await t.call({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        email: a.user.email,
        password: 'correct horse battery',
        full_name: 'Айгерим Садыкова',
        business_name: 'Салон',
        phone: uniquePhone(),
        address: 'Алматы, ул. Абая 10',
        service: { name: 'Стрижка', duration: 60, price: 5000 },
      },
    });
    expectRefusal(again, 'email_taken');
  });

  it('reschedule refusals are not_reschedulable and proposal_pending', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const propose = (id: string) =>
      t.call({
        method: 'POST',
        url: `/api/v1/reschedule/${id}`,
        token: owner.token,
        payload: { proposed_date: '2026-11-26', proposed_time: '12:00' },
      });
    const open = await book(t, owner);
    expect((await propose(open.id)).statusCode).toBe(201);
    expectRefusal(await propose(open.id), 'proposal_pending');
    const done = await book(t, owner, { time: '15:00' });
    await t.call({ method: 'PATCH', url: `/api/v1/bookings/${done.id}`, token: owner.token, payload: { status: 'cancelled' } });
    expectRefusal(await propose(done.id), 'not_reschedulable');
  });

  it('a repeated Idempotency-Key with another body is idempotency_key_reused', async () => {
    const owner = await registerBusiness(t);
    await createMaster(t, owner);
    const headers = { 'idempotency-key': 'same-key-error-codes' };
    expect((await bookingRequest(t, owner, { time: '10:00' }, headers)).statusCode).toBe(201);
    expectRefusal(await bookingRequest(t, owner, { time: '11:00' }, headers), 'idempotency_key_reused');
  });

  it('framework refusals get codes too: bad JSON, too large, unsupported media type', async () => {
    const post = (type: string, payload: string) =>
      t.call({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': type }, payload });
    expectRefusal(await post('application/json', '{"email": '), 'invalid_json');
    expectRefusal(await post('application/json', ''), 'invalid_json');
    expectRefusal(await post('application/json', JSON.stringify({ email: 'a@b.kz', password: 'x'.repeat(1024 * 1024) })), 'body_too_large');
    expectRefusal(await post('application/xml', '<login/>'), 'unsupported_media_type');
  });
});

describe('error codes of limits and outages', () => {
  const limited = useTestApp({ env: { RATE_LIMIT_LOGIN: '1' } });

  it('a rate limit is rate_limited', async () => {
    const login = () =>
      limited.call({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'nobody@example.kz', password: 'whatever1' } });
    expectRefusal(await login(), 'invalid_credentials');
    expectRefusal(await login(), 'rate_limited');
  });

  it('a database that went away is unavailable (or internal), never a bare 500 body', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database });
    try {
      await app.ready();
      await database.close();
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.json().code).toBe('unavailable');
      expect(ready.statusCode).toBe(HTTP_STATUS.unavailable);
      const response = await app.inject({ method: 'GET', url: '/api/v1/public/some-slug' });
      const { code } = response.json() as { code: ErrorCode };
      expect(['unavailable', 'internal']).toContain(code);
      expect(response.statusCode).toBe(HTTP_STATUS[code]);
    } finally {
      await app.close();
    }
  });
});
