/**
 * The time grid: a column per master (per day in the week view), shaded closed hours,
 * booking blocks. A click on empty time asks for a new booking there; a booking dragged
 * with the mouse to another time or master asks to be moved.
 */
import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { useBookingDrag, type Drop } from './calendar-drag';
import { AXIS_PX, MIN_BLOCK_PX, visibleRange, type Column, type ScheduleDayRow } from './calendar-geometry';
import { CalendarColumn, type TimeScale } from './calendar-column';
import { timeOffSpans, type TimeOffRow } from './time-off-spans';
import { dateOf, hm, nowMinute, today } from '../common/dates';
import { formatDate, useLang } from '@shared/i18n';
import type { Booking } from '../common/state';
import { useCalendarT } from './messages';
import { visitMarks } from '../visits/visit-groups';

interface GridProps {
  days: string[];
  columns: Column[];
  bookings: Booking[];
  /** Time off touching the shown days (CONTRACT.md §21). */
  timeOff?: readonly TimeOffRow[];
  scheduleFor: (masterId: number, date: string) => ScheduleDayRow | undefined;
  /** Minutes kept free after a booking, by service id (CONTRACT.md §17): shaded under the booking. */
  bufferOf?: ReadonlyMap<number, number>;
  onOpen: (booking: Booking) => void;
  /** An empty time of a master was clicked (minute of the day, snapped down to 15 minutes). */
  onCreate?: (masterId: number, date: string, minute: number) => void;
  onMove?: (booking: Booking, drop: Drop) => void;
  /** Whether a booking may be dropped on a master (CONTRACT.md §19): a column that may not take it is marked while it is dragged. */
  mayDrop?: (booking: Booking, masterId: number) => boolean;
  compact: boolean;
  /** Column width in px; the grid scrolls sideways inside its box when they do not fit. */
  colWidth: number;
  /** The day the week opens on (the selected day or today): scrolled to the left edge when the week is wider than the box. */
  focusDay?: string;
}

/** A week wider than its box opens on the selected day, not on Monday's (often past, empty) columns. */
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
  const tc = useCalendarT();
  const lang = useLang();
  const { days, columns, colWidth } = props;
  const box = useRef<HTMLDivElement>(null);
  useOpenOn(box, props.focusDay, days, days.length * columns.length * colWidth);
  const schedules = days.flatMap((day) => columns.map((c) => props.scheduleFor(c.masterId, day)));
  const range = visibleRange(schedules, props.bookings);
  const [from, to] = range;
  const perMinute = props.compact ? 1 : 1.2;
  const hours: number[] = [];
  for (let m = from; m < to; m += 60) hours.push(m);
  // One master across a week (a phone): the switcher names the master, the day heads suffice.
  const masterHeads = !(days.length > 1 && columns.length === 1);
  const todayDate = today();
  const scaleOf = (day: string): TimeScale => ({
    range,
    perMinute,
    minMinutes: Math.ceil(MIN_BLOCK_PX / perMinute),
    now: day === todayDate ? nowMinute() : null,
  });
  const { drag, handlers, clickAllowed } = useBookingDrag({ from, perMinute }, (id, drop) => {
    const booking = props.bookings.find((b) => b.id === id);
    if (booking) props.onMove?.(booking, drop);
  });
  // CONTRACT.md §20: a visit's items are drawn as one linked group, in every column and day they are in.
  const visits = visitMarks(props.bookings);
  const blockDrag = { drag, handlers: props.onMove ? handlers : undefined, clickAllowed };
  const dragged = drag ? props.bookings.find((b) => b.id === drag.id) : undefined;
  const refusesDrop = (masterId: number) => dragged !== undefined && props.mayDrop?.(dragged, masterId) === false;
  const axisHead = days.length > 1 ? (masterHeads ? 'cal-head heads-both' : 'cal-head heads-day') : 'cal-head';

  return (
    <div class="cal" ref={box} role="region" aria-label={tc('calendar')} tabIndex={0}>
      <div class="cal-inner" style={{ '--min-width': `${AXIS_PX + days.length * columns.length * colWidth}px` }}>
        <div class="cal-axis">
          <div class={axisHead} />
          <div class="cal-hours" style={{ '--height': `${(to - from) * perMinute}px` }}>
            {hours.map((m) => (
              <span class="cal-hour" key={m} style={{ '--top': `${(m - from) * perMinute}px` }}>
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
              {columns.map((column) => (
                <CalendarColumn
                  key={column.masterId}
                  day={day}
                  column={column}
                  schedule={props.scheduleFor(column.masterId, day)}
                  bookings={props.bookings.filter((b) => b.master.id === column.masterId && dateOf(b.start_at) === day)}
                  timeOff={timeOffSpans(props.timeOff ?? [], column.masterId, day, range)}
                  scale={scaleOf(day)}
                  colWidth={colWidth}
                  head={masterHeads}
                  compact={props.compact}
                  bufferOf={props.bufferOf}
                  drag={blockDrag}
                  visits={visits}
                  refusesDrop={refusesDrop(column.masterId)}
                  onOpen={props.onOpen}
                  onCreate={props.onCreate}
                />
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
