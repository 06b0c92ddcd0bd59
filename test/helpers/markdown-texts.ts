/**
 * The bot sends legacy Markdown, which Telegram refuses when a name breaks it: a message module's every
 * text, built from one user-supplied value, must parse for a name full of specials and for any value.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { legacyMarkdownError } from './fake-telegram.js';

/** The two checks, over `allTexts(value)`: every text of the module built from that user value. */
export function itParsesWhateverTheUserTyped(allTexts: (value: string) => string[]): void {
  it('a name with _*[ and other specials', () => {
    for (const text of allTexts('Ann_*[x] `y` \\_ *')) expect(legacyMarkdownError(text), text).toBeNull();
  });

  it('property: arbitrary user values never break a message', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (value) =>
        allTexts(value).every((text) => legacyMarkdownError(text) === null),
      ),
      { numRuns: 200 },
    );
  });
}
