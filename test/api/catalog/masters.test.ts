/** Masters with their master_services links (CONTRACT.md §4). */
import { describe, expect, it } from 'vitest';
import { registerBusiness, useTestApp } from '../../helpers/app.js';
import { book, bookingRequest, createMaster, createService, slots } from '../../helpers/catalog.js';
import { expectRefusal } from '../../helpers/refusal.js';
import { masters } from '../../../src/db/schema.js';

const t = useTestApp();

describe('masters', () => {
  it('creates (201) with service_ids as service objects, reads and lists', async () => {
    const owner = await registerBusiness(t);
    const colour = await createService(t, owner);
    const response = await t.op('post', '/api/v1/masters', {
      token: owner.token,
      body: { name: ' Данияр ', service_ids: [colour.id, owner.service.id, colour.id] },
    });
    expect(response.statusCode).toBe(201);
    expect(response.data).toEqual({
      id: expect.any(Number),
      name: 'Данияр',
      services: [
        {
          id: owner.service.id,
          name: 'Стрижка',
          duration: 60,
          price: 5000,
          buffer_after: 0,
          category: null,
          base_price: 5000,
          base_duration: 60,
        },
        {
          id: colour.id,
          name: 'Окрашивание',
          duration: 90,
          price: 12000,
          buffer_after: 0,
          category: null,
          base_price: 12000,
          base_duration: 90,
        },
      ],
      has_schedule: false,
      telegram_linked: false,
    });
    expect((await t.op('get', '/api/v1/masters/{id}', { path: { id: response.data.id }, token: owner.token })).data).toEqual(response.data);
    const bare = await t.op('post', '/api/v1/masters', { token: owner.token, body: { name: 'Без услуг' } });
    expect(bare.data.services).toEqual([]);
    expect((await t.op('get', '/api/v1/masters', { token: owner.token })).data).toEqual([response.data, bare.data]);
  });

  it('has_schedule follows POST and DELETE of the master schedule', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    await t.op('post', '/api/v1/schedule/master/{master_id}', { path: { master_id: master.id }, token: owner.token });
    expect((await t.op('get', '/api/v1/masters/{id}', { path: { id: master.id }, token: owner.token })).data.has_schedule).toBe(true);
    await t.op('delete', '/api/v1/schedule/master/{master_id}', { path: { master_id: master.id }, token: owner.token });
    expect((await t.op('get', '/api/v1/masters/{id}', { path: { id: master.id }, token: owner.token })).data.has_schedule).toBe(false);
  });

  it('PUT: service_ids replaces the links; a name-only PUT keeps them', async () => {
    const owner = await registerBusiness(t);
    const colour = await createService(t, owner);
    const master = await createMaster(t, owner, 'Айгуль', [owner.service.id]);
    const path = { id: master.id };
    const replaced = await t.op('put', '/api/v1/masters/{id}', { path, token: owner.token, body: { service_ids: [colour.id] } });
    expect(replaced.data.services.map((s) => s.id)).toEqual([colour.id]);
    const renamed = await t.op('put', '/api/v1/masters/{id}', { path, token: owner.token, body: { name: 'Айгуль Б.' } });
    expect(renamed.data).toMatchObject({ name: 'Айгуль Б.', services: [{ id: colour.id }] });
    const emptied = await t.op('put', '/api/v1/masters/{id}', { path, token: owner.token, body: { service_ids: [] } });
    expect(emptied.data.services).toEqual([]);
  });

  it('parallel PUTs of the same service_ids (a double click) all succeed', async () => {
    const owner = await registerBusiness(t);
    const colour = await createService(t, owner);
    const master = await createMaster(t, owner);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.op('put', '/api/v1/masters/{id}', {
          path: { id: master.id },
          token: owner.token,
          body: { service_ids: [owner.service.id, colour.id] },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const after = await t.op('get', '/api/v1/masters/{id}', { path: { id: master.id }, token: owner.token });
    expect(after.data.services.map((s) => s.id)).toEqual([owner.service.id, colour.id]);
  });

  it("service_ids naming another business's or an unknown service is 400 naming service_ids", async () => {
    const [a, b] = [await registerBusiness(t), await registerBusiness(t)];
    for (const ids of [[b.service.id], [a.service.id, 2147483647]]) {
      const response = await t.op('post', '/api/v1/masters', { token: a.token, body: { name: 'X', service_ids: ids } });
      expect(response.statusCode).toBe(400);
      expect(response.problem.errors?.[0]?.field).toBe('service_ids');
    }
    const master = await createMaster(t, a);
    const put = await t.op('put', '/api/v1/masters/{id}', {
      path: { id: master.id },
      token: a.token,
      body: { service_ids: [b.service.id] },
    });
    expect(put.statusCode).toBe(400);
  });

  it.each([{}, { name: '' }, { name: '  ' }, { name: 'X', service_ids: 'all' }])('invalid body %j is 400', async (payload) => {
    const owner = await registerBusiness(t);
    const response = await t.call({ method: 'POST', url: '/api/v1/masters', token: owner.token, payload });
    expect(response.statusCode).toBe(400);
    expect(response.data.errors[0].field).toMatch(/^(name|service_ids)/);
  });

  it("another business's master is 404 on GET, PUT and DELETE", async () => {
    const [a, b] = [await registerBusiness(t), await registerBusiness(t)];
    const master = await createMaster(t, a);
    const path = { id: master.id };
    expect((await t.op('get', '/api/v1/masters/{id}', { path, token: b.token })).statusCode).toBe(404);
    expect((await t.op('put', '/api/v1/masters/{id}', { path, token: b.token, body: { name: 'Hijacked' } })).statusCode).toBe(404);
    expect((await t.op('delete', '/api/v1/masters/{id}', { path, token: b.token })).statusCode).toBe(404);
    expect((await t.op('get', '/api/v1/masters/{id}', { path, token: a.token })).data.name).toBe('Мастер');
    expect((await t.op('get', '/api/v1/masters', { token: b.token })).data).toEqual([]);
  });

  it('deleting an unbooked master removes it with its schedule', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    await t.op('post', '/api/v1/schedule/master/{master_id}', { path: { master_id: master.id }, token: owner.token });
    expect((await t.op('delete', '/api/v1/masters/{id}', { path: { id: master.id }, token: owner.token })).statusCode).toBe(204);
    expectRefusal(await t.op('get', '/api/v1/masters/{id}', { path: { id: master.id }, token: owner.token }), 'not_found');
    expectRefusal(
      await t.op('get', '/api/v1/schedule/master/{master_id}', { path: { master_id: master.id }, token: owner.token }),
      'not_found',
    );
    expect((await t.op('get', '/api/v1/masters', { token: owner.token })).data).toEqual([]);
  });

  it('deleting a booked master archives it: gone from lists, slots and new bookings; its bookings untouched', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner, 'Уходящий');
    const booking = await book(t, owner, { master_id: master.id });
    const before = (await t.op('get', '/api/v1/bookings/{id}', { path: { id: booking.id }, token: owner.token })).data;
    expect((await t.op('delete', '/api/v1/masters/{id}', { path: { id: master.id }, token: owner.token })).statusCode).toBe(204);

    expect((await t.op('get', '/api/v1/masters', { token: owner.token })).data).toEqual([]);
    expect((await t.op('get', '/api/v1/public/{slug}/masters', { path: { slug: owner.business.slug } })).data).toEqual([]);
    expect((await slots(t, owner.business.slug, '2026-11-24', master.id)).statusCode).toBe(404);
    const explicit = await bookingRequest(t, owner, { master_id: master.id });
    expect(explicit.statusCode).toBe(404);
    const auto = await bookingRequest(t, owner);
    expect(auto.statusCode).toBe(400);
    expect(auto.data).toEqual({ detail: 'No masters available', code: 'no_masters_available' });

    const after = await t.op('get', '/api/v1/bookings/{id}', { path: { id: booking.id }, token: owner.token });
    expect(after.data).toEqual(before);
    expect(after.data.master).toEqual({ id: master.id, name: 'Уходящий' });
    const listed = await t.op('get', '/api/v1/bookings', { query: { master_id: master.id }, token: owner.token });
    expect(listed.data.map((b) => b.id)).toEqual([booking.id]);
  });
});

