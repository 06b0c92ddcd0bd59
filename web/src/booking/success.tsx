import { formatDate, formatPrice, useLang } from '@shared/i18n';
import { formatPhone } from '@core/phone.js';
import type { BookingT } from './messages';
import { isVisitResult, type Booked, type BookingResult, type Business, type VisitResult } from './types';
import { googleCalendarUrl } from '@core/google-calendar.js';
import { useIcsUrl } from './use-ics-url';

interface SuccessProps {
  t: BookingT;
  /** One booking, or a visit of several services (CONTRACT.md §20): then every item is listed. */
  booking: Booked;
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
  const visit = isVisitResult(booking) ? booking : null;
  // What each item shows: the visit's bookings, or the one booking.
  const items: readonly BookingResult[] | VisitResult['bookings'] = isVisitResult(booking) ? booking.bookings : [booking];
  const first = items[0]!;
  const date = booking.start_at.slice(0, 10);
  const time = booking.start_at.slice(11, 16);
  // What the calendar entries say: the file is made again only when one of these changes (the language, say).
  const { id, start_at: start, end_at: end } = booking;
  const title = `${items.map((item) => item.service.name).join(' + ')} — ${business.name}`;
  const place = business.address;
  const details = visit
    ? `${visit.bookings.map((item) => `${item.start_at.slice(11, 16)} ${item.service.name}: ${item.master.name}`).join('\n')}\n${business.phone}`
    : `${t('master')}: ${first.master.name}\n${business.phone}`;
  const icsUrl = useIcsUrl({ uid: `${id}@${location.host}`, start, end, timeZone, summary: title, location: place, description: details });

  return (
    <section class="success" aria-live="polite">
      <div class="success-mark" aria-hidden="true">
        ✓
      </div>
      <h2>{t('doneTitle')}</h2>
      <p class="muted">{t(visit ? 'visitDone' : 'doneText')}</p>
      {visit && (
        <ol class="visit-done" aria-label={t('services')}>
          {visit.bookings.map((item, index) => (
            <li key={item.id} data-item={index}>
              <b data-fact="item-time">{item.start_at.slice(11, 16)}</b>
              <span>
                <span data-fact="service">{item.service.name}</span>
                <small class="muted" data-fact="master">
                  {item.master.name}
                </small>
              </span>
              <b data-fact="item-price">{formatPrice(item.price_snapshot)}</b>
            </li>
          ))}
        </ol>
      )}
      <dl class="facts">
        {!visit && (
          <>
            <dt>{t('service')}</dt>
            <dd data-fact="service">{first.service.name}</dd>
          </>
        )}
        <dt>{t('date')}</dt>
        <dd data-fact="date">{formatDate(date, lang)}</dd>
        <dt>{t('time')}</dt>
        <dd data-fact="time">{time}</dd>
        {!visit && (
          <>
            <dt>{t('master')}</dt>
            <dd data-fact="master">{first.master.name}</dd>
          </>
        )}
        <dt>{t(visit ? 'total' : 'price')}</dt>
        <dd data-fact="price">{formatPrice(visit ? visit.total_price : first.price_snapshot)}</dd>
        <dt>{t('phone')}</dt>
        <dd data-fact="phone">{formatPhone(first.client.phone)}</dd>
      </dl>
      <details class="not-your-phone">
        <summary>{t('notYourPhone')}</summary>
        <p class="muted small">{t('notYourPhoneText')}</p>
        <div class="row">
          {/* A visit's own time is held by its items until the salon rejects them: it is fixed by a call. */}
          {!visit && (
            <button type="button" class="btn btn-ghost fix-phone" onClick={onFixPhone}>
              {t('fixPhone')}
            </button>
          )}
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
