/** The mini app's hint color (web/src/miniapp/contrast.ts): readable (WCAG 4.5:1) on every Telegram background. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contrast, readableOn } from '../../web/src/miniapp/contrast.js';

describe('contrast', () => {
  it('matches WCAG for black on white and is symmetric', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('lifts Telegram dark theme hint text until readable, keeps a readable one as it is', () => {
    const dark = { bg: '#17212b', secondary: '#0e1621', text: '#f5f5f5', hint: '#708499' };
    expect(contrast(dark.hint, dark.bg)).toBeLessThan(4.5);
    const fixed = readableOn(dark.hint, [dark.bg, dark.secondary], dark.text);
    expect(contrast(fixed, dark.bg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(fixed, dark.secondary)).toBeGreaterThanOrEqual(4.5);
    expect(readableOn('#5f6b7e', ['#ffffff'], '#000000')).toBe('#5f6b7e');
  });

  const hex = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map((rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`);
  it('property: when the text color itself is readable, the result is too', () => {
    fc.assert(
      fc.property(hex, hex, hex, (hint, bg, text) => {
        fc.pre(contrast(text, bg) >= 4.5);
        expect(contrast(readableOn(hint, [bg], text), bg)).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });
});
