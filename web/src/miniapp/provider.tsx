/**
 * The provider's side of the mini app: today's and tomorrow's bookings, or any day picked
 * (the next week as buttons, any date by the date field), with confirm / decline for a
 * request and complete / cancel for a booking.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Answer, Client } from '@shared/client';
import { formatDate, formatPrice, useLang, useT } from '@shared/i18n';
import { LangSwitch } from '@shared/lang-switch';
import { formatPhone } from '@core/phone.js';
import { wallNow } from '@shared/wall-clock';
import { nextDays } from '../booking/data';
import { miniMessages, type MiniT } from './messages';

type Booking = Answer<'/bookings'>[number];

/** Which buttons a booking gets: SPEC.md lets PATCH set any status; these are the useful moves. */
type Action = 'confirmed' | 'completed' | 'cancelled' | 'rejected';
const ACTIONS: Partial<Record<Booking['status'], Action[]>> = {
  pending: ['confirmed', 'rejected'],
  confirmed: ['completed', 'cancelled'],
};
const ACTION_LABEL = { confirmed: 'confirm', completed: 'complete', cancelled: 'cancel', rejected: 'reject' } as const;
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function load(dates = shown) {
    setError(null);
    try {
      const answers = await Promise.all(dates.map((date) => api.get('/bookings', { query: { date } })));
      setLists((old) => ({ ...old, ...Object.fromEntries(dates.map((date, i) => [date, answers[i]])) }));
    } catch {
      setError(t('failed'));
    }
  }

  // eslint-disable-next-line react-hooks/exhaustive-deps -- on open and on another day; the refresh button calls load again
  useEffect(() => void load(), [picked]);

  async function change(booking: Booking, status: Action) {
    if ((status === 'cancelled' || status === 'rejected') && !(await confirmCancel(t(ASK[status])))) return;
    setBusy(booking.id);
    try {
      await api.patch('/bookings/{id}', { path: { id: booking.id }, body: { status } });
      await load();
    } catch {
      setError(t('failed'));
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
      {error && (
        <p class="error" role="alert">
          {error}{' '}
          <button type="button" class="link" onClick={() => void load()}>
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
          {lists[date] === undefined && !error && <p class="muted">…</p>}
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

interface RowProps {
  t: MiniT;
  booking: Booking;
  /** Only a booking that has begun can be completed (and count as done). */
  started: boolean;
  busy: boolean;
  canDecide: boolean;
  onChange(status: Action): void;
}

function BookingRow({ t, booking, started, busy, canDecide, onChange }: RowProps) {
  const { status } = booking;
  const actions = canDecide ? (ACTIONS[status] ?? []).filter((next) => next !== 'completed' || started) : [];
  return (
    <li class="booking" data-booking={booking.id} data-status={status}>
      <div class="booking-head">
        <b class="booking-time">
          {booking.start_at.slice(11, 16)}–{booking.end_at.slice(11, 16)}
        </b>
        <span class={`badge badge-${status}`}>{t(status) || status}</span>
      </div>
      <div>
        {booking.service.name} · {formatPrice(booking.price_snapshot)}
      </div>
      <div class="muted">
        {booking.client.first_name}, <a href={`tel:+${booking.client.phone}`}>{formatPhone(booking.client.phone)}</a> ·{' '}
        {booking.master.name}
      </div>
      {booking.notes && <div class="muted notes">{booking.notes}</div>}
      {actions.length > 0 && (
        <div class="actions">
          {actions.map((next) => (
            <button
              key={next}
              type="button"
              class={`btn ${next === 'cancelled' || next === 'rejected' ? 'btn-ghost' : ''}`}
              data-action={next}
              disabled={busy}
              onClick={() => onChange(next)}
            >
              {t(ACTION_LABEL[next])}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}
