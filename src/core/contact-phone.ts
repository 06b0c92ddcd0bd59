/**
 * CONTRACT.md §11 fourth pass, "a shared contact proves only its own number": a Telegram contact's
 * `phone_number` is an international number (Telegram sends it with or without the `+`), so it is
 * read as one, never with SPEC.md's rule for a typed phone (that rule would read Lebanese
 * 961 3 123 456 as +7 961 312 34 56). Only country code 7 is a client phone. Pure: the library
 * holds the country codes and nothing else.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** The client phone (`7XXXXXXXXXX`) a shared contact vouches for, or null for a number of another country code. */
export function contactPhone(phoneNumber: string): string | null {
  const trimmed = phoneNumber.trim();
  const parsed = parsePhoneNumberFromString(trimmed.startsWith('+') ? trimmed : `+${trimmed}`);
  if (parsed?.countryCallingCode !== '7' || parsed.nationalNumber.length !== 10) return null;
  return `7${parsed.nationalNumber}`;
}
