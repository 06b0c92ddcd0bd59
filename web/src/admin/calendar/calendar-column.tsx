/** One master's column of one day: its head, then the time with closed hours, buffers, the current time and the booking blocks. */
import { useT, messages } from '../common/messages';
import type { Booking } from '../common/state';
import { CalendarBlock, type BlockDrag } from './calendar-block';
import { SNAP_MINUTES } from './calendar-drag';
import { sharesTime, type TimeOffSpan } from './time-off-spans';
import { useTimeOffT } from '../time-off/messages';
import type { VisitMark } from '../visits/visit-groups';
import { blockBox, bufferSpans, closedSpans, placeBookings, type Column, type ScheduleDayRow } from './calendar-geometry';
import { cascadeBoxes } from './calendar-cascade';

/** Where the grid's time runs and how it is drawn, shared by every column. */
export interface TimeScale {
  range: [number, number];
  perMinute: number;
  /** Minutes a block takes at least (MIN_BLOCK_PX tall). */
  minMinutes: number;
  /** The current minute when this column is today's, else null. */
  now: number | null;
}

interface ColumnProps {
  day: string;
  column: Column;
  schedule: ScheduleDayRow | undefined;
  /** This master's bookings of this day. */
  bookings: Booking[];
  /** Time off of this master's day (CONTRACT.md §21): shaded with its note. */
  timeOff: TimeOffSpan[];
  scale: TimeScale;
  colWidth: number;
  head: boolean;
  compact: boolean;
  bufferOf?: ReadonlyMap<number, number>;
  drag: BlockDrag;
  /** The visit marks of the shown bookings (CONTRACT.md §20), by booking id. */
  visits?: ReadonlyMap<string, VisitMark>;
  /** A booking is being dragged that this master does not do (CONTRACT.md §19): the column refuses the drop. */
  refusesDrop?: boolean;
  onOpen: (booking: Booking) => void;
  onCreate?: (masterId: number, date: string, minute: number) => void;
}

const px = (n: number) => `${n}px`;

export function CalendarColumn(props: ColumnProps) {
  const t = useT(messages);
  const off = useTimeOffT();
  const { day, column, schedule, scale } = props;
  const [from, to] = scale.range;
  const y = (minute: number) => (minute - from) * scale.perMinute;
  const dayOff = !schedule || !schedule.is_active;
  const placed = placeBookings(props.bookings, scale.minMinutes);
  // the week's narrow columns cascade overlapping bookings, the day's wide ones put them side by side
  const cascade = props.compact ? cascadeBoxes(placed, from, scale.perMinute) : null;
  const createAt = (event: MouseEvent) => {
    const body = event.currentTarget as HTMLElement;
    const target = event.target as HTMLElement;
    if (!props.onCreate || !(target === body || target.classList.contains('cal-closed'))) return;
    const minute = from + (event.clientY - body.getBoundingClientRect().top) / scale.perMinute;
    props.onCreate(column.masterId, day, Math.max(0, Math.min(1440 - SNAP_MINUTES, Math.floor(minute / SNAP_MINUTES) * SNAP_MINUTES)));
  };
  return (
    <div class="cal-col" style={{ '--col-width': px(props.colWidth) }} data-master={column.name} data-date={day}>
      {props.head && (
        <div class="cal-head" title={column.name}>
          <span class="cal-head-name">{column.name}</span>
          {dayOff && !props.compact && <small> · {t('dayOff')}</small>}
        </div>
      )}
      <div
        class={`cal-body${props.onCreate ? ' can-create' : ''}${props.refusesDrop ? ' drop-refused' : ''}`}
        style={{ '--height': px((to - from) * scale.perMinute), '--hour': px(60 * scale.perMinute) }}
        data-master-id={column.masterId}
        data-date={day}
        onClick={createAt}
      >
        {scale.now !== null && scale.now >= from && scale.now < to && (
          <div class="cal-now" style={{ '--top': px(y(scale.now)) }} aria-hidden="true" />
        )}
        {closedSpans(schedule, scale.range).map(([s, e]) => (
          <div
            class="cal-closed"
            key={`${s}`}
            style={{ '--top': px(y(s)), '--height': px((e - s) * scale.perMinute) }}
            aria-hidden="true"
          />
        ))}
        {props.timeOff.map((span) => (
          <div
            class={sharesTime(span, placed) ? 'cal-timeoff beside' : 'cal-timeoff'}
            key={`off-${span.id}`}
            data-time-off={span.id}
            style={{ '--top': px(y(span.start)), '--height': px((span.end - span.start) * scale.perMinute) }}
            title={span.note ?? off('closedNote')}
          >
            <span>{span.note ?? off('closedNote')}</span>
          </div>
        ))}
        {bufferSpans(props.bookings, props.bufferOf, to).map((span) => (
          <div
            class="cal-buffer"
            key={`buffer-${span.id}`}
            data-buffer={span.id}
            style={{ '--top': px(y(span.start)), '--height': px((span.end - span.start) * scale.perMinute) }}
            aria-hidden="true"
          />
        ))}
        {placed.map((p) => (
          <CalendarBlock
            key={p.booking.id}
            placed={p}
            box={cascade?.get(p.booking.id) ?? blockBox(p.start, p.end, from, scale.perMinute)}
            drag={props.drag}
            visit={props.visits?.get(p.booking.id)}
            besideTimeOff={sharesTime(p, props.timeOff)}
            onOpen={() => props.onOpen(p.booking)}
          />
        ))}
      </div>
    </div>
  );
}
