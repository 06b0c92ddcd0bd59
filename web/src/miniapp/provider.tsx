/**
 * The provider's side of the mini app: today's and tomorrow's bookings, or any day picked
 * (the next week as buttons, any date by the date field), with confirm / decline for a
 * request and complete / cancel for a booking.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Client } from '@shared/client';
import { formatDate, useLang, useT } from '@shared/i18n';
import { LangSwitch } from '@shared/lang-switch';
import { wallNow } from '@shared/wall-clock';
import { nextDays } from '../booking/data';
import { BookingRow, type Action, type DayBooking as Booking } from './booking-row';
import { miniMessages } from './messages';
/** Both end the booking; each asks first and says truthfully who is told. */
const ASK = { cancelled: 'cancelAsk', rejected: 'rejectAsk' } as const;
/** Buttons for the days after tomorrow; the date field reaches any other. */
const PICKER_DAYS = 7;

interface ProviderProps {
  api: Client;
  timeZone: string;
  confirmCancel(text: string): Promise<boolean>;
  /** A master's own day (CONTRACT.md §16): the buttons only when the owner lets masters decide. */
  canDecide?: boolean;
}

export function ProviderView({ api, timeZone, confirmCancel, canDecide = true }: ProviderProps) {
  const t = useT(miniMessages);
  const lang = useLang();
  const now = wallNow(timeZone);
  const week = nextDays(now.date, PICKER_DAYS + 2);
  const [today, tomorrow] = week as [string, string];
  const [picked, setPicked] = useState<string | null>(null);
  const shown = picked ? [picked] : [today, tomorrow];
  const nowStamp = `${now.date}T${String(Math.floor(now.minutes / 60)).padStart(2, '0')}:${String(now.minutes % 60).padStart(2, '0')}`;
  const [lists, setLists] = useState<Record<string, Booking[] | undefined>>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(
    async (dates: string[]) => {
      setFailed(false);
      try {
        const answers = await Promise.all(dates.map((date) => api.get('/bookings', { query: { date } })));
        setLists((old) => ({ ...old, ...Object.fromEntries(dates.map((date, i) => [date, answers[i]])) }));
      } catch {
        setFailed(true);
      }
    },
    [api],
  );
  // On open and on another day; the refresh button (and each change) loads again.
  useEffect(() => void load(picked ? [picked] : [today, tomorrow]), [load, picked, today, tomorrow]);

  async function change(booking: Booking, status: Action) {
    if ((status === 'cancelled' || status === 'rejected') && !(await confirmCancel(t(ASK[status])))) return;
    setBusy(booking.id);
    try {
      await api.patch('/bookings/{id}', { path: { id: booking.id }, body: { status } });
      await load(shown);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }

  return (
    <main class="page provider">
      <header class="business">
        <div class="business-top">
          <h1>{t('bookings')}</h1>
          <LangSwitch />
        </div>
      </header>
      {failed && (
        <p class="error" role="alert">
          {t('failed')}{' '}
          <button type="button" class="link" onClick={() => void load(shown)}>
            {t('refresh')}
          </button>
        </p>
      )}
      <div class="day-picker" role="group" aria-label={t('days')}>
        <button type="button" class="chip" aria-pressed={picked === null} onClick={() => setPicked(null)}>
          {t('todayTomorrow')}
        </button>
        {week.slice(2).map((date) => (
          <button key={date} type="button" class="chip" aria-pressed={picked === date} data-pick={date} onClick={() => setPicked(date)}>
            {formatDate(date, lang, { weekday: 'short', day: 'numeric' })}
          </button>
        ))}
        <label class="chip other-day">
          <span>{t('otherDay')}</span>
          <input
            type="date"
            name="day"
            min={today}
            value={picked ?? ''}
            onChange={(e) => setPicked((e.target as HTMLInputElement).value || null)}
          />
        </label>
      </div>
      {shown.map((date) => (
        <section key={date} class="card day-list" data-day={date}>
          <h2>
            {date === today ? t('today') : date === tomorrow ? t('tomorrow') : formatDate(date, lang, { weekday: 'long' })}{' '}
            <span class="muted">· {formatDate(date, lang, { day: 'numeric', month: 'long' })}</span>
          </h2>
          {lists[date] === undefined && !failed && <p class="muted">…</p>}
          {lists[date]?.length === 0 && <p class="muted">{t('empty')}</p>}
          <ul class="bookings">
            {lists[date]?.map((booking) => (
              <BookingRow
                key={booking.id}
                t={t}
                booking={booking}
                started={booking.start_at.slice(0, 16) <= nowStamp}
                busy={busy === booking.id}
                canDecide={canDecide}
                onChange={(status) => void change(booking, status)}
              />
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
