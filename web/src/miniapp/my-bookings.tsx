/**
 * "Мои записи" in the mini app (CONTRACT.md §18): the client's upcoming and
 * past bookings at this salon, each with "Записаться снова" (same service and
 * master). View only: a client cannot cancel or move (SPEC.md).
 */
import { useEffect, useState } from 'preact/hooks';
import type { Answer, Client } from '@shared/client';
import { defineMessages, formatDate, formatPrice, useLang, useT } from '@shared/i18n';
import { wallNow } from '@shared/wall-clock';
import type { FlowHost } from '../booking/host';
import { miniMessages } from './messages';
import { splitByNow } from './visits';

export const myMessages = defineMessages({
  ru: {
    book: 'Записаться',
    mine: 'Мои записи',
    upcoming: 'Предстоящие',
    past: 'Прошедшие',
    none: 'Записей пока нет. Они появятся здесь после записи в этом мини-приложении.',
    again: 'Записаться снова',
    howToChange: 'Чтобы перенести или отменить запись, позвоните или напишите салону.',
  },
  kk: {
    book: 'Жазылу',
    mine: 'Менің жазбаларым',
    upcoming: 'Алдағы',
    past: 'Өткен',
    none: 'Әзірге жазба жоқ. Осы мини-қосымшада жазылғаннан кейін осында көрінеді.',
    again: 'Қайта жазылу',
    howToChange: 'Жазбаны ауыстыру немесе болдырмау үшін салонға қоңырау шалыңыз немесе жазыңыз.',
  },
  en: {
    book: 'Book',
    mine: 'My bookings',
    upcoming: 'Upcoming',
    past: 'Past',
    none: 'No bookings yet. They appear here once you book in this mini app.',
    again: 'Book again',
    howToChange: 'To move or cancel a booking, call or message the salon.',
  },
});

type MyBooking = Answer<'/public/{slug}/my-bookings'>[number];

export type MiniTab = 'book' | 'mine';

export function MiniTabs({ tab, onTab }: { tab: MiniTab; onTab(tab: MiniTab): void }) {
  const t = useT(myMessages);
  return (
    <nav class="mini-tabs" aria-label={t('mine')}>
      {(['book', 'mine'] as const).map((name) => (
        <button key={name} type="button" class="chip" data-tab={name} aria-pressed={tab === name} onClick={() => onTab(name)}>
          {t(name)}
        </button>
      ))}
    </nav>
  );
}

interface MyBookingsProps {
  api: Client;
  slug: string;
  initData: string;
  timeZone: string;
  host: FlowHost;
  onAgain(booking: MyBooking): void;
}

export function MyBookings({ api, slug, initData, timeZone, host, onAgain }: MyBookingsProps) {
  const t = useT(myMessages);
  const mini = useT(miniMessages);
  const lang = useLang();
  const [list, setList] = useState<MyBooking[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    host.back(null);
    host.main(null);
    api
      .get('/public/{slug}/my-bookings', { path: { slug }, headers: { 'X-Telegram-Init-Data': initData } })
      .then(setList, () => setFailed(true));
    // Once per opening of the tab: the session, the salon and the host stay while the mini app is open.
  }, [api, slug, initData, host]);
  if (failed)
    return (
      <p class="mini-note error" role="alert">
        {mini('failed')}
      </p>
    );
  if (!list) return <p class="mini-note muted">{mini('opening')}</p>;
  if (list.length === 0)
    return (
      <p class="mini-note muted" data-my-bookings="empty">
        {t('none')}
      </p>
    );
  const now = wallNow(timeZone);
  const stamp = `${now.date}T${String(Math.floor(now.minutes / 60)).padStart(2, '0')}:${String(now.minutes % 60).padStart(2, '0')}:00`;
  const { upcoming, past } = splitByNow(list, stamp);
  const section = (title: string, name: string, items: MyBooking[]) =>
    items.length > 0 && (
      <section class="card day-list" data-my-bookings={name}>
        <h2>{title}</h2>
        <ul class="bookings">
          {items.map((booking) => (
            <li key={booking.id} class="booking" data-booking={booking.id}>
              <div class="booking-head">
                <b>
                  {formatDate(booking.start_at.slice(0, 10), lang, { weekday: 'short', day: 'numeric', month: 'long' })},{' '}
                  {booking.start_at.slice(11, 16)}
                </b>
                <span class={`badge badge-${booking.status}`}>{mini(booking.status)}</span>
              </div>
              <div>
                {booking.service.name} · {booking.master.name} · {formatPrice(booking.price_snapshot)}
              </div>
              <div class="actions">
                <button type="button" class="btn" data-again={booking.id} onClick={() => onAgain(booking)}>
                  {t('again')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </section>
    );
  return (
    <main class="page my-bookings">
      {section(t('upcoming'), 'upcoming', upcoming)}
      {section(t('past'), 'past', past)}
      <p class="muted">{t('howToChange')}</p>
    </main>
  );
}
