import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressParams, cityParams, suggestItems, toAddresses, toCities } from '../../src/modules/location/suggest.js';

const almaty = { id: '1', name: 'Алматы', full_name: 'Алматы', type: 'adm_div', subtype: 'city', point: { lat: 43.238, lon: 76.945 } };

describe('2GIS suggest parameters (SPEC.md)', () => {
  it('cities: key, q, type=adm_div.city, fields, locale, country_id', () => {
    expect(cityParams('K', 'Алм')).toEqual({
      key: 'K',
      q: 'Алм',
      type: 'adm_div.city',
      fields: 'items.point',
      locale: 'ru_KZ',
      country_id: '4',
    });
  });

  it('addresses: sort_point is longitude first', () => {
    expect(addressParams('K', 'Абая', { lat: 43.2, lon: 76.9 })).toEqual({
      key: 'K',
      q: 'Абая',
      type: 'street,branch,building,adm_div,crossroad',
      fields: 'items.point',
      locale: 'ru_KZ',
      country_id: '4',
      sort_point: '76.9,43.2',
    });
    expect(addressParams('K', 'Абая', undefined)).not.toHaveProperty('sort_point');
  });
});

describe('suggestItems validates the upstream body', () => {
  it('accepts meta.code 200 with items', () => {
    expect(suggestItems({ meta: { code: 200 }, result: { items: [almaty], total: 1 } })).toEqual([almaty]);
  });

  it('reads 2GIS "Results not found" (meta.code 404) as no suggestions', () => {
    expect(suggestItems({ meta: { code: 404, error: { type: 'itemNotFound', message: 'Results not found' } } })).toEqual([]);
  });

  it.each([
    ['null', null],
    ['a string', 'oops'],
    ['no meta', { result: { items: [] } }],
    ['an error code', { meta: { code: 403, error: { type: 'keyIsBlocked' } } }],
    ['200 without result', { meta: { code: 200 } }],
    ['items not a list', { meta: { code: 200 }, result: { items: {} } }],
    ['an item without name', { meta: { code: 200 }, result: { items: [{ full_name: 'x' }] } }],
    ['a point with a string lat', { meta: { code: 200 }, result: { items: [{ name: 'x', point: { lat: '1', lon: 2 } }] } }],
  ])('rejects %s', (_what, body) => {
    expect(suggestItems(body)).toBeUndefined();
  });

  it('never throws, whatever the body', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        const items = suggestItems(body);
        expect(items === undefined || Array.isArray(items)).toBe(true);
      }),
    );
  });
});

describe('mapping (CONTRACT.md §8)', () => {
  it('cities: name, full_name, point; cities without a point are left out', () => {
    expect(toCities([almaty, { name: 'Без точки', full_name: 'Без точки' }])).toEqual([
      { name: 'Алматы', full_name: 'Алматы', point: { lat: 43.238, lon: 76.945 } },
    ]);
  });

  it('addresses: full_name falls back to address_name, then name; point may be null', () => {
    expect(
      toAddresses([
        { name: 'улица Абая, 10', full_name: 'Алматы, улица Абая, 10', type: 'building', point: { lat: 43.24, lon: 76.91 } },
        { name: 'Абая', address_name: 'проспект Абая', type: 'street' },
        { name: 'Ж/д вокзал' },
      ]),
    ).toEqual([
      { name: 'улица Абая, 10', full_name: 'Алматы, улица Абая, 10', point: { lat: 43.24, lon: 76.91 }, type: 'building' },
      { name: 'Абая', full_name: 'проспект Абая', point: null, type: 'street' },
      { name: 'Ж/д вокзал', full_name: 'Ж/д вокзал', point: null, type: '' },
    ]);
  });

  it('drops fields we do not promise (ids, subtypes)', () => {
    const [city] = toCities([{ ...almaty, extra: 'x' } as typeof almaty]);
    expect(Object.keys(city!).sort()).toEqual(['full_name', 'name', 'point']);
  });
});
