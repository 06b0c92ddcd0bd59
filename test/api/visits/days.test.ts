/**
 * CONTRACT.md §20: GET /public/{slug}/days with `service_ids` answers which dates have a start time for the
 * whole visit ("any master" per item), by the rule POST /visits books by.
 * The test clock: Monday 2026-11-23 10:00; 09:00-18:00, break 13:00-14:00; a cut 60 min, a beard 30 min.
 */
import { describe, expect, it } from 'vitest';
import { registerBusiness, uniquePhone, useTestApp } from '../../helpers/app.js';
import { createMaster, createService } from '../../helpers/catalog.js';
import { expectRefusal } from '../../helpers/refusal.js';

const t = useTestApp();

const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';

describe('GET /public/{slug}/days?service_ids=', () => {
  it('a day with only one-hour gaps has a cut but no cut-and-beard; the next day has both; a visit at an offered time is made', async () => {
    const owner = await registerBusiness(t);
    const beard = await createService(t, owner, { name: 'Борода', duration: 30, price: 3000 });
    const master = await createMaster(t, owner, 'Ерлан', [owner.service.id, beard.id]);
    for (const time of ['10:00', '12:00', '15:00', '17:00']) {
      const made = await t.op('post', '/api/v1/bookings', {
        token: owner.token,
        body: { service_id: owner.service.id, master_id: master.id, date: TUESDAY, time, first_name: 'Алия', phone: uniquePhone() },
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const days = (query: { service_id?: number; service_ids?: string; master_id?: number }) =>
      t.op('get', '/api/v1/public/{slug}/days', { path: { slug: owner.business.slug }, query: { from: TUESDAY, to: WEDNESDAY, ...query } });
    const visit = `${owner.service.id},${beard.id}`;
    expect((await days({ service_id: owner.service.id })).data!.map((day) => day.available)).toEqual([true, true]);
    expect((await days({ service_ids: visit })).data).toEqual([
      { date: TUESDAY, available: false, day_off: false },
      { date: WEDNESDAY, available: true, day_off: false },
    ]);
    const items = [{ service_id: owner.service.id }, { service_id: beard.id }] as [{ service_id: number }, { service_id: number }];
    const ask = (date: string) =>
      t.op('post', '/api/v1/public/{slug}/visits', {
        path: { slug: owner.business.slug },
        body: { items, date, time: '09:00', first_name: 'Алия', phone: uniquePhone() },
      });
    expectRefusal(await ask(TUESDAY), 'slot_taken');
    expect((await ask(WEDNESDAY)).statusCode).toBe(201);
  });

  it('refuses one id, six, master_id beside service_ids, both service_id and service_ids; an unknown service is 404', async () => {
    const owner = await registerBusiness(t);
    const master = await createMaster(t, owner);
    const days = (query: Record<string, string | number>) =>
      t.call({
        method: 'GET',
        url: `/api/v1/public/${owner.business.slug}/days`,
        query: { from: TUESDAY, to: WEDNESDAY, ...query } as Record<string, string>,
      });
    const id = owner.service.id;
    expectRefusal(await days({ service_ids: `${id}` }), 'invalid_input');
    expectRefusal(await days({ service_ids: Array.from({ length: 6 }, () => id).join(',') }), 'invalid_input');
    expectRefusal(await days({ service_ids: `${id},${id}`, master_id: master.id }), 'invalid_input');
    expectRefusal(await days({ service_ids: `${id},${id}`, service_id: id }), 'invalid_input');
    expectRefusal(await days({}), 'invalid_input');
    expectRefusal(await days({ service_ids: `${id},2147483000` }), 'not_found');
    expect((await days({ service_ids: `${id},${id}` })).statusCode).toBe(200);
  });
});
