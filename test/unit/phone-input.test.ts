import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../../src/core/phone.js';
import { afterInput, formatPhoneInput, looksLikeMobile, storedPhone, type FieldState } from '../../src/core/phone-input.js';

/** A browser's own edit of a text input: what the input event then hands the field. */
function key(state: FieldState, k: string): FieldState {
  if (k === 'Backspace') {
    if (state.caret === 0) return state;
    const raw = state.text.slice(0, state.caret - 1) + state.text.slice(state.caret);
    return afterInput(state.text, raw, state.caret - 1, 'deleteContentBackward');
  }
  if (k === 'Delete') {
    if (state.caret === state.text.length) return state;
    const raw = state.text.slice(0, state.caret) + state.text.slice(state.caret + 1);
    return afterInput(state.text, raw, state.caret, 'deleteContentForward');
  }
  if (k === 'ArrowLeft') return { ...state, caret: Math.max(0, state.caret - 1) };
  if (k === 'ArrowRight') return { ...state, caret: Math.min(state.text.length, state.caret + 1) };
  if (k === 'Home') return { ...state, caret: 0 };
  if (k === 'End') return { ...state, caret: state.text.length };
  const raw = state.text.slice(0, state.caret) + k + state.text.slice(state.caret);
  return afterInput(state.text, raw, state.caret + k.length, 'insertText');
}

const empty: FieldState = { text: '', caret: 0 };
const typeKeys = (keys: string[], from = empty) => keys.reduce(key, from);
const typeText = (text: string, from = empty) => typeKeys([...text], from);
const paste = (text: string, from = empty): FieldState => {
  const raw = from.text.slice(0, from.caret) + text + from.text.slice(from.caret);
  return afterInput(from.text, raw, from.caret + text.length, 'insertFromPaste');
};

/** Kazakhstan numbers: 10 digits after +7, always starting with 7 (mobile 70x/747/77x, cities 7xxx). */
const national = fc.stringMatching(/^7\d{9}$/);
const prefix = fc.constantFrom('8', '+7', '7', '');
const separator = fc.constantFrom('', ' ', '-');

/** The ways people write a number: a prefix, then groups 3-3-2-2 or 3-3-4, brackets or not. */
const written = fc
  .record({ n: national, prefix, sep: separator, brackets: fc.boolean(), groups: fc.constantFrom('3322', '334') })
  .map((w) => {
    const n = w.n;
    const area = w.brackets ? `(${n.slice(0, 3)})` : n.slice(0, 3);
    const rest = w.groups === '3322' ? [n.slice(3, 6), n.slice(6, 8), n.slice(8)] : [n.slice(3, 6), n.slice(6)];
    const body = [area, ...rest].join(w.sep || (w.brackets ? ' ' : ''));
    const gap = w.prefix && (w.sep || w.brackets) ? ' ' : '';
    return { n, text: `${w.prefix}${gap}${body}` };
  });

