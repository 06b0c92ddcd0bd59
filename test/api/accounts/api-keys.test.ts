/** CONTRACT.md §14: API keys, created once, listed without the key, revoked; what a key may and may not do. */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '../../../src/db/schema.js';
import { registerBusiness, SUPERADMIN_ENV, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { book, createMaster } from '../../helpers/catalog.js';

const t = useTestApp({ env: SUPERADMIN_ENV });

async function createKey(owner: RegisteredBusiness, name = 'CRM') {
  const response = await t.op('post', '/api/v1/api-keys', { token: owner.token, body: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.data;
}

const listKeys = (owner: RegisteredBusiness) => t.op('get', '/api/v1/api-keys', { token: owner.token });

describe('creating, listing and revoking', () => {
  it('answers the key once, lists the keys without it, and a revoked key answers 401', async () => {
    t.clock.set('2026-11-23T05:00:00Z');
    const owner = await registerBusiness(t);
    const created = await createKey(owner, '  1С Бухгалтерия  ');
    expect(created).toEqual({ id: expect.any(Number), name: '1С Бухгалтерия', key: expect.any(String), created_at: '2026-11-23T10:00:00' });
    expect(created.key).toMatch(/^bk_[A-Za-z0-9_-]{32,}$/);

    const list = await listKeys(owner);
    expect(list.statusCode).toBe(200);
    expect(list.data).toEqual([{ id: created.id, name: '1С Бухгалтерия', created_at: '2026-11-23T10:00:00', last_used_at: null }]);
    expect(list.body).not.toContain(created.key);

    expect((await t.op('get', '/api/v1/business', { token: created.key })).statusCode).toBe(200);
    const revoked = await t.op('delete', '/api/v1/api-keys/{id}', { token: owner.token, path: { id: created.id } });
    expect(revoked.statusCode).toBe(204);
    const after = await t.op('get', '/api/v1/business', { token: created.key });
    expect(after.statusCode).toBe(401);
    expect(after.problem).toEqual({ detail: expect.any(String), code: 'not_authenticated' });
    expect((await listKeys(owner)).data).toEqual([]);
    expect((await t.op('delete', '/api/v1/api-keys/{id}', { token: owner.token, path: { id: created.id } })).statusCode).toBe(404);
  });

  it('keeps only the SHA-256 of the key', async () => {
    const owner = await registerBusiness(t);
    const created = await createKey(owner);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(3));
  });

  it('refuses a blank name and a 51st key', async () => {
    const owner = await registerBusiness(t);
    const blank = await t.op('post', '/api/v1/api-keys', { token: owner.token, body: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
    for (let i = 0; i < 50; i += 1) await createKey(owner, `key ${i}`);
    const over = await t.op('post', '/api/v1/api-keys', { token: owner.token, body: { name: 'one more' } });
    expect(over.statusCode).toBe(409);
    expect((await listKeys(owner)).data).toHaveLength(50);
  });

  it("another business's key cannot be revoked (404) and its list is its own", async () => {
    const owner = await registerBusiness(t);
    const other = await registerBusiness(t);
    const key = await createKey(owner);
    expect((await t.op('delete', '/api/v1/api-keys/{id}', { token: other.token, path: { id: key.id } })).statusCode).toBe(404);
    expect((await listKeys(other)).data).toEqual([]);
    expect((await t.op('get', '/api/v1/business', { token: key.key })).statusCode).toBe(200);
  });
});

describe('what a key may do', () => {
  it('acts as the business on the provider routes: catalog, bookings, clients, schedules, owner bookings', async () => {
    const owner = await registerBusiness(t);
    const { key } = await createKey(owner);
    const master = await createMaster(t, owner);
    const booked = await book(t, owner, { master_id: master.id });

    const business = await t.op('get', '/api/v1/business', { token: key });
    expect(business.data.id).toBe(owner.business.id);
    expect(business.headers['cache-control']).toBe('no-store');
    expect((await t.op('get', '/api/v1/services', { token: key })).data).toHaveLength(1);
    expect((await t.op('get', '/api/v1/masters', { token: key })).data).toHaveLength(1);
    expect((await t.op('get', '/api/v1/schedule', { token: key })).data).toHaveLength(7);
    expect((await t.op('get', '/api/v1/clients', { token: key })).data).toHaveLength(1);
    const list = await t.op('get', '/api/v1/bookings', { token: key });
    expect(list.data.map((b) => b.id)).toEqual([booked.id]);
    const confirm = await t.op('patch', '/api/v1/bookings/{id}', { token: key, path: { id: booked.id }, body: { status: 'confirmed' } });
    expect(confirm.data.status).toBe('confirmed');
    const entered = await t.op('post', '/api/v1/bookings', {
      token: key,
      body: {
        service_id: owner.service.id,
        master_id: master.id,
        date: '2026-11-25',
        time: '12:00',
        first_name: 'Дана',
        phone: '+77011234567',
      },
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const service = await t.op('post', '/api/v1/services', { token: key, body: { name: 'Стрижка', duration: 30, price: 5000 } });
    expect(service.statusCode).toBe(201);
  });

  it("another business's booking stays 404 with a key", async () => {
    const owner = await registerBusiness(t);
    const other = await registerBusiness(t);
    await createMaster(t, other);
    const theirs = await book(t, other);
    const { key } = await createKey(owner);
    expect((await t.op('get', '/api/v1/bookings/{id}', { token: key, path: { id: theirs.id } })).statusCode).toBe(404);
    const patch = await t.op('patch', '/api/v1/bookings/{id}', { token: key, path: { id: theirs.id }, body: { status: 'cancelled' } });
    expect(patch.statusCode).toBe(404);
    expect((await t.op('get', '/api/v1/bookings', { token: key })).data).toEqual([]);
  });

  it('is 403 api_key_forbidden on /api-keys, /auth/* and /business/telegram*, and on super-admin routes', async () => {
    const owner = await registerBusiness(t);
    const { key, id } = await createKey(owner);
    const refused = [
      { method: 'GET', url: '/api/v1/api-keys' },
      { method: 'POST', url: '/api/v1/api-keys', payload: { name: 'from a key' } },
      { method: 'DELETE', url: `/api/v1/api-keys/${id}` },
      { method: 'GET', url: '/api/v1/auth/me' },
      {
        method: 'POST',
        url: '/api/v1/auth/password',
        payload: { current_password: 'correct horse battery', new_password: 'another password' },
      },
      { method: 'GET', url: '/api/v1/business/telegram' },
      { method: 'POST', url: '/api/v1/business/telegram/rotate' },
      { method: 'DELETE', url: '/api/v1/business/telegram' },
      { method: 'GET', url: '/api/v1/superadmin/businesses' },
    ] as const;
    for (const request of refused) {
      const response = await t.call({ ...request, token: key });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(response.data).toEqual({ detail: expect.any(String), code: 'api_key_forbidden' });
    }
    expect((await listKeys(owner)).data).toHaveLength(1);
  });

  it('an unknown key is 401 everywhere, also where a live key would be 403', async () => {
    const forged = `bk_${'A'.repeat(43)}`;
    for (const url of ['/api/v1/business', '/api/v1/bookings', '/api/v1/api-keys', '/api/v1/auth/me']) {
      const response = await t.call({ method: 'GET', url, token: forged });
      expect(response.statusCode, url).toBe(401);
      expect(response.data.code).toBe('not_authenticated');
    }
  });
});

describe('last_used_at', () => {
  it('is recorded from the app clock, at most once a minute', async () => {
    t.clock.set('2026-11-23T05:00:00Z');
    const owner = await registerBusiness(t);
    const { key, id } = await createKey(owner);
    const lastUsed = async () => (await listKeys(owner)).data.find((row) => row.id === id)?.last_used_at;
    await t.op('get', '/api/v1/business', { token: key });
    expect(await lastUsed()).toBe('2026-11-23T10:00:00');
    t.clock.set('2026-11-23T05:00:40Z');
    await t.op('get', '/api/v1/business', { token: key });
    expect(await lastUsed()).toBe('2026-11-23T10:00:00');
    t.clock.set('2026-11-23T05:01:05Z');
    await t.op('get', '/api/v1/business', { token: key });
    expect(await lastUsed()).toBe('2026-11-23T10:01:05');
    t.clock.set('2026-11-23T05:00:00Z');
  });
});

describe('passwords and keys', () => {
  it("the owner's password change keeps the keys", async () => {
    const owner = await registerBusiness(t);
    const { key } = await createKey(owner);
    const change = await t.op('post', '/api/v1/auth/password', {
      token: owner.token,
      body: { current_password: 'correct horse battery', new_password: 'a brand new password' },
    });
    expect(change.statusCode).toBe(200);
    const read = await t.op('get', '/api/v1/business', { token: key });
    expect(read.statusCode).toBe(200);
    expect(read.data.id).toBe(owner.business.id);
    // The owner's earlier token ended with the change; the key still reads the business's services.
    expect((await t.op('get', '/api/v1/auth/me', { token: owner.token })).statusCode).toBe(401);
    expect((await t.op('get', '/api/v1/services', { token: key })).data).toContainEqual(expect.objectContaining({ id: owner.service.id }));
  });

  it("a super-admin password reset revokes every key of the business, not another business's", async () => {
    const owner = await registerBusiness(t);
    const other = await registerBusiness(t);
    const first = await createKey(owner, 'CRM');
    const second = await createKey(owner, 'Sheets');
    const theirs = await createKey(other);
    const reset = await t.op('post', '/api/v1/superadmin/businesses/{id}/reset-password', {
      body: {},
      token: await t.app.ctx.tokens.signSuperAdmin(),
      path: { id: owner.business.id },
    });
    expect(reset.statusCode).toBe(200);
    for (const key of [first.key, second.key]) {
      expect((await t.op('get', '/api/v1/business', { token: key })).statusCode).toBe(401);
    }
    expect((await t.op('get', '/api/v1/business', { token: theirs.key })).statusCode).toBe(200);
    const rows = await t.database.db.select().from(apiKeys).where(eq(apiKeys.businessId, owner.business.id));
    expect(rows).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('declares the key scheme, on provider routes but not on /api-keys, /auth/me or /business/telegram', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).data;
    expect(doc.components.securitySchemes.apiKeyAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v1/bookings'].get.security).toEqual([{ bearerAuth: [] }, { apiKeyAuth: [] }]);
    expect(doc.paths['/api/v1/api-keys'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/auth/me'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/business/telegram'].get.security).toEqual([{ bearerAuth: [] }]);
  });
});
