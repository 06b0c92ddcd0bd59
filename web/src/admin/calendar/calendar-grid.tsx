/**
 * The time grid: a column per master (per day in the week view), shaded closed hours,
 * booking blocks. A click on empty time asks for a new booking there; a booking dragged
 * with the mouse to another time or master asks to be moved.
 */
import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { useBookingDrag, SNAP_MINUTES, type Drop } from './calendar-drag';
import {
  MIN_BLOCK_PX,
  blockBox,
  bookingWhat,
  bufferSpans,
  closedSpans,
  placeBookings,
  visibleRange,
  type DaySchedule,
} from './calendar-geometry';
import { dateOf, hm, nowMinute, timeOf, today } from '../common/dates';
import { formatDate } from '@shared/i18n';
import { useLang } from '@shared/i18n';
import { useT, messages } from '../common/messages';
import type { Booking } from '../common/state';

export interface Column {
  masterId: number;
  name: string;
}

interface GridProps {
  days: string[];
  columns: Column[];
  bookings: Booking[];
  scheduleFor: (masterId: number, date: string) => DaySchedule | undefined;
  /** Minutes kept free after a booking, by service id (CONTRACT.md §17): shaded under the booking. */
  bufferOf?: ReadonlyMap<number, number>;
  onOpen: (booking: Booking) => void;
  /** An empty time of a master was clicked (minute of the day, snapped down to 15 minutes). */
  onCreate?: (masterId: number, date: string, minute: number) => void;
  onMove?: (booking: Booking, drop: Drop) => void;
  compact: boolean;
  /** Column width in px; the grid scrolls sideways inside its box when they do not fit. */
  colWidth: number;
  /** The day the week opens on (the selected day or today): scrolled to the left edge when the week is wider than the box. */
  focusDay?: string;
}

const AXIS_PX = 56;

/** Issue #35: a week wider than its box opens on the selected day, not on Monday's (often past, empty) columns. */
function useOpenOn(box: RefObject<HTMLDivElement | null>, focusDay: string | undefined, days: readonly string[], width: number): void {
  useLayoutEffect(() => {
    const cal = box.current;
    const index = focusDay ? days.indexOf(focusDay) : -1;
    if (!cal || index < 0) return;
    const dayEl = cal.querySelectorAll<HTMLElement>('.cal-day')[index];
    if (dayEl) cal.scrollLeft += dayEl.getBoundingClientRect().left - cal.getBoundingClientRect().left - cal.clientLeft - AXIS_PX;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new day, week or column layout opens again; days follow days[0]
  }, [focusDay, days[0], width]);
}

