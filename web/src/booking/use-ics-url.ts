/** A calendar file of the booking made, as an object URL the page can offer for download (null until written). */
import { useEffect, useState } from 'preact/hooks';
import type { CalendarEvent } from './ics';

export function useIcsUrl(event: CalendarEvent): string | null {
  const [icsUrl, setIcsUrl] = useState<string | null>(null);
  const { uid, start, end, timeZone, summary, location, description } = event;
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    // The calendar writer (ical-generator, ~9 KB gzip) loads only once a booking is made, not with the page.
    import('./ics')
      .then(({ buildIcs }) => {
        if (!live) return;
        const ics = buildIcs({ uid, start, end, timeZone, summary, location, description });
        url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
        setIcsUrl(url);
      })
      // Without the chunk (the network went away) the page simply offers no calendar file.
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [uid, start, end, timeZone, summary, location, description]);
  return icsUrl;
}
