/**
 * The VTIMEZONE block ical-generator asks its `timezone.generator` for. Built from the
 * runtime's own time-zone data (Intl), which Node keeps current: the packaged tables
 * (@touch4it/ical-timezones 1.9.0, 2023) still give Asia/Almaty +06:00, while Kazakhstan
 * moved to +05:00 on 2024-03-01, which would put every event an hour off.
 */

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

/** An instant as a local DATE-TIME in a given offset: 20240301T000000. */
const localStampAt = (instant: number, offset: number): string =>
  new Date(instant + offset * 60_000).toISOString().slice(0, 19).replace(/[-:]/g, '');

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
export function vtimezone(timeZone: string, from: Date, to: Date): string {
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
    const local = localStampAt(change.at, change.before);
    lines.push(...observance(change.after > change.before ? 'DAYLIGHT' : 'STANDARD', local, change.before, change.after));
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
