/**
 * The salon's card at the top of the booking page: name, language switch,
 * description, address with a 2GIS link, opening hours and the ways to reach
 * it (phone, WhatsApp, Instagram), each shown only when the salon has it.
 */
import { formatDate, useLang, type Lang } from '@shared/i18n';
import { LangSwitch } from '@shared/lang-switch';
import { addDays } from '@core/wallclock.js';
import type { BookingT } from './messages';
import type { Business, OpeningHours } from './types';

/** A Monday: weekday names come from the browser's own calendar words. */
const MONDAY = '2024-01-01';
const weekday = (dow: number, lang: Lang) => formatDate(addDays(MONDAY, dow), lang, { weekday: 'short' });

export const twoGisLink = (address: string) => `https://2gis.kz/search/${encodeURIComponent(address)}`;
export const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
const whatsappLink = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;
const instagramLink = (name: string) => `https://instagram.com/${encodeURIComponent(name)}`;

/** Consecutive weekdays with the same hours as one line: "Пн–Пт 09:00–18:00". */
export function hoursLines(hours: readonly OpeningHours[], lang: Lang, closed: string): string[] {
  const sorted = [...hours].sort((a, b) => a.day_of_week - b.day_of_week);
  const lines: string[] = [];
  let start = 0;
  for (let i = 1; i <= sorted.length; i += 1) {
    const a = sorted[start]!;
    const b = sorted[i];
    if (b && b.open === a.open && b.close === a.close && b.day_of_week === sorted[i - 1]!.day_of_week + 1) continue;
    const last = sorted[i - 1]!;
    const days = a === last ? weekday(a.day_of_week, lang) : `${weekday(a.day_of_week, lang)}–${weekday(last.day_of_week, lang)}`;
    lines.push(`${days} ${a.open && a.close ? `${a.open}–${a.close}` : closed}`);
    start = i;
  }
  return lines;
}

export function BusinessInfo({ t, business, hours }: { t: BookingT; business: Business; hours?: OpeningHours[] }) {
  const lang = useLang();
  const address = business.address.trim();
  return (
    <header class="business">
      <div class="business-top">
        <h1>{business.name}</h1>
        <LangSwitch />
      </div>
      {business.description && <p class="description">{business.description}</p>}
      {address && (
        <p class="muted address">
          {address}{' '}
          <a class="map-link" href={twoGisLink(address)} target="_blank" rel="noopener noreferrer">
            {t('map')}
          </a>
        </p>
      )}
      {hours && hours.length > 0 && (
        <p class="hours">
          <span class="muted">{t('hours')}: </span>
          {hoursLines(hours, lang, t('closed')).map((line, i) => (
            <span key={i} class="hours-line">
              {line}
            </span>
          ))}
        </p>
      )}
      <div class="contacts">
        {business.phone && (
          <a class="phone" href={telLink(business.phone)}>
            ☎ {business.phone}
          </a>
        )}
        {business.whatsapp && (
          <a class="contact whatsapp" href={whatsappLink(business.whatsapp)} target="_blank" rel="noopener noreferrer">
            WhatsApp
          </a>
        )}
        {business.instagram && (
          <a class="contact instagram" href={instagramLink(business.instagram)} target="_blank" rel="noopener noreferrer">
            Instagram
          </a>
        )}
      </div>
    </header>
  );
}

/** A salon without a master: no steps to click through, only the way to book by phone. */
export function NotOpen({ t, business }: { t: BookingT; business: Business }) {
  return (
    <section class="card step not-open" data-not-open>
      <h2>{t('notOpenTitle')}</h2>
      <p>{t('notOpenText')}</p>
      {business.phone && (
        <a class="btn call" href={telLink(business.phone)}>
          ☎ {business.phone}
        </a>
      )}
    </section>
  );
}
