/**
 * A master's bookings as an iCalendar feed (CONTRACT.md §14), written by ical-generator
 * (escaping, line folding, structure): one VEVENT per booking, local times with the
 * APP_TIMEZONE TZID and its VTIMEZONE, the service and the client's first name, never a
 * phone or notes. The UID is feedEventUid of the booking id, never the id itself.
 */
import { createHmac } from 'node:crypto';
import ical, { ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import { DateTime } from 'luxon';
import type { NaiveDateTime } from '../../core/wallclock.js';
import type { FeedBooking, FeedOwner } from './calendar-feed.queries.js';
import { vtimezone } from './vtimezone.js';

const STATUS: Record<string, ICalEventStatus> = {
  pending: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
};

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

/**
 * A naive wall-clock reading as a Luxon time in the zone: ical-generator writes a native Date
 * with a TZID in the server process's own zone, a Luxon time in its zone (Intl).
 */
const wallClockIn = (naive: NaiveDateTime, timeZone: string): DateTime => DateTime.fromISO(naive.slice(0, 19), { zone: timeZone });

export function renderFeed(owner: FeedOwner, events: FeedBooking[], frame: FeedFrame): string {
  const zone = frame.timeZone;
  const calendar = ical({
    prodId: '//booking-kz//master calendar feed//RU',
    scale: 'GREGORIAN',
    method: ICalCalendarMethod.PUBLISH,
    ttl: 3600,
    // No calendar-wide zone name: with one, DTSTAMP would be written as local time instead of UTC.
    // The events carry the zone; the generator writes its VTIMEZONE.
    timezone: { name: null, generator: (name) => vtimezone(name, frame.from, frame.to) },
    // Custom properties are escaped by the library; its NAME/X-WR-CALNAME is written unescaped.
    x: { 'X-WR-CALNAME': `${owner.masterName} — ${owner.businessName}`, 'X-WR-TIMEZONE': zone },
  });
  for (const event of events) {
    calendar.createEvent({
      id: feedEventUid(frame.secret, event.id),
      stamp: frame.now,
      start: wallClockIn(event.startAt, zone),
      end: wallClockIn(event.endAt, zone),
      timezone: zone,
      summary: `${event.serviceName} — ${event.clientFirstName}`,
      // CONTRACT.md §20: the items of one visit name the same visit (no booking id: see feedEventUid).
      description: event.visitId ? `Визит ${event.visitId}` : undefined,
      status: STATUS[event.status] ?? ICalEventStatus.CONFIRMED,
      transparency: ICalEventTransparency.OPAQUE,
    });
  }
  return `${calendar.toString()}\r\n`;
}
