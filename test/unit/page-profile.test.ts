/** Pure pieces of the booking page's head, share card and profile fields. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instagramName, profileValues } from '../../src/modules/catalog/profile.js';
import { datesBetween } from '../../src/core/wallclock.js';
import { cardSvg, wrap } from '../../src/modules/web/og-card.js';
import { metaTags, shorten } from '../../src/modules/web/meta.js';

describe('instagramName', () => {
  it.each([
    ['azhar', 'azhar'],
    ['@azhar.salon', 'azhar.salon'],
    [' https://www.instagram.com/azhar_salon/?igsh=x ', 'azhar_salon'],
    ['instagram.com/Azhar', 'Azhar'],
  ])('%s → %s', (raw, name) => expect(instagramName(raw)).toBe(name));

  it.each(['bad name', 'a..b', '.a', 'a.', 'x'.repeat(31), 'https://example.com/azhar', '@'])('rejects %s', (raw) =>
    expect(instagramName(raw)).toBeNull(),
  );
});

describe('profileValues', () => {
  it('clears with null or blank, trims the description, formats WhatsApp; absent fields are left alone', () => {
    expect(profileValues({})).toEqual({});
    expect(profileValues({ description: '  ', instagram: null, whatsapp: '' })).toEqual({
      description: null,
      instagram: null,
      whatsapp: null,
    });
    expect(profileValues({ description: ' Салон ', whatsapp: '87011234567' })).toEqual({
      description: 'Салон',
      whatsapp: '+7 701 123 45 67',
    });
    expect(() => profileValues({ whatsapp: '123' })).toThrow(/whatsapp/);
  });
});

describe('meta tags', () => {
  it('escape every value as an attribute', () => {
    const html = metaTags({ title: '"><script>', description: "a'b&c", url: 'http://x.test/a"b', image: 'http://x.test/i.png' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('content="&quot;&gt;&lt;script&gt;"');
    expect(html).toContain('content="a&#39;b&amp;c"');
    expect(html).toContain('href="http://x.test/a&quot;b"');
  });

  it('shorten keeps at most the limit, whole words, one line', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const short = shorten(text, 160);
        expect(short.length).toBeLessThanOrEqual(160);
        expect(short).not.toMatch(/\s\s|\n/);
      }),
    );
  });
});

describe('share card', () => {
  it('wraps names into at most 3 lines of the width, escapes the SVG text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (name) => {
        const lines = wrap(name, 20, 3);
        expect(lines.length).toBeLessThanOrEqual(3);
        for (const line of lines) expect(line.length).toBeLessThanOrEqual(20);
      }),
    );
    expect(wrap('Студия красоты «Алтын Арай» на Абая', 20, 3)).toEqual(['Студия красоты', '«Алтын Арай» на Абая']);
    expect(cardSvg('A & <b>', '')).toContain('A &amp; &lt;b&gt;');
  });
});

it('datesBetween includes both ends and crosses months', () => {
  expect(datesBetween('2026-11-29', '2026-12-02')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
  expect(datesBetween('2026-11-29', '2026-11-29')).toEqual(['2026-11-29']);
});
