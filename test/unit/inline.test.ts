/** db/inline.ts: the values written into a statement's text for the messages that go with BEGIN or COMMIT. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inlineValue, parameterValues } from '../../src/db/inline.js';

describe('inlineValue', () => {
  it('writes integers as they are and strings quoted, their quotes doubled', () => {
    expect(inlineValue(42)).toBe('42');
    expect(inlineValue(-7)).toBe('-7');
    expect(inlineValue('2026-11-24T00:00')).toBe("'2026-11-24T00:00'");
    expect(inlineValue("O'Brien'; DROP TABLE bookings; --")).toBe("'O''Brien''; DROP TABLE bookings; --'");
    expect(inlineValue(null)).toBe('NULL');
    expect(inlineValue(false)).toBe('false');
  });

  it('refuses what it cannot write safely: fractions, huge numbers, backslashes, objects', () => {
    expect(() => inlineValue(1.5)).toThrow(TypeError);
    expect(() => inlineValue(2 ** 60)).toThrow(TypeError);
    expect(() => inlineValue("\\' OR 1=1 --")).toThrow(TypeError);
    expect(() => inlineValue({ id: 1 })).toThrow(TypeError);
    expect(() => inlineValue(undefined)).toThrow(TypeError);
  });

  it('any string without a backslash comes back whole between its quotes', () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !text.includes('\\')),
        (text) => {
          const written = inlineValue(text);
          expect(written.startsWith("'") && written.endsWith("'")).toBe(true);
          const inner = written.slice(1, -1);
          // Every quote inside is doubled, so none ends the literal early.
          expect(inner.replaceAll("''", '')).not.toContain("'");
          expect(inner.replaceAll("''", "'")).toBe(text);
        },
      ),
    );
  });
});

describe('parameterValues', () => {
  it("gives each numbered parameter its placeholder's value by name, or its constant", () => {
    expect(parameterValues([{ name: 'slug' }, 1, { name: 'date' }, false], { slug: 'salon', date: '2026-11-24' })).toEqual([
      'salon',
      1,
      '2026-11-24',
      false,
    ]);
  });
});
