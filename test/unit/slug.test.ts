import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstFreeSlug, MAX_SLUG_LENGTH, newSlugProblem, RESERVED_SLUGS, slugFromPhone, slugProblem } from '../../src/core/slug.js';

describe('slugFromPhone', () => {
  it('is the 10-digit phone without the 7 prefix', () => {
    expect(slugFromPhone('77012345678')).toBe('7012345678');
  });
});

describe('firstFreeSlug', () => {
  it('takes the base when it is free', () => {
    expect(firstFreeSlug('7012345678', new Set())).toBe('7012345678');
  });

  it('adds -2, -3, ... on collision', () => {
    expect(firstFreeSlug('7012345678', new Set(['7012345678']))).toBe('7012345678-2');
    expect(firstFreeSlug('7012345678', new Set(['7012345678', '7012345678-2']))).toBe('7012345678-3');
  });

  it('fills the first gap', () => {
    expect(firstFreeSlug('s', new Set(['s', 's-3']))).toBe('s-2');
  });

  it('property: the result is never taken, and is the base or base-N', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 12 })), (taken) => {
        const set = new Set(taken.map((n) => (n === 1 ? 'b' : `b-${n}`)));
        const slug = firstFreeSlug('b', set);
        expect(set.has(slug)).toBe(false);
        expect(slug).toMatch(/^b(-([2-9]|\d{2,}))?$/);
      }),
    );
  });
});

describe('slugProblem (format, reserved words)', () => {
  it.each(['salon-azhar', '7012345678', '7012345678-2', 'a', '-'])('accepts %j', (slug) => {
    expect(slugProblem(slug)).toBeNull();
  });

  it.each(['', 'Salon', 'salon azhar', 'салон', 'a_b', 'a.b', 'a/b', 'x'.repeat(MAX_SLUG_LENGTH + 1)])(
    'rejects the format of %j',
    (slug) => {
      expect(slugProblem(slug)).toBe('format');
    },
  );

  it.each([...RESERVED_SLUGS].filter((slug) => /^[a-z0-9-]+$/.test(slug)))('rejects the reserved %j', (slug) => {
    expect(slugProblem(slug)).toBe('reserved');
  });

  it('favicon.ico and robots.txt are not accepted either', () => {
    expect(slugProblem('favicon.ico')).not.toBeNull();
    expect(slugProblem('robots.txt')).not.toBeNull();
  });

  it('property: an accepted slug matches [a-z0-9-]+ and is not reserved', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 70 }), (slug) => {
        if (slugProblem(slug) === null) {
          expect(slug).toMatch(/^[a-z0-9-]{1,64}$/);
          expect(RESERVED_SLUGS.has(slug)).toBe(false);
        }
      }),
    );
  });

  it('property: every phone slug is acceptable', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^7\d{10}$/), (phone) => {
        expect(slugProblem(slugFromPhone(phone))).toBeNull();
      }),
    );
  });
});

describe('newSlugProblem (a slug chosen now)', () => {
  it.each(['-', '--', '---', '0', '00', 'a', 'ab', '-salon', 'salon-', '-7012345678'])('refuses %j', (slug) => {
    expect(newSlugProblem(slug)).toBe('format');
  });

  it.each(['salon-azhar', '7012345678', '7012345678-2', 'a-b', '000', 'abc'])('accepts %j', (slug) => {
    expect(newSlugProblem(slug)).toBeNull();
  });

  it('reserved words stay reserved', () => {
    expect(newSlugProblem('admin')).toBe('reserved');
  });

  it('property: an accepted slug holds a letter or digit at both ends and is at least 3 long; every phone slug passes', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9-]{0,70}$/), (slug) => {
        if (newSlugProblem(slug) === null) expect(slug).toMatch(/^[a-z0-9][a-z0-9-]{1,62}[a-z0-9]$/);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^7\d{10}$/), (phone) => {
        expect(newSlugProblem(slugFromPhone(phone))).toBeNull();
      }),
    );
  });
});
