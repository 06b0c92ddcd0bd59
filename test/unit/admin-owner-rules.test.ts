/** The owner's side of CONTRACT.md §19 in the panel (web/src/admin/bookings/owner-rules.ts, decision 0076). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clashOf, mastersForService, priceOf, servicesOfMaster } from '../../web/src/admin/bookings/owner-rules.js';

const master = (id: number, services: Array<[number, number]>) => ({
  id,
  name: `m${id}`,
  services: services.map(([sid, price]) => ({ id: sid, price })),
});

describe('mastersForService', () => {
  const erlan = master(1, [[10, 8000]]);
  const daniyar = master(2, [[10, 9000]]);
  const saule = master(3, [[20, 5000]]);

  it('offers only the masters linked to the service (master_not_for_service otherwise)', () => {
    expect(mastersForService([erlan, daniyar, saule], 10).map((m) => m.id)).toEqual([1, 2]);
  });

  it('offers every master for a service nobody is linked to (SPEC.md "any master")', () => {
    expect(mastersForService([erlan, daniyar, saule], 30).map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it("keeps the booking's own master, archived or unlinked since", () => {
    const archived = master(9, []);
    expect(mastersForService([erlan, saule], 10, archived).map((m) => m.id)).toEqual([1, 9]);
    expect(mastersForService([erlan, saule], 10, erlan).map((m) => m.id)).toEqual([1]);
  });

  it("reads a master's own price of the service, none when they do not do it", () => {
    expect(priceOf(daniyar, 10)).toBe(9000);
    expect(priceOf(saule, 10)).toBeUndefined();
    expect(priceOf(undefined, 10)).toBeUndefined();
  });
});

describe('servicesOfMaster', () => {
  const all = [{ id: 10 }, { id: 20 }, { id: 30 }];
  const erlan = { services: [{ id: 10 }] };
  const newcomer = { services: [] };

  it("a master's own services, else only the services nobody is linked to", () => {
    expect(servicesOfMaster(erlan, all, [erlan, newcomer])).toEqual([{ id: 10 }]);
    expect(servicesOfMaster(newcomer, all, [erlan, newcomer])).toEqual([{ id: 20 }, { id: 30 }]);
    expect(servicesOfMaster(undefined, all, [])).toEqual(all);
  });
});

describe('clashOf', () => {
  const booking = (id: string, from: string, to: string, status = 'confirmed', first_name = 'Асель') => ({
    id,
    start_at: `2026-11-23T${from}:00`,
    end_at: `2026-11-23T${to}:00`,
    status,
    client: { first_name },
  });

  it.each([
    ['11:30', 30, 'a'],
    ['10:30', 31, 'a'],
    ['10:30', 30, undefined], // ends as the other starts
    ['11:30', 60, 'a'], // the earliest of the two it sits on
    ['12:00', 30, 'b'],
    ['13:00', 30, undefined],
  ])('%s for %i minutes sits on %s', (time, duration, expected) => {
    const day = [booking('b', '12:00', '12:30'), booking('a', '11:00', '12:00'), booking('c', '11:00', '13:00', 'cancelled')];
    expect(clashOf(day, '2026-11-23', time, duration)?.id).toBe(expected);
  });

  it('finds a clash exactly when the two intervals overlap and the other occupies time', () => {
    const minute = fc.integer({ min: 0, max: 1380 });
    const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const status = fc.constantFrom('pending', 'confirmed', 'completed', 'cancelled', 'rejected');
    fc.assert(
      fc.property(minute, fc.integer({ min: 1, max: 59 }), minute, fc.integer({ min: 1, max: 59 }), status, (s1, d1, s2, d2, st) => {
        const other = booking('x', hm(s1), hm(s1 + d1), st);
        const overlaps = s1 < s2 + d2 && s2 < s1 + d1 && st !== 'cancelled' && st !== 'rejected';
        expect(clashOf([other], '2026-11-23', hm(s2), d2) !== undefined).toBe(overlaps);
      }),
    );
  });
});
