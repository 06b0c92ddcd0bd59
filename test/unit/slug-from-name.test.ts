import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newSlugProblem } from '../../src/core/slug.js';
import { slugFromName } from '../../src/core/slug-from-name.js';

describe('slugFromName', () => {
  it.each([
    ['Барбершоп Арман', 'barbershop-arman'],
    ['Салон «Жемчужина»', 'salon-zhemchuzhina'],
    ['Шаш үйі', 'shash-uyi'],
    ['Әсем қыз', 'asem-kyz'],
    ['Ғажайып Өрнек', 'gazhayyp-ornek'],
    ['Жаңа Ұлы Һәм Іле', 'zhanga-uly-ham-ile'],
    ['Beauty & Nails 24', 'beauty-nails-24'],
    ['Café Élite', 'cafe-elite'],
    ['  Щука — Хит!  ', 'shchuka-khit'],
    ['Подъезд Объём', 'podezd-obem'],
  ])('%j → %j', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });

  it('offers nothing when the name makes no valid new slug', () => {
    expect(slugFromName('Ай')).toBeNull();
    expect(slugFromName('★★★')).toBeNull();
    expect(slugFromName('Admin')).toBeNull();
    expect(slugFromName('')).toBeNull();
  });

  it('cuts a long name at a word, never past 64 characters', () => {
    const slug = slugFromName('Салон красоты '.repeat(10))!;
    expect(slug.length).toBeLessThanOrEqual(64);
    expect(slug).toMatch(/^salon-krasoty(-salon-krasoty)*(-salon)?$/);
  });

  it('property: whatever the name, the answer is null or a valid new slug', () => {
    const letters = [...'абвгдеёжзийклмнопрстуфхцчшщъыьэюяәғқңөұүһіABCxyz019 -«»&.,!ÉéÅ'];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 120 }),
          fc.array(fc.constantFrom(...letters), { maxLength: 120 }).map((a) => a.join('')),
        ),
        (name) => {
          const slug = slugFromName(name);
          if (slug !== null) expect(newSlugProblem(slug)).toBeNull();
        },
      ),
    );
  });

  it('property: a name of Cyrillic words always gives a slug of as many words (when they fit)', () => {
    const word = fc.array(fc.constantFrom(...'бвгдклмнпрстәғқңөұүһі'), { minLength: 3, maxLength: 8 }).map((a) => a.join(''));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (words) => {
        const slug = slugFromName(words.join(' '));
        expect(slug?.split('-')).toHaveLength(words.length);
      }),
    );
  });
});
