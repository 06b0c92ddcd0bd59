/** Pure rules of the owner's panel (web/src/admin/common/rules.ts): schedule checks, first steps, the address's city. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientsCanBook, dayProblem, setupState, splitCity, withCity } from '../../web/src/admin/common/rules.js';

const day = (start: string, end: string, breakFrom: string | null = null, breakTo: string | null = null, active = true) => ({
  start_time: start,
  end_time: end,
  break_start_time: breakFrom,
  break_end_time: breakTo,
  is_active: active,
});

describe('dayProblem', () => {
  it.each([
    [day('09:00', '18:00'), null],
    [day('09:00', '18:00', '13:00', '14:00'), null],
    [day('09:00', '18:00', '09:00', '18:00'), null],
    [day('20:00', '10:00'), 'hours'],
    [day('10:00', '10:00'), 'hours'],
    [day('20:00', '10:00', null, null, false), null],
    [day('10:00', '19:00', '19:30', '20:00'), 'break'],
    [day('10:00', '19:00', '09:00', '11:00'), 'break'],
    [day('10:00', '19:00', '14:00', '13:00'), 'break'],
    [day('10:00', '19:00', '14:00', null), 'break'],
  ])('%j → %s', (d, expected) => expect(dayProblem(d)).toBe(expected));

  const hm = fc
    .integer({ min: 0, max: 1439 })
    .map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  it('property: an accepted active day has start < end and a break inside [start, end]', () => {
    fc.assert(
      fc.property(hm, hm, fc.option(fc.tuple(hm, hm), { nil: null }), (start, end, brk) => {
        const d = day(start, end, brk?.[0] ?? null, brk?.[1] ?? null);
        if (dayProblem(d) !== null) return;
        expect(start < end).toBe(true);
        if (brk) expect(start <= brk[0] && brk[0] < brk[1] && brk[1] <= end).toBe(true);
      }),
    );
  });
});

describe('setupState', () => {
  const business = { messenger_chat_id: null, hours_saved: false, strict_slots: false, slug: '7011234567' };
  it('counts a step done only when the owner did it: the default week, strict slots off and the phone slug are not', () => {
    expect(setupState([], business)).toEqual({ master: false, hours: false, strict: false, link: false, telegram: false });
    expect(setupState([{}], { messenger_chat_id: '-100123', hours_saved: true, strict_slots: true, slug: 'barbershop-arman' })).toEqual({
      master: true,
      hours: true,
      strict: true,
      link: true,
      telegram: true,
    });
    expect(setupState([], { ...business, slug: '7011234567-2' }).link).toBe(false);
    expect(setupState([], { ...business, slug: '7011234567-salon' }).link).toBe(true);
  });
});

describe('clientsCanBook', () => {
  it('needs a master and a working weekday, the defaults counting (they are what clients see)', () => {
    expect(clientsCanBook([], [{ is_active: true }])).toBe(false);
    expect(clientsCanBook([{ has_schedule: false }], [{ is_active: false }, { is_active: true }])).toBe(true);
    expect(clientsCanBook([{ has_schedule: false }], [{ is_active: false }])).toBe(false);
    expect(clientsCanBook([{ has_schedule: true }], [{ is_active: false }])).toBe(true);
  });
});

describe('withCity', () => {
  it('puts the typed city in front of an address that lacks it', () => {
    expect(withCity('Астана', 'пр. Мангилик Ел 55')).toBe('Астана, пр. Мангилик Ел 55');
    expect(withCity('Алматы', 'Алматы, Абая 10')).toBe('Алматы, Абая 10');
    expect(withCity('алматы', 'г. Алматы, Абая 10')).toBe('г. Алматы, Абая 10');
    expect(withCity('', 'Абая 10')).toBe('Абая 10');
    expect(withCity('Алматы', '')).toBe('');
  });
});

describe('splitCity (the city field after a reload)', () => {
  it('takes the city back from a saved "city, street"; nothing else is a city', () => {
    expect(splitCity('Алматы, Абая 10')).toEqual(['Алматы', 'Абая 10']);
    expect(splitCity('Абая 10')).toEqual(['', 'Абая 10']);
    expect(splitCity('ул. Абая 10, кв. 5')).toEqual(['', 'ул. Абая 10, кв. 5']);
    expect(splitCity('')).toEqual(['', '']);
  });

  it('property: withCity puts back exactly the saved address', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (address) => {
        expect(withCity(...splitCity(address))).toBe(address);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[А-Яа-я -]{1,20}$/), fc.stringMatching(/^[А-Яа-я0-9 .]{1,30}$/), (city, street) => {
        const saved = withCity(city, street);
        expect(withCity(...splitCity(saved))).toBe(saved);
      }),
    );
  });
});
