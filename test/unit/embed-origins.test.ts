import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { embedOrigin, embedOrigins, frameAncestors, MAX_EMBED_ORIGINS } from '../../src/core/embed-origins.js';

describe('embed origins (CONTRACT.md §18)', () => {
  it('takes a bare https origin in its canonical form', () => {
    expect(embedOrigin('https://Salon.kz/')).toBe('https://salon.kz');
    expect(embedOrigin(' https://www.salon.kz:8443 ')).toBe('https://www.salon.kz:8443');
    expect(embedOrigin('https://salon.tilda.ws')).toBe('https://salon.tilda.ws');
  });

  it('refuses anything that is not a bare https origin', () => {
    for (const bad of [
      'http://salon.kz',
      'salon.kz',
      'https://salon.kz/page',
      'https://salon.kz?x=1',
      'https://salon.kz#top',
      'https://user:pw@salon.kz',
      'https://*.salon.kz',
      '*',
      "https://salon.kz 'unsafe-inline'",
      'https://salon.kz;script-src *',
      'javascript:alert(1)',
      'https://',
    ])
      expect(embedOrigin(bad), bad).toBeNull();
  });

  it('a list: repeats dropped, at most 10, the first bad value named', () => {
    expect(embedOrigins(['https://a.kz', 'https://A.kz/'])).toEqual({ origins: ['https://a.kz'] });
    const eleven = Array.from({ length: MAX_EMBED_ORIGINS + 1 }, (_, i) => `https://s${i}.kz`);
    expect(embedOrigins(eleven)).toEqual({ problem: { kind: 'too_many' } });
    expect(embedOrigins(['https://a.kz', 'http://b.kz'])).toEqual({ problem: { kind: 'invalid', value: 'http://b.kz' } });
  });

  it("frame-ancestors: 'self', Telegram Web and the salon's sites, never *", () => {
    expect(frameAncestors([])).toBe("'self' https://web.telegram.org");
    expect(frameAncestors(['https://a.kz', '*'])).toBe("'self' https://web.telegram.org https://a.kz");
  });

  it('property: whatever is typed, an accepted origin is one CSP source without spaces, quotes, ; or ,', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl().map((u) => u.replace(/^http:/, 'https:')),
        ),
        (raw) => {
          const origin = embedOrigin(raw);
          if (origin === null) return;
          expect(origin).toMatch(/^https:\/\/[a-z0-9.-]+(:\d+)?$/);
          expect(embedOrigin(origin)).toBe(origin);
        },
      ),
    );
  });
});
