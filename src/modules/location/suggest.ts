/**
 * 2GIS /3.0/suggests (SPEC.md "Location autocomplete", CONTRACT.md §8): the
 * upstream parameters, the validation of its body and the mapping to our
 * answers. Pure: no I/O here.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

export const CITY_TYPES = 'adm_div.city';
export const ADDRESS_TYPES = 'street,branch,building,adm_div,crossroad';
const COMMON_PARAMS = { fields: 'items.point', locale: 'ru_KZ', country_id: '4' } as const;

const Point = Type.Object({ lat: Type.Number(), lon: Type.Number() });

const SuggestItem = Type.Object({
  name: Type.String(),
  full_name: Type.Optional(Type.String()),
  address_name: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  subtype: Type.Optional(Type.String()),
  point: Type.Optional(Point),
});
export type SuggestItem = Static<typeof SuggestItem>;

/** meta.code 200 carries result.items; 2GIS answers "nothing found" as meta.code 404 without a result. */
const SuggestResponse = Type.Object({
  meta: Type.Object({ code: Type.Integer() }),
  result: Type.Optional(Type.Object({ items: Type.Array(SuggestItem) })),
});

export const CityBody = Type.Object({ name: Type.String(), full_name: Type.String(), point: Point });
export const AddressBody = Type.Object({
  name: Type.String(),
  full_name: Type.String(),
  point: Type.Union([Point, Type.Null()]),
  type: Type.String(),
});
export type City = Static<typeof CityBody>;
export type Address = Static<typeof AddressBody>;

export interface Near {
  lat: number;
  lon: number;
}

export function cityParams(key: string, q: string): Record<string, string> {
  return { key, q, type: CITY_TYPES, ...COMMON_PARAMS };
}

/** sort_point is longitude first; without coordinates the suggestions are not sorted by distance. */
export function addressParams(key: string, q: string, near: Near | undefined): Record<string, string> {
  const params: Record<string, string> = { key, q, type: ADDRESS_TYPES, ...COMMON_PARAMS };
  if (near) params.sort_point = `${near.lon},${near.lat}`;
  return params;
}

/** The suggestions of a well-formed body, [] for "nothing found", undefined for anything else. */
export function suggestItems(body: unknown): SuggestItem[] | undefined {
  if (!Value.Check(SuggestResponse, body)) return undefined;
  if (body.meta.code === 404 && !body.result) return [];
  if (body.meta.code !== 200 || !body.result) return undefined;
  return body.result.items;
}

const fullName = (item: SuggestItem): string => item.full_name || item.address_name || item.name;

/** Cities without coordinates cannot anchor an address search: left out. */
export function toCities(items: SuggestItem[]): City[] {
  return items.flatMap((item) =>
    item.point ? [{ name: item.name, full_name: fullName(item), point: { lat: item.point.lat, lon: item.point.lon } }] : [],
  );
}

export function toAddresses(items: SuggestItem[]): Address[] {
  return items.map((item) => ({
    name: item.name,
    full_name: fullName(item),
    point: item.point ? { lat: item.point.lat, lon: item.point.lon } : null,
    type: item.type ?? '',
  }));
}
