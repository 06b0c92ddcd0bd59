import { useEffect, useState } from 'preact/hooks';
import { formatDate, formatPrice, useLang } from '@shared/i18n';
import { formatPhone } from '@core/phone.js';
import type { BookingT } from './messages';
import type { Business, BookingResult } from './types';
import { googleCalendarUrl } from '@core/google-calendar.js';

interface SuccessProps {
  t: BookingT;
  booking: BookingResult;
  business: Business;
  timeZone: string;
  /** False when the server has no bot (BOT_USERNAME unset): the deep link would lead nowhere. */
  telegram: boolean;
  /** Inside Telegram the bot link opens with openTelegramLink, not as a browser tab. */
  openLink?: (url: string) => void;
  onAgain(): void;
  /** Back to the details with every choice kept, to book again with the right number. */
  onFixPhone(): void;
}

export function SuccessStep({ t, booking, business, timeZone, telegram, openLink, onAgain, onFixPhone }: SuccessProps) {
  const lang = useLang();
  const date = booking.start_at.slice(0, 10);
  const time = booking.start_at.slice(11, 16);
  const [icsUrl, setIcsUrl] = useState<string | null>(null);
  // What the calendar entries say: the file is made again only when one of these changes (the language, say).
  const { id, start_at: start, end_at: end } = booking;
  const title = `${booking.service.name} — ${business.name}`;
  const place = business.address;
  const details = `${t('master')}: ${booking.master.name}\n${business.phone}`;
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    // The calendar writer (ical-generator, ~9 KB gzip) loads only once a booking is made, not with the page.
    import('./ics')
      .then(({ buildIcs }) => {
        if (!live) return;
        const ics = buildIcs({
          uid: `${id}@${location.host}`,
          start,
          end,
          timeZone,
          summary: title,
          location: place,
          description: details,
        });
        url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
        setIcsUrl(url);
      })
      // Without the chunk (the network went away) the page simply offers no calendar file.
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, start, end, timeZone, title, place, details]);

  return (
    <section class="success" aria-live="polite">
      <div class="success-mark" aria-hidden="true">
        ✓
      </div>
      <h2>{t('doneTitle')}</h2>
      <p class="muted">{t('doneText')}</p>
      <dl class="facts">
        <dt>{t('service')}</dt>
        <dd data-fact="service">{booking.service.name}</dd>
        <dt>{t('date')}</dt>
        <dd data-fact="date">{formatDate(date, lang)}</dd>
        <dt>{t('time')}</dt>
        <dd data-fact="time">{time}</dd>
        <dt>{t('master')}</dt>
        <dd data-fact="master">{booking.master.name}</dd>
        <dt>{t('price')}</dt>
        <dd data-fact="price">{formatPrice(booking.price_snapshot)}</dd>
        <dt>{t('phone')}</dt>
        <dd data-fact="phone">{formatPhone(booking.client.phone)}</dd>
      </dl>
      <details class="not-your-phone">
        <summary>{t('notYourPhone')}</summary>
        <p class="muted small">{t('notYourPhoneText')}</p>
        <div class="row">
          <button type="button" class="btn btn-ghost fix-phone" onClick={onFixPhone}>
            {t('fixPhone')}
          </button>
          {business.phone && (
            <a class="btn btn-ghost" href={`tel:${business.phone.replace(/[^\d+]/g, '')}`}>
              {t('call')}
            </a>
          )}
        </div>
      </details>
      {telegram && (
        <>
          <a
            class="btn btn-block telegram"
            href={booking.messenger_url}
            target="_blank"
            rel="noopener"
            onClick={(event) => {
              if (!openLink) return;
              event.preventDefault();
              openLink(booking.messenger_url);
            }}
          >
            {t('telegram')}
          </a>
          <p class="muted small">{t('telegramHint')}</p>
        </>
      )}
      {icsUrl && (
        <a class="btn btn-block btn-ghost ics" href={icsUrl} download={`booking-${date}.ics`}>
          {t('calendar')}
        </a>
      )}
      <a
        class="btn btn-block btn-ghost google-calendar"
        href={googleCalendarUrl({ start, end, timeZone, title, location: place, details })}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('googleCalendar')}
      </a>
      <button type="button" class="btn btn-block btn-ghost again" onClick={onAgain}>
        {t('again')}
      </button>
    </section>
  );
}
