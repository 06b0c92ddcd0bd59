/**
 * An iCalendar file for the phone's calendar, built in the browser. Naive
 * booking times are wall-clock readings in the business's time zone; the
 * file carries them as UTC so no VTIMEZONE block is needed.
 */
import { escapeText, icsText, utcStamp as stamp } from '@core/ics.js';
import { wallClockAt } from '@core/wallclock.js';

const asUtc = (naive: string): number => Date.parse(`${naive.slice(0, 19)}Z`);

/** The instant whose wall-clock reading in timeZone is `naive` (offset found by two passes, DST-safe enough). */
export function instantOf(naive: string, timeZone: string): Date {
  let guess = asUtc(naive);
  for (let i = 0; i < 2; i += 1) guess = asUtc(naive) - (asUtc(wallClockAt(new Date(guess), timeZone)) - guess);
  return new Date(guess);
}

export interface CalendarEvent {
  uid: string;
  start: string;
  end: string;
  timeZone: string;
  summary: string;
  location?: string;
  description?: string;
}

export function buildIcs(event: CalendarEvent, now: Date = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//booking-kz//booking page//RU',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(instantOf(event.start, event.timeZone))}`,
    `DTEND:${stamp(instantOf(event.end, event.timeZone))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return icsText(lines);
}
