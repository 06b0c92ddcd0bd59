/**
 * CONTRACT.md §20 under concurrency: 50 visits for the same time give exactly one; a visit and a single
 * if_free booking racing for the same master give one of them; no half-made visit is ever seen by GET /bookings.
 */
import { describe, expect, it } from 'vitest';
import { registerBusiness, uniquePhone, useTestApp } from '../../helpers/app.js';
import { bookingRequest, createMaster, createService } from '../../helpers/catalog.js';

const t = useTestApp();

const TUESDAY = '2026-11-24';

async function salon() {
  const owner = await registerBusiness(t);
  const beard = await createService(t, owner, { name: 'Борода', duration: 30, price: 3000 });
  const master = await createMaster(t, owner, 'Ерлан', [owner.service.id, beard.id]);
  const items = [
    { service_id: owner.service.id, master_id: master.id },
    { service_id: beard.id, master_id: master.id },
  ] as [{ service_id: number; master_id: number }, { service_id: number; master_id: number }];
  return { owner, master: master.id, items };
}

describe('visits racing', () => {
  it('of 50 visits for the same time exactly one is made; GET /bookings meanwhile never shows half a visit', async () => {
    const { owner, items } = await salon();
    const visit = () =>
      t.op('post', '/api/v1/public/{slug}/visits', {
        path: { slug: owner.business.slug },
        body: { items, date: TUESDAY, time: '10:00', first_name: 'Алия', phone: uniquePhone() },
      });
    let racing = true;
    const seen: number[] = [];
    const watch = (async () => {
      while (racing) {
        const listed = await t.op('get', '/api/v1/bookings', { token: owner.token, query: { date: TUESDAY } });
        seen.push(listed.data!.length);
      }
    })();
    const answers = await Promise.all(Array.from({ length: 50 }, visit));
    racing = false;
    await watch;
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(49);
    expect(seen.every((n) => n === 0 || n === 2)).toBe(true);
    const listed = await t.op('get', '/api/v1/bookings', { token: owner.token, query: { date: TUESDAY } });
    expect(listed.data).toHaveLength(2);
  });

  it('a visit and a single booking racing for the same master: one of them', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { owner, master, items } = await salon();
      const [visit, single] = await Promise.all([
        t.op('post', '/api/v1/public/{slug}/visits', {
          path: { slug: owner.business.slug },
          body: { items, date: TUESDAY, time: '10:00', first_name: 'Алия', phone: uniquePhone() },
        }),
        bookingRequest(t, owner, { master_id: master, time: '10:30', if_free: true }),
      ]);
      expect([visit.statusCode, single.statusCode].sort()).toEqual([201, 409]);
      const listed = await t.op('get', '/api/v1/bookings', { token: owner.token, query: { date: TUESDAY } });
      expect(listed.data).toHaveLength(visit.statusCode === 201 ? 2 : 1);
    }
  });
});
