/**
 * Calendar of bookings: day and week views, a column per master (one master at a time
 * on a phone, with a switcher), booking detail on click, a new booking on an empty
 * time, a move by drag; the first-steps checklist on top until the salon is set up.
 */
import { useState } from 'preact/hooks';
import { ErrorBox, Loading, Empty, generalError, useLoad } from '@shared/panel-ui';
import { formatDate, useLang } from '@shared/i18n';
import { CalendarGrid, type Column } from './calendar-grid';
import { BookingDetail } from '../bookings/booking-detail';
import { ConfirmMove, type MoveTarget } from '../bookings/move-booking';
import { NewBooking, type NewBookingSeed } from '../bookings/new-booking';
import { useBookingChanges } from '../common/live';
import { Onboarding } from '../onboarding/onboarding';
import { PublicLinkBar } from '../reach/public-link';
import { useOwnerT } from '../common/owner-messages';
import { useNarrowScreen } from '../common/narrow-screen';
import { addDays, daysBetween, hm, mondayOf, today } from '../common/dates';
import { DayList } from './calendar-list';
import { calendarMode, readChoice, storeChoice, type MasterChoice } from './master-choice';
import { useSetupT } from '../onboarding/setup-messages';
import { dayRow, loadWeeks } from '../schedules/schedule-data';
import { useT, messages } from '../common/messages';
import { STATUSES, client, navigate, type Booking } from '../common/state';

export function StatusLegend() {
  const t = useT(messages);
  return (
    <div class="legend" aria-label={t('legend')}>
      {STATUSES.map((s) => (
        <span key={s}>
          <span class={`swatch st-${s}`} />
          {t(`status_${s}`)}
        </span>
      ))}
      <span>
        <span class="swatch" style="background:var(--shade);border-color:var(--border)" />
        {t('closedHours')}
      </span>
      <span>
        <span class="swatch" style="border:2px dashed var(--danger)" />⚠ {t('overlap')}
      </span>
    </div>
  );
}

