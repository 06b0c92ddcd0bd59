/** CONTRACT.md §11 fourth pass: a shared contact's number is read as an international one; only +7 is a client phone. */
import fc from 'fast-check';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { contactPhone } from '../../src/core/contact-phone.js';
import { normalizePhone } from '../../src/core/phone.js';

describe('contactPhone', () => {
  it.each([
    ['77012345678', '77012345678'],
    ['+77012345678', '77012345678'],
    ['+7 701 234 56 78', '77012345678'],
    [' 79613123456 ', '79613123456'],
  ])('%j → %s', (raw, expected) => {
    expect(contactPhone(raw)).toBe(expected);
  });

  it.each([
    '9613123456', // Lebanon +961 3 123 456: SPEC.md's typed-phone rule would read it as +7 961 312 34 56
    '+9613123456',
    '9607771234', // Maldives
    '84912345678', // Vietnam +84 91…
    '87012345678', // +870 (Inmarsat), not 8 for 7: a contact is international
    '7701234567', // +7 with 9 digits
    '770123456789', // +7 with 11 digits
    '',
    '+',
    'phone',
  ])('%j is not a client phone', (raw) => {
    expect(contactPhone(raw)).toBeNull();
  });

  const otherCodes = [...new Set(getCountries().map((country) => getCountryCallingCode(country)))].filter((code) => code !== '7');

  it('property: no number of another country code ever gives a phone, so it matches no +7 booking', () => {
    fc.assert(
      fc.property(fc.constantFrom(...otherCodes), fc.stringMatching(/^\d{4,14}$/), fc.boolean(), (code, rest, plus) => {
        const phone = contactPhone(`${plus ? '+' : ''}${code}${rest}`);
        expect(phone).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('property: any +7 number of 10 national digits, with or without +, is that number, as a booking stores it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), fc.boolean(), (national, plus) => {
        const phone = contactPhone(`${plus ? '+' : ''}7${national}`);
        expect(phone).toBe(`7${national}`);
        expect(normalizePhone(`+7${national}`)).toBe(phone);
      }),
    );
  });
});
