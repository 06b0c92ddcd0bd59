/**
 * The phone field as people in Kazakhstan type it: `8 701 123 45 67`,
 * `+7 (701) 123-45-67`, `7 701 …`, `701 …`, key by key or pasted. The field
 * keeps the prefix the person wrote (8, +7, 7 or none) and only adds spaces,
 * brackets and dashes, so reading its own text back never changes a digit:
 * formatting is idempotent. The stored number is the server's `normalizePhone`
 * of the national digits the field reads (`storedPhone`).
 * No DOM here: web/src/shared/phone-field.tsx binds it to an input.
 */
import { normalizePhone } from './phone.js';

/** What the field holds, as typed: a leading plus and the digits. */
interface PhoneEntry {
  plus: boolean;
  digits: string;
}

export interface FieldState {
  text: string;
  /** The caret, as an offset into text. */
  caret: number;
}

const isDigit = (c: string) => c >= '0' && c <= '9';

/** A plus counts only before the first digit; anything else but digits is decoration. */
function readEntry(text: string): PhoneEntry {
  const firstDigit = text.search(/\d/);
  const plus = text.slice(0, firstDigit < 0 ? text.length : firstDigit).includes('+');
  const digits = text.replace(/\D/g, '');
  return { plus, digits: digits.slice(0, maxDigits(plus, digits)) };
}

/**
 * With a country code or trunk prefix (+7, 8) a number has 11 digits, else 10.
 * Every Kazakhstan number starts with 7 after +7, so a leading 7 is a country
 * code only when a 7 follows it ("7 701…", "7 747…"); "701…" is 10 digits.
 */
function maxDigits(plus: boolean, digits: string): number {
  return plus || digits.startsWith('8') || digits.startsWith('77') || digits === '7' ? 11 : 10;
}

/** The 10 digits after +7, or as many as there are so far. */
function nationalDigits({ plus, digits }: PhoneEntry): string {
  if (plus) return digits.startsWith('7') ? digits.slice(1) : digits;
  if (digits.startsWith('8') || (digits.length === 11 && digits.startsWith('7'))) return digits.slice(1);
  return digits;
}

/** "(701) 123-45-67", a separator only ever before a digit that follows it. */
function groupNational(n: string): string {
  let text = `(${n.slice(0, 3)}`;
  if (n.length > 3) text += `) ${n.slice(3, 6)}`;
  if (n.length > 6) text += `-${n.slice(6, 8)}`;
  if (n.length > 8) text += `-${n.slice(8, 10)}`;
  return text;
}

function prefixOf(entry: PhoneEntry): string {
  const national = nationalDigits(entry);
  const prefix = entry.digits.slice(0, entry.digits.length - national.length);
  return (entry.plus ? '+' : '') + prefix;
}

function formatEntry(entry: PhoneEntry): string {
  const national = nationalDigits(entry);
  const prefix = prefixOf(entry);
  if (entry.plus && !entry.digits.startsWith('7')) return `+${entry.digits}`;
  if (!national) return prefix;
  return prefix ? `${prefix} ${groupNational(national)}` : groupNational(national);
}

/** The field's text for whatever was typed or pasted. */
export function formatPhoneInput(text: string): string {
  return formatEntry(readEntry(text));
}

/**
 * The number to store, by the server's rule, or null while the field does not hold a whole
 * Kazakhstan (+7) number. The one thing the page adds: it reads a prefix the person wrote
 * (+7, 8) as a prefix, so "8 701 123 45 6" is incomplete here though its 10 digits would
 * normalize on the server (test/unit/phone-input.test.ts proves where the two may differ).
 */
export function storedPhone(text: string): string | null {
  const entry = readEntry(text);
  if (entry.plus && !entry.digits.startsWith('7')) return null;
  const national = nationalDigits(entry);
  return national.length === 10 ? normalizePhone(national) : null;
}

/** The offset in text just after its n-th digit (after the plus for 0 when there is one). */
function offsetAfterDigits(text: string, n: number, plusBefore: boolean): number {
  if (n === 0) return plusBefore ? text.indexOf('+') + 1 : 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (isDigit(text[i]!) && ++seen === n) return i + 1;
  }
  return text.length;
}

/** Formats raw text with its caret, keeping the caret after the same digit. */
function reformat(raw: string, caret: number): FieldState {
  const before = raw.slice(0, caret);
  const digitsBefore = before.replace(/\D/g, '').length;
  const text = formatPhoneInput(raw);
  const kept = text.replace(/\D/g, '').length;
  return { text, caret: offsetAfterDigits(text, Math.min(digitsBefore, kept), before.includes('+') && text.startsWith('+')) };
}

const significant = (text: string) => `${readEntry(text).plus ? '+' : ''}${text.replace(/\D/g, '')}`;

/**
 * The field after the browser applied an edit (`raw`, caret after it): a
 * deletion that took only a bracket, space or dash takes the digit beside it
 * too, as the person meant; a digit the field could keep only by dropping
 * another (into a whole number, before an unfinished prefix) is refused.
 */
export function afterInput(previous: string, raw: string, caret: number, inputType: string): FieldState {
  if (inputType.startsWith('delete') && significant(previous) === significant(raw)) {
    const forward = inputType === 'deleteContentForward';
    const at = forward ? findDigit(raw, caret, 1) : findDigit(raw, caret - 1, -1);
    if (at >= 0) return reformat(raw.slice(0, at) + raw.slice(at + 1), forward ? caret : at);
  }
  // One key the field could keep only by dropping a digit (a paste or a replaced selection is taken as it comes).
  if (inputType === 'insertText' && raw.length === previous.length + 1 && dropsDigit(raw)) {
    const back = previous.length - (raw.length - caret);
    return { text: formatPhoneInput(previous), caret: Math.max(0, Math.min(back, previous.length)) };
  }
  return reformat(raw, caret);
}

/**
 * Whether the field would lose a digit of `raw`: one more after a whole number, or one typed before an
 * unfinished "8 701 …" that stops its 8 reading as a prefix ("18 701 111 11 1" would keep 1870111111).
 */
function dropsDigit(raw: string): boolean {
  return readEntry(raw).digits.length < raw.replace(/\D/g, '').length;
}

function findDigit(text: string, from: number, step: 1 | -1): number {
  for (let i = from; i >= 0 && i < text.length; i += step) if (isDigit(text[i]!)) return i;
  return -1;
}

/**
 * Whether a whole number looks like a mobile the salon can reach (anything else is most often a typo the client
 * can still fix): Kazakh mobiles are +7 7xx, Russian +7 9xx. Only a soft warning on the page: the API keeps SPEC.md's phone rule (core/phone.ts).
 * True while the number is not whole yet: nothing to warn about.
 */
export function looksLikeMobile(text: string): boolean {
  const stored = storedPhone(text);
  return stored === null || stored[1] === '7' || stored[1] === '9';
}
