/**
 * A master's bookings as an iCalendar feed (CONTRACT.md §14): one VEVENT per
 * booking, local times with the APP_TIMEZONE TZID and its VTIMEZONE, the
 * service and the client's first name, never a phone or notes.
 */
import { createHmac } from 'node:crypto';
import { escapeText, icsText, localStamp, utcStamp, vtimezone } from '../../core/ics.js';
import type { FeedBooking, FeedOwner } from './queries.js';

const STATUS: Record<string, string> = { pending: 'TENTATIVE', confirmed: 'CONFIRMED', completed: 'CONFIRMED' };

/**
 * An event's UID: stable per booking, but not its id (CONTRACT.md §11 third pass, §14). A booking id
 * read from a feed once opened the client's bot subscription; an HMAC under the service's secret tells
 * nothing about the booking and cannot be turned back into its id.
 */
export function feedEventUid(secret: string, bookingId: string): string {
  return `${createHmac('sha256', secret).update(`calendar-feed-uid:${bookingId}`).digest('hex').slice(0, 32)}@booking-kz`;
}

export interface FeedFrame {
  /** The key of the events' UIDs (feedEventUid). */
  secret: string;
  timeZone: string;
  /** The instant the feed is made (DTSTAMP). */
  now: Date;
  /** Instants that bound the events, for the VTIMEZONE's changes. */
  from: Date;
  to: Date;
}

export function renderFeed(owner: FeedOwner, events: FeedBooking[], frame: FeedFrame): string {
  const stamp = utcStamp(frame.now);
  const tz = frame.timeZone;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//booking-kz//master calendar feed//RU',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(`${owner.masterName} — ${owner.businessName}`)}`,
    `X-WR-TIMEZONE:${tz}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...vtimezone(tz, frame.from, frame.to),
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${feedEventUid(frame.secret, event.id)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;TZID=${tz}:${localStamp(event.startAt)}`,
      `DTEND;TZID=${tz}:${localStamp(event.endAt)}`,
      `SUMMARY:${escapeText(`${event.serviceName} — ${event.clientFirstName}`)}`,
      `STATUS:${STATUS[event.status] ?? 'CONFIRMED'}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return icsText(lines);
}