describe('the phone field, typed key by key as people in Kazakhstan do', () => {
  it.each([
    ['8 701 123 45 67', '8 (701) 123-45-67'],
    ['+7 701 123 45 67', '+7 (701) 123-45-67'],
    ['87011234567', '8 (701) 123-45-67'],
    ['+7 (701) 123-45-67', '+7 (701) 123-45-67'],
    ['7011234567', '(701) 123-45-67'],
    ['7 701 123 45 67', '7 (701) 123-45-67'],
    ['8 (701) 123-45-67', '8 (701) 123-45-67'],
  ])('%s is stored as +7 701 123 45 67 and shown as %s', (typed, shown) => {
    const state = typeText(typed);
    expect(state.text).toBe(shown);
    expect(state.caret).toBe(shown.length);
    expect(storedPhone(state.text)).toBe('77011234567');
  });

  it('any common way of writing any number, typed key by key, stores that number', () => {
    fc.assert(
      fc.property(written, ({ n, text }) => {
        expect(storedPhone(typeText(text).text)).toBe(`7${n}`);
      }),
    );
  });

  it('the same, pasted at once, into an empty field or after what was typed and selected away', () => {
    fc.assert(
      fc.property(written, ({ n, text }) => {
        expect(storedPhone(paste(text).text)).toBe(`7${n}`);
      }),
    );
  });

  it('stores what the server would store from the same digits', () => {
    fc.assert(
      fc.property(written, ({ text }) => {
        expect(storedPhone(typeText(text).text)).toBe(normalizePhone(text));
      }),
    );
  });

  it('property: over random input the page stores what the server stores from the field, differing only on a prefix the person wrote', () => {
    const unit = fc.constantFrom(...'0123456789 +-()abcxyzа'.split(''), '7', '8', '0');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 30 }), (typed) => {
        const shown = formatPhoneInput(typed);
        const stored = storedPhone(typed);
        expect(storedPhone(shown)).toBe(stored);
        if (stored !== null) {
          expect(normalizePhone(shown)).toBe(stored);
          // What the pages send (`+` and the stored number) the server keeps as it is.
          expect(normalizePhone(`+${stored}`)).toBe(stored);
          return;
        }
        if (normalizePhone(shown) === null) return;
        // The server would take the field's digits; the page does not because of the prefix they start with:
        // another country code, +7 with fewer than 10 digits after it, or the trunk 8 with 9 after it.
        const digits = shown.replace(/\D/g, '');
        if (shown.startsWith('+')) expect(digits.startsWith('7') && digits.length === 11).toBe(false);
        else expect(shown.startsWith('8') && digits.length === 10).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('formatting its own text changes nothing (the field never re-reads its prefix as digits)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789+()- '.split('')), maxLength: 24 }), (text) => {
        const once = formatPhoneInput(text);
        expect(formatPhoneInput(once)).toBe(once);
        expect(typeText(once).text).toBe(once);
      }),
    );
  });

  it('a wrong digit fixed in the middle: caret moved back, Backspace, the right digit', () => {
    fc.assert(
      fc.property(written, fc.integer({ min: 1, max: 9 }), fc.nat(9), ({ n, text }, position, digit) => {
        const typed = typeText(text);
        // The caret just after the national digit at `position` (the last 10 digits are the national ones), as taps or arrows put it.
        const digitsBefore = typed.text.replace(/\D/g, '').length - 10 + position + 1;
        let caret = 0;
        for (let seen = 0; seen < digitsBefore; caret++) if (/\d/.test(typed.text[caret]!)) seen++;
        const wanted = n.slice(0, position) + String(digit) + n.slice(position + 1);
        let state: FieldState = { ...typed, caret };
        state = typeKeys(['Backspace', String(digit)], state);
        expect(storedPhone(state.text)).toBe(`7${wanted}`);
      }),
    );
  });

  it('Backspace over a bracket or a space takes the digit before it, and the caret does not stick', () => {
    let state = typeText('+7 (701) 123-45-67');
    state = { ...state, caret: '+7 (701)'.length };
    state = key(state, 'Backspace');
    expect(state.text).toBe('+7 (701) 234-56-7');
    expect(state.caret).toBe('+7 (70'.length);
    state = { ...typeText('8 701 123'), caret: '8 (701) '.length };
    state = key(state, 'Backspace');
    expect(state.text).toBe('8 (701) 23');
  });

  it('Delete before a dash takes the digit after it', () => {
    const state = key({ ...typeText('87011234567'), caret: '8 (701) 123'.length }, 'Delete');
    expect(state.text).toBe('8 (701) 123-56-7');
  });

  it('a full number refuses one more digit, wherever the caret is', () => {
    const full = typeText('87011234567');
    expect(key(full, '9').text).toBe(full.text);
    const middle = key({ ...full, caret: 4 }, '9');
    expect(middle.text).toBe(full.text);
    expect(middle.caret).toBe(4);
  });

  it('a digit typed before an unfinished 8 … is refused: the field would read the 8 as a digit and drop the last one', () => {
    const unfinished = typeText('8 701 111 11 1');
    expect(unfinished.text).toBe('8 (701) 111-11-1');
    const before = key({ ...unfinished, caret: 0 }, '1');
    expect(before).toEqual({ text: '8 (701) 111-11-1', caret: 0 });
    expect(storedPhone(before.text)).toBeNull();
    // a prefix typed before a number without one is still taken
    expect(key({ ...typeText('701 111 11 11'), caret: 0 }, '8').text).toBe('8 (701) 111-11-11');
  });

  it('erasing everything key by key leaves an empty field', () => {
    fc.assert(
      fc.property(written, ({ text }) => {
        let state = typeText(text);
        for (let i = 0; i < 30; i++) state = key(state, 'Backspace');
        expect(state.text).toBe('');
      }),
    );
  });

  it('is incomplete until the tenth digit after +7, and not a Kazakhstan number after another country code', () => {
    expect(storedPhone(typeText('8 701 123 45 6').text)).toBeNull();
    expect(storedPhone(typeText('+1 202 555 0101').text)).toBeNull();
    expect(storedPhone('')).toBeNull();
  });
});

describe('looksLikeMobile (issue #49: a soft warning, the API keeps its rule)', () => {
  it('a Kazakh +7 7xx or Russian +7 9xx mobile looks right, typed any common way', () => {
    for (const text of ['8 701 123 45 67', '+7 701 123 45 67', '7 747 123 45 67', '+7 912 345 67 89', '8 916 123 45 67']) {
      expect(looksLikeMobile(typeText(text).text), text).toBe(true);
    }
  });

  it('a whole number of another kind (8 123 456 78 90, a landline) does not; an unfinished one is not judged', () => {
    for (const text of ['8 123 456 78 90', '+7 327 123 45 67', '8 495 123 45 67']) {
      expect(looksLikeMobile(typeText(text).text), text).toBe(false);
    }
    expect(looksLikeMobile(typeText('8 123 456').text)).toBe(true);
    expect(looksLikeMobile('')).toBe(true);
  });

  it('agrees with the second digit of every stored number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (national) => {
        const stored = storedPhone(`+7${national}`);
        fc.pre(stored !== null);
        expect(looksLikeMobile(`+7${national}`)).toBe(national[0] === '7' || national[0] === '9');
      }),
    );
  });
});
