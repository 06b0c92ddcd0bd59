/**
 * iCalendar (RFC 5545) text: escaping, line folding and a time zone block.
 * Pure (no I/O): the server's calendar feeds and the booking page's single
 * event both build on it. Naive wall-clock readings go out as local times
 * with a TZID, never through a JS Date's own zone.
 */
import type { NaiveDateTime } from './wallclock.js';

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11). */
export const escapeText = (text: string): string =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

const encoder = new TextEncoder();

/** Content lines of at most 75 octets, continued with CRLF and a space, never splitting a character (§3.1). */
export function foldLine(line: string): string {
  let out = '';
  let bytes = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (bytes + size > 75) {
      out += '\r\n ';
      bytes = 1;
    }
    out += char;
    bytes += size;
  }
  return out;
}

/** Lines joined with CRLF, each folded, ending with a CRLF. */
export const icsText = (lines: string[]): string => `${lines.map(foldLine).join('\r\n')}\r\n`;

/** An instant as a UTC DATE-TIME: 20261125T083000Z. */
export const utcStamp = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A naive wall-clock reading as a local DATE-TIME (to go with a TZID): 20261125T133000. */
export const localStamp = (naive: NaiveDateTime): string => naive.slice(0, 19).replace(/[-:]/g, '');

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in minutes (east positive). */
export function offsetMinutes(instant: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormatters.set(timeZone, formatter);
  }
  const name = formatter.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

const utcOffset = (minutes: number): string => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};

const DAY_MS = 86_400_000;

/** The instants in [from, to) where the zone's offset changes, to the minute. */
function transitions(timeZone: string, from: number, to: number): { at: number; before: number; after: number }[] {
  const found: { at: number; before: number; after: number }[] = [];
  let previous = offsetMinutes(from, timeZone);
  for (let day = from; day < to; day += DAY_MS) {
    const next = offsetMinutes(day + DAY_MS, timeZone);
    if (next === previous) continue;
    let low = day;
    let high = day + DAY_MS;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetMinutes(middle, timeZone) === previous) low = middle;
      else high = middle;
    }
    found.push({ at: high, before: previous, after: next });
    previous = next;
  }
  return found;
}

/**
 * A VTIMEZONE for `timeZone` that is right for every instant in [from, to): the offset in force at
 * `from`, then each change inside the range as its own observance. Calendar apps (Google, Apple,
 * Outlook) read local times with the TZID through it.
 */
export function vtimezone(timeZone: string, from: Date, to: Date): string[] {
  const start = from.getTime();
  const first = offsetMinutes(start, timeZone);
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', dtstart: string, before: number, after: number) => [
    `BEGIN:${kind}`,
    `DTSTART:${dtstart}`,
    `TZOFFSETFROM:${utcOffset(before)}`,
    `TZOFFSETTO:${utcOffset(after)}`,
    `END:${kind}`,
  ];
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, ...observance('STANDARD', '19700101T000000', first, first)];
  for (const change of transitions(timeZone, start, to.getTime())) {
    // DTSTART of an observance is the local time of the change in the offset before it.
    const local = utcStamp(new Date(change.at + change.before * 60_000)).slice(0, 15);
    lines.push(...observance(change.after > change.before ? 'DAYLIGHT' : 'STANDARD', local, change.before, change.after));
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
