/**
 * An iCalendar file for the phone's calendar, built in the browser by ical-generator
 * (escaping, line folding). Naive booking times are wall-clock readings in the business's
 * time zone; the file carries them as UTC instants, so no VTIMEZONE block is needed.
 */
import ical, { ICalCalendarMethod } from 'ical-generator';
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
  const calendar = ical({ prodId: '//booking-kz//booking page//RU', scale: 'GREGORIAN', method: ICalCalendarMethod.PUBLISH });
  calendar.createEvent({
    id: event.uid,
    stamp: now,
    start: instantOf(event.start, event.timeZone),
    end: instantOf(event.end, event.timeZone),
    summary: event.summary,
    location: event.location ?? null,
    description: event.description ?? null,
  });
  return `${calendar.toString()}\r\n`;
}