export function CalendarGrid(props: GridProps) {
  const t = useT(messages);
  const lang = useLang();
  const { days, columns } = props;
  const box = useRef<HTMLDivElement>(null);
  useOpenOn(box, props.focusDay, days, days.length * columns.length * props.colWidth);
  const schedules = days.flatMap((day) => columns.map((c) => props.scheduleFor(c.masterId, day)));
  const range = visibleRange(schedules, props.bookings);
  const [from, to] = range;
  const perMinute = props.compact ? 1 : 1.2;
  const minMinutes = Math.ceil(MIN_BLOCK_PX / perMinute);
  const height = (to - from) * perMinute;
  const hours: number[] = [];
  for (let m = from; m < to; m += 60) hours.push(m);
  const y = (minute: number) => (minute - from) * perMinute;
  const colWidth = props.colWidth;
  // One master across a week (a phone): the switcher names the master, the day heads suffice.
  const masterHeads = !(days.length > 1 && columns.length === 1);
  const minuteNow = nowMinute();
  const todayDate = today();
  const { drag, handlers, clickAllowed } = useBookingDrag({ from, perMinute }, (id, drop) => {
    const booking = props.bookings.find((b) => b.id === id);
    if (booking) props.onMove?.(booking, drop);
  });
  const createAt = (event: MouseEvent, masterId: number, day: string) => {
    const body = event.currentTarget as HTMLElement;
    const target = event.target as HTMLElement;
    if (!props.onCreate || !(target === body || target.classList.contains('cal-closed'))) return;
    const minute = from + (event.clientY - body.getBoundingClientRect().top) / perMinute;
    props.onCreate(masterId, day, Math.max(0, Math.min(1440 - SNAP_MINUTES, Math.floor(minute / SNAP_MINUTES) * SNAP_MINUTES)));
  };

  return (
    <div class="cal" ref={box} role="region" aria-label={t('calendar')} tabIndex={0}>
      <div class="cal-inner" style={{ minWidth: `${AXIS_PX + days.length * columns.length * colWidth}px` }}>
        <div class="cal-axis">
          <div class="cal-head" style={{ height: days.length > 1 ? (masterHeads ? '64px' : '24px') : '40px' }} />
          <div style={{ position: 'relative', height: `${height}px` }}>
            {hours.map((m) => (
              <span class="cal-hour" key={m} style={{ top: `${y(m)}px` }}>
                {hm(m)}
              </span>
            ))}
          </div>
        </div>
        {days.map((day) => (
          <div class={days.length > 1 ? 'cal-day multi' : 'cal-day'} key={day}>
            {days.length > 1 && (
              <div class={day === todayDate ? 'cal-dayhead today' : 'cal-dayhead'} aria-current={day === todayDate ? 'date' : undefined}>
                {formatDate(
                  day,
                  lang,
                  columns.length * colWidth < 130
                    ? { weekday: 'short', day: 'numeric' }
                    : { weekday: 'short', day: 'numeric', month: 'short' },
                )}
              </div>
            )}
            <div class="cal-cols">
              {columns.map((column) => {
                const schedule = props.scheduleFor(column.masterId, day);
                const mine = props.bookings.filter((b) => b.master.id === column.masterId && dateOf(b.start_at) === day);
                const dayOff = !schedule || !schedule.is_active;
                return (
                  <div
                    class="cal-col"
                    key={column.masterId}
                    style={{ minWidth: `${colWidth}px` }}
                    data-master={column.name}
                    data-date={day}
                  >
                    {masterHeads && (
                      <div class="cal-head" title={column.name}>
                        {column.name}
                        {dayOff && !props.compact && <small> · {t('dayOff')}</small>}
                      </div>
                    )}
                    <div
                      class={props.onCreate ? 'cal-body can-create' : 'cal-body'}
                      style={{ height: `${height}px`, backgroundSize: `100% ${60 * perMinute}px` }}
                      data-master-id={column.masterId}
                      data-date={day}
                      onClick={(event) => createAt(event, column.masterId, day)}
                    >
                      {day === todayDate && minuteNow >= from && minuteNow < to && (
                        <div class="cal-now" style={{ top: `${y(minuteNow)}px` }} aria-hidden="true" />
                      )}
                      {closedSpans(schedule, range).map(([s, e]) => (
                        <div
                          class="cal-closed"
                          key={`${s}`}
                          style={{ top: `${y(s)}px`, height: `${(e - s) * perMinute}px` }}
                          aria-hidden="true"
                        />
                      ))}
                      {bufferSpans(mine, props.bufferOf, to).map((span) => (
                        <div
                          class="cal-buffer"
                          key={`buffer-${span.id}`}
                          data-buffer={span.id}
                          style={{ top: `${y(span.start)}px`, height: `${(span.end - span.start) * perMinute}px` }}
                          aria-hidden="true"
                        />
                      ))}
                      {placeBookings(mine, minMinutes).map((p) => {
                        const box = blockBox(p.start, p.end, from, perMinute);
                        return (
                          <button
                            type="button"
                            key={p.booking.id}
                            class={`cal-booking st-${p.booking.status}${p.overlaps ? ' overlap' : ''}${drag?.id === p.booking.id ? ' dragging' : ''}`}
                            style={{
                              top: `${box.top}px`,
                              height: `${box.height}px`,
                              zIndex: 1 + p.lane,
                              left: `calc(${(p.lane / p.lanes) * 100}% + 2px)`,
                              width: `calc(${100 / p.lanes}% - 4px)`,
                              transform: drag?.id === p.booking.id ? `translate(${drag.dx}px, ${drag.dy}px)` : undefined,
                            }}
                            data-booking={p.booking.id}
                            {...(props.onMove ? handlers(p.booking.id) : {})}
                            title={`${timeOf(p.booking.start_at)}–${timeOf(p.booking.end_at)} ${p.booking.client.first_name}, ${p.booking.service.name} (${t(`status_${p.booking.status}` as 'status_pending')})${p.overlaps ? ` — ${t('overlap')}` : ''}`}
                            onClick={() => clickAllowed() && props.onOpen(p.booking)}
                          >
                            {p.overlaps && (
                              <span class="overlap-flag" aria-hidden="true">
                                ⚠
                              </span>
                            )}
                            <span class="cal-line">
                              <strong>{timeOf(p.booking.start_at)}</strong> {bookingWhat(p.booking)}
                            </span>
                          </button>
                        );
                      })}
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
