/**
 * Calendar of bookings: day and week views, a column per master (one master at a time
 * on a phone, with a switcher), booking detail on click, a new booking on an empty
 * time, a move by drag; the first-steps checklist on top until the salon is set up.
 */
import { useState } from 'preact/hooks';
import { ErrorBox, Loading, Empty, generalError } from '@shared/panel-ui';
import { formatDate, useLang } from '@shared/i18n';
import { CalendarGrid } from './calendar-grid';
import { columnWidth } from './calendar-geometry';
import { BookingDetail } from '../bookings/booking-detail';
import { ConfirmMove, type MoveTarget } from '../bookings/move-question';
import { NewBooking, type NewBookingSeed } from '../bookings/new-booking';
import { Onboarding } from '../onboarding/onboarding';
import { PublicLinkBar } from '../reach/public-link';
import { hm } from '../common/dates';
import { DayList } from './calendar-list';
import { CalendarToolbar } from './calendar-toolbar';
import { CalendarTools } from './calendar-tools';
import { StatusLegend } from './status-legend';
import { useCalendar } from './use-calendar';
import { CloseTimeDialog } from './close-time-dialog';
import { shownCount } from './shown-count';
import type { TimeOffSeed } from '../time-off/time-off-form';
import { dayRow } from '../schedules/schedule-data';
import { mastersForService } from '../bookings/owner-rules';
import { useBookingsT } from '../bookings/messages';
import { useT, messages } from '../common/messages';
import type { Booking } from '../common/state';
import { useCalendarT } from './messages';
import './calendar.css';

export function CalendarPage() {
  const t = useT(messages);
  const tc = useCalendarT();
  const lang = useLang();
  const { page, view, date, days, narrow, setup, bookings, timeOff, go, choose, columns, mode, shown, closed } = useCalendar();
  const [open, setOpen] = useState<Booking | null>(null);
  const [creating, setCreating] = useState<NewBookingSeed | null>(null);
  const [closing, setClosing] = useState<TimeOffSeed | null>(null);
  const [moving, setMoving] = useState<{ booking: Booking; target: MoveTarget } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const tb = useBookingsT();
  const current = shown.length === 1 ? shown[0] : undefined;
  const title =
    view === 'day'
      ? formatDate(date, lang)
      : `${formatDate(days[0]!, lang, { day: 'numeric', month: 'short' })} – ${formatDate(days[6]!, lang, { day: 'numeric', month: 'short', year: 'numeric' })}`;
  // CONTRACT.md §19: a drag offers only the masters who do the booking's service (the move dialog's rule).
  const mayTake = (booking: Booking, masterId: number) =>
    masterId === booking.master.id ||
    !setup.data ||
    mastersForService(setup.data.masters, booking.service.id).some((m) => m.id === masterId);
  const onMove = (booking: Booking, drop: { masterId: number; date: string; minute: number }) => {
    const column = columns.find((c) => c.masterId === drop.masterId);
    if (!mayTake(booking, drop.masterId)) {
      setRefused(tb('masterNotForService', { master: column?.name ?? '', service: booking.service.name }));
      return;
    }
    setRefused(null);
    const target = { masterId: drop.masterId, masterName: column?.name ?? booking.master.name, date: drop.date, time: hm(drop.minute) };
    const same = target.masterId === booking.master.id && `${target.date}T${target.time}` === booking.start_at.slice(0, 16);
    if (!same) setMoving({ booking, target });
  };

  return (
    <div ref={page}>
      <CalendarToolbar view={view} date={date} go={go} />
      <PublicLinkBar />
      <Onboarding />
      {columns.length > 0 && setup.data && (
        <CalendarTools
          columns={columns}
          current={current}
          onNew={(masterId) => setCreating({ masterId, date, time: null })}
          onCloseTime={() => setClosing({ masterId: current?.masterId ?? null, date })}
          onChoose={choose}
        />
      )}
      <p class="muted cal-title" aria-live="polite">
        {title}
        {bookings.data && ` · ${tc('bookingsCount', { n: shownCount(bookings.data, mode.kind === 'grid' ? shown : undefined) })}`}
      </p>
      <ErrorBox error={generalError(setup.error ?? bookings.error) ?? refused ?? undefined} />
      {!setup.data || !bookings.data ? (
        <Loading text={t('loading')} />
      ) : columns.length === 0 ? (
        <Empty text={tc('noMastersYet')} />
      ) : mode.kind === 'list' ? (
        <DayList days={days} bookings={bookings.data} closed={closed} onOpen={setOpen} />
      ) : (
        <CalendarGrid
          days={days}
          columns={shown}
          bookings={bookings.data}
          timeOff={timeOff.data}
          compact={view === 'week'}
          colWidth={columnWidth(view, narrow)}
          focusDay={view === 'week' ? date : undefined}
          scheduleFor={(masterId, day) => dayRow(setup.data!.weeks, masterId, day)}
          bufferOf={setup.data.bufferOf}
          onOpen={setOpen}
          onCreate={(masterId, day, minute) => setCreating({ masterId, date: day, time: hm(minute) })}
          onMove={onMove}
          mayDrop={mayTake}
        />
      )}
      {mode.kind === 'grid' && columns.length > 0 && <p class="muted cal-hint">{narrow ? tc('calendarHintPhone') : tc('calendarHint')}</p>}
      <StatusLegend />
      {creating && setup.data && (
        <NewBooking
          seed={creating}
          masters={setup.data.masters}
          onClose={() => setCreating(null)}
          onCreated={() => (setCreating(null), bookings.reload())}
        />
      )}
      {closing && setup.data && (
        <CloseTimeDialog
          seed={closing}
          masters={setup.data.masters}
          onClose={() => setClosing(null)}
          onClosed={() => (timeOff.reload(), bookings.reload())}
        />
      )}
      {moving && (
        <ConfirmMove
          booking={moving.booking}
          target={moving.target}
          onClose={() => setMoving(null)}
          onMoved={() => (setMoving(null), bookings.reload())}
        />
      )}
      {open && <BookingDetail id={open.id} onClose={() => setOpen(null)} onChanged={() => bookings.reload()} />}
    </div>
  );
}
