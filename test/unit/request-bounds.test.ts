/** CONTRACT.md §11: what a JSON body may hold, counted before it is parsed (src/http/request-bounds.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonExcess } from '../../src/http/request-bounds.js';

/** Keys and array elements of a parsed value, counted the slow way. */
function itemsOf(value: unknown): number {
  if (Array.isArray(value)) return value.length + value.reduce((sum: number, item) => sum + itemsOf(item), 0);
  if (value !== null && typeof value === 'object') return Object.values(value).reduce((sum: number, item) => sum + 1 + itemsOf(item), 0);
  return 0;
}

const wide = { depth: 1000, items: 1_000_000 };

describe('jsonExcess', () => {
  it.each([
    ['{}', 0],
    ['[]', 0],
    ['[ ]', 0],
    ['[1]', 1],
    ['{"a": [1, 2, {"b": []}]}', 5],
    ['"a,b,[c]"', 0],
    ['{"a\\",": ",[{"}', 1],
  ])('%s holds %i', (text, items) => {
    expect(jsonExcess(text, { ...wide, items })).toBeUndefined();
    if (items > 0) expect(jsonExcess(text, { ...wide, items: items - 1 })).toBe('too_many_items');
  });

  it('property: it counts exactly the keys and array elements of any JSON text, however it is spaced', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(undefined, 1, '\t'), (value, space) => {
        const text = JSON.stringify(value, null, space);
        const items = itemsOf(JSON.parse(text));
        expect(jsonExcess(text, { ...wide, items })).toBeUndefined();
        if (items > 0) expect(jsonExcess(text, { ...wide, items: items - 1 })).toBe('too_many_items');
      }),
    );
  });

  it('property: a NUL in any string, key or value, is found; a backslash before u0000 is not one', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.boolean(), (before, after, asKey) => {
        const text = `${before}\u0000${after}`;
        expect(jsonExcess(JSON.stringify(asKey ? { [text]: 1 } : [text]), wide)).toBe('nul');
        expect(jsonExcess(JSON.stringify([`${before.replaceAll('\u0000', '')}\\u0000`]), wide)).toBeUndefined();
      }),
    );
  });

  it('nesting past the depth is too_deep', () => {
    expect(jsonExcess('[[[]]]', { depth: 3, items: 10 })).toBeUndefined();
    expect(jsonExcess('[[[[]]]]', { depth: 3, items: 10 })).toBe('too_deep');
  });
});
