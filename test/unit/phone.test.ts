import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone, phoneVariants } from '../../src/core/phone.js';

describe('normalizePhone (SPEC.md booking rule 5, CONTRACT.md §5)', () => {
  it.each([
    ['+7 701 234 56 78', '77012345678'],
    ['+7-701-234-56-78', '77012345678'],
    ['87012345678', '77012345678'],
    ['8 (701) 234-56-78', '77012345678'],
    ['7012345678', '77012345678'],
    ['701 234 5678', '77012345678'],
    ['77012345678', '77012345678'],
    ['+7(701)234.56.78', '77012345678'],
  ])('%s → %s', (raw, expected) => {
    expect(normalizePhone(raw)).toBe(expected);
  });

  it.each(['', '12345', '+7 701 234 56', '+7 701 234 56 789', 'phone', '123456789012'])('rejects %j', (raw) => {
    expect(normalizePhone(raw)).toBeNull();
  });

  it('property: the result is null or 11 digits without +, and normalizing twice changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (raw) => {
        const once = normalizePhone(raw);
        if (once === null) return;
        expect(once).toMatch(/^\d{11}$/);
        expect(normalizePhone(once)).toBe(once);
      }),
    );
  });

  it('property: any 10 digits, in any of the usual spellings, give 7 + those digits', () => {
    const tenDigits = fc.stringMatching(/^\d{10}$/);
    fc.assert(
      fc.property(tenDigits, fc.constantFrom('', '+7', '7', '8', '+7 ', '8-'), (digits, prefix) => {
        const spaced = `${digits.slice(0, 3)} ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;
        expect(normalizePhone(prefix + spaced)).toBe(`7${digits}`);
      }),
    );
  });
});

describe('phoneVariants', () => {
  it('lists the stored spellings of one number (+7, 7, 8)', () => {
    expect(new Set(phoneVariants('8 701 234 56 78'))).toEqual(new Set(['77012345678', '+77012345678', '87012345678']));
  });

  it('returns the raw value for a phone that does not normalize', () => {
    expect(phoneVariants('123')).toEqual(['123']);
  });
});

describe('formatPhone', () => {
  it('formats a normalized phone as +7 701 234 56 78', () => {
    expect(formatPhone('77012345678')).toBe('+7 701 234 56 78');
  });

  it('leaves anything that is not 11 digits unchanged', () => {
    expect(formatPhone('12345')).toBe('12345');
  });

  it('property: formatting then normalizing gives the phone back', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^7\d{10}$/), (phone) => {
        expect(normalizePhone(formatPhone(phone))).toBe(phone);
      }),
    );
  });
});
