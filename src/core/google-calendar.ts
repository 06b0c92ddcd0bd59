/**
 * "Add to Google Calendar" (the .ics download often fails inside Instagram's Android browser): the
 * calendar's own event form, filled by URL. Naive booking times go as wall clock with `ctz`, so no Date shifts them.
 */
export interface GoogleEvent {
  /** Naive 'YYYY-MM-DDTHH:MM[:SS]' wall-clock times in timeZone. */
  start: string;
  end: string;
  timeZone: string;
  title: string;
  location?: string;
  details?: string;
}

const compact = (naive: string): string => `${naive.slice(0, 10).replaceAll('-', '')}T${naive.slice(11, 16).replace(':', '')}00`;

export function googleCalendarUrl(event: GoogleEvent): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${compact(event.start)}/${compact(event.end)}`,
    ctz: event.timeZone,
  });
  if (event.location) query.set('location', event.location);
  if (event.details) query.set('details', event.details);
  return `https://calendar.google.com/calendar/render?${query.toString()}`;
}
