/**
 * "Мои записи" in the mini app (CONTRACT.md §18): the client's upcoming and
 * past bookings at this salon, each with "Записаться снова" (same service and
 * master); a visit of several services (§20) is one line with its items, and
 * "Записаться снова" repeats the whole visit. View only: a client cannot cancel
 * or move (SPEC.md).
 */
import { useEffect, useState } from 'preact/hooks';
import type { Answer, Client } from '@shared/client';
import { formatDate, formatPrice, useLang, useT } from '@shared/i18n';
import { wallNow } from '@shared/wall-clock';
import type { FlowHost } from '../booking/host';
import { miniMessages } from './messages';
import { myMessages } from './my-messages';
import { splitByNow, visitLines, type VisitLine } from './visits';

export type MyBooking = Answer<'/public/{slug}/my-bookings'>[number];
/** One line: a booking, or a visit's bookings in time order. */
export type MyLine = VisitLine<MyBooking>;

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
  onAgain(line: MyLine): void;
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
  const { upcoming, past } = splitByNow(visitLines(list), `${now.at.slice(0, 16)}:00`);
  const badge = (status: string) =>
    status !== 'mixed' && <span class={`badge badge-${status}`}>{mini(status as MyBooking['status'])}</span>;
  const section = (title: string, name: string, lines: MyLine[]) =>
    lines.length > 0 && (
      <section class="card day-list" data-my-bookings={name}>
        <h2>{title}</h2>
        <ul class="bookings">
          {lines.map((line) => (
            <li key={line.id} class="booking" data-booking={line.id} data-visit={line.items[0]!.visit_id ?? undefined}>
              <div class="booking-head">
                <b>
                  {formatDate(line.start_at.slice(0, 10), lang, { weekday: 'short', day: 'numeric', month: 'long' })},{' '}
                  {line.start_at.slice(11, 16)}
                </b>
                {badge(line.status)}
              </div>
              {line.items.map((booking) => (
                <div key={booking.id} data-item={booking.id}>
                  {line.items.length > 1 && `${booking.start_at.slice(11, 16)} `}
                  {booking.service.name} · {booking.master.name} · {formatPrice(booking.price_snapshot)}
                  {line.status === 'mixed' && <> {badge(booking.status)}</>}
                </div>
              ))}
              {line.items.length > 1 && (
                <div class="muted">
                  {t('total')}: {formatPrice(line.items.reduce((sum, booking) => sum + booking.price_snapshot, 0))}
                </div>
              )}
              <div class="actions">
                <button type="button" class="btn" data-again={line.id} onClick={() => onAgain(line)}>
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