describe('at most 300 active masters (CONTRACT.md §11 fourth pass)', () => {
  it('the 301st is 409 limit_reached, also when added in parallel, and adds nothing; removing one makes room', async () => {
    const owner = await registerBusiness(t);
    const many = Array.from({ length: 298 }, (_, i) => ({ businessId: owner.business.id, name: `Мастер ${i}` }));
    await t.database.db.insert(masters).values(many);
    const added = await Promise.all(
      Array.from({ length: 4 }, (_, i) => t.op('post', '/api/v1/masters', { token: owner.token, body: { name: `Новый ${i}` } })),
    );
    expect(added.map((response) => response.statusCode).sort()).toEqual([201, 201, 409, 409]);
    for (const refused of added.filter((response) => response.statusCode === 409)) expectRefusal(refused, 'limit_reached');
    const list = await t.op('get', '/api/v1/masters', { token: owner.token });
    expect(list.data).toHaveLength(300);
    await t.op('delete', '/api/v1/masters/{id}', { token: owner.token, path: { id: list.data[0]!.id } });
    expect((await t.op('post', '/api/v1/masters', { token: owner.token, body: { name: 'На место' } })).statusCode).toBe(201);
    expectRefusal(await t.op('post', '/api/v1/masters', { token: owner.token, body: { name: 'Лишний' } }), 'limit_reached');
  });
});