export function CalendarPage() {
  const t = useT(messages);
  const lang = useLang();
  const [view, setView] = useState<'day' | 'week'>(() => (new URLSearchParams(location.search).get('view') === 'week' ? 'week' : 'day'));
  const [date, setDate] = useState(() => new URLSearchParams(location.search).get('date') ?? today());
  const [open, setOpen] = useState<Booking | null>(null);
  const o = useOwnerT();
  const narrow = useNarrowScreen();
  const s = useSetupT();
  const [choice, setChoice] = useState<MasterChoice>(() => readChoice(location.search));
  const [creating, setCreating] = useState<NewBookingSeed | null>(null);
  const [moving, setMoving] = useState<{ booking: Booking; target: MoveTarget } | null>(null);
  const days = view === 'day' ? [date] : daysBetween(mondayOf(date), addDays(mondayOf(date), 6));

  const setup = useLoad(async (signal) => {
    const [masters, services] = await Promise.all([client.get('/masters', { signal }), client.get('/services', { signal })]);
    // CONTRACT.md §17: the grid shades each booking's buffer after it.
    const bufferOf = new Map(services.map((service) => [service.id, service.buffer_after]));
    return { masters, bufferOf, weeks: await loadWeeks(masters, signal) };
  }, []);
  const bookings = useLoad(
    (signal) => client.get('/bookings', { query: { date_from: days[0], date_to: days[days.length - 1] }, signal }),
    [days[0], days.length],
  );

  useBookingChanges(bookings.reload);
  const go = (next: string, nextView = view, nextChoice = choice) => {
    setDate(next);
    setView(nextView);
    navigate(`/admin/calendar?view=${nextView}&date=${next}${nextChoice === null ? '' : `&master=${nextChoice}`}`, true);
  };
  const choose = (next: MasterChoice) => {
    setChoice(next);
    storeChoice(next);
    go(date, view, next);
  };
  const step = view === 'day' ? 1 : 7;

  const columns: Column[] = (setup.data?.masters ?? []).map((m) => ({ masterId: m.id, name: m.name }));
  for (const b of bookings.data ?? []) {
    if (!columns.some((c) => c.masterId === b.master.id)) columns.push({ masterId: b.master.id, name: b.master.name });
  }
  const mode = calendarMode(
    choice,
    columns.map((c) => c.masterId),
    narrow,
    view === 'week',
  );
  const shown = mode.kind === 'grid' ? columns.filter((c) => mode.masterIds.includes(c.masterId)) : [];
  const current = shown.length === 1 ? shown[0] : undefined;
  const colWidth = view === 'week' ? (narrow ? 92 : 124) : 180;
  const title =
    view === 'day'
      ? formatDate(date, lang)
      : `${formatDate(days[0]!, lang, { day: 'numeric', month: 'short' })} – ${formatDate(days[6]!, lang, { day: 'numeric', month: 'short', year: 'numeric' })}`;

  return (
    <div>
      <div class="topbar">
        <h1>{t('navCalendar')}</h1>
        <div class="seg" role="group" aria-label={t('view')}>
          <button type="button" aria-pressed={view === 'day'} onClick={() => go(date, 'day')}>
            {t('day')}
          </button>
          <button type="button" aria-pressed={view === 'week'} onClick={() => go(date, 'week')}>
            {t('week')}
          </button>
        </div>
        <div class="row">
          <button type="button" class="btn btn-ghost btn-small" aria-label={t('previous')} onClick={() => go(addDays(date, -step))}>
            ←
          </button>
          <button type="button" class="btn btn-ghost btn-small" onClick={() => go(today())}>
            {t('today')}
          </button>
          <button type="button" class="btn btn-ghost btn-small" aria-label={t('next')} onClick={() => go(addDays(date, step))}>
            →
          </button>
          <label class="visually-hidden" for="cal-date">
            {t('pickDate')}
          </label>
          <input
            id="cal-date"
            name="date"
            type="date"
            class="input small"
            value={date}
            onChange={(e) => (e.target as HTMLInputElement).value && go((e.target as HTMLInputElement).value)}
          />
        </div>
      </div>
      <PublicLinkBar />
      <Onboarding />
      {columns.length > 0 && setup.data && (
        <div class="row cal-tools">
          <button
            type="button"
            class="btn btn-small"
            onClick={() => setCreating({ masterId: (current ?? columns[0]!).masterId, date, time: null })}
          >
            + {o('newBooking')}
          </button>
          {columns.length > 1 && (
            <label class="row master-switch">
              <span class="muted">{o('master')}</span>
              <select
                class="input small"
                name="shown_master"
                value={current ? String(current.masterId) : 'all'}
                onChange={(e) => choose(((v) => (v === 'all' ? 'all' : Number(v)))((e.target as HTMLSelectElement).value))}
              >
                <option value="all">{s('allMasters')}</option>
                {columns.map((c) => (
                  <option key={c.masterId} value={String(c.masterId)}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
      <p class="muted cal-title" style="margin:-6px 0 10px" aria-live="polite">
        {title}
        {bookings.data && ` · ${t('bookingsCount', { n: bookings.data.length })}`}
      </p>
      <ErrorBox error={generalError(setup.error ?? bookings.error)} />
      {!setup.data || !bookings.data ? (
        <Loading text={t('loading')} />
      ) : columns.length === 0 ? (
        <Empty text={t('noMastersYet')} />
      ) : mode.kind === 'list' ? (
        <DayList days={days} bookings={bookings.data} onOpen={setOpen} />
      ) : (
        <CalendarGrid
          days={days}
          columns={shown}
          bookings={bookings.data}
          compact={view === 'week'}
          colWidth={colWidth}
          focusDay={view === 'week' ? date : undefined}
          scheduleFor={(masterId, day) => dayRow(setup.data!.weeks, masterId, day)}
          bufferOf={setup.data.bufferOf}
          onOpen={setOpen}
          onCreate={(masterId, day, minute) => setCreating({ masterId, date: day, time: hm(minute) })}
          onMove={(booking, drop) => {
            const column = columns.find((c) => c.masterId === drop.masterId);
            const target = {
              masterId: drop.masterId,
              masterName: column?.name ?? booking.master.name,
              date: drop.date,
              time: hm(drop.minute),
            };
            const same = target.masterId === booking.master.id && `${target.date}T${target.time}` === booking.start_at.slice(0, 16);
            if (!same) setMoving({ booking, target });
          }}
        />
      )}
      {mode.kind === 'grid' && columns.length > 0 && <p class="muted cal-hint">{narrow ? o('calendarHintPhone') : o('calendarHint')}</p>}
      <StatusLegend />
      {creating && setup.data && (
        <NewBooking
          seed={creating}
          masters={setup.data.masters}
          onClose={() => setCreating(null)}
          onCreated={() => {
            setCreating(null);
            bookings.reload();
          }}
        />
      )}
      {moving && (
        <ConfirmMove
          booking={moving.booking}
          target={moving.target}
          onClose={() => setMoving(null)}
          onMoved={() => {
            setMoving(null);
            bookings.reload();
          }}
        />
      )}
      {open && <BookingDetail id={open.id} onClose={() => setOpen(null)} onChanged={() => bookings.reload()} />}
    </div>
  );
}
