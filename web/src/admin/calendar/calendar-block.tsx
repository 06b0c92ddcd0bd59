/** One booking on the grid: a block at its time, in its lane when bookings overlap, following the mouse while dragged. */
import { timeOf } from '../common/dates';
import { useT, messages } from '../common/messages';
import type { DragState } from './calendar-drag';
import type { PlacedBooking } from './calendar-geometry';
import { useCalendarT } from './messages';
import type { Booking } from '../common/state';
import { VisitHint } from '../visits/visit-hint';
import type { VisitMark } from '../visits/visit-groups';

export interface BlockDrag {
  drag: DragState | null;
  /** Pointer handlers of a draggable block (absent where bookings cannot be moved). */
  handlers?: (id: string) => Record<string, (event: PointerEvent) => void>;
  clickAllowed: () => boolean;
}

export function CalendarBlock(props: {
  placed: PlacedBooking<Booking>;
  /** `level`: cascaded over that many blocks (the week's narrow columns), instead of a lane of its own. */
  box: { top: number; height: number; level?: number };
  drag: BlockDrag;
  /** The booking is an item of a visit (CONTRACT.md §20): drawn in its visit's colour, with the hint. */
  visit?: VisitMark;
  /** The booking is in a master's time off (CONTRACT.md §21): drawn narrower, beside the time off's note. */
  besideTimeOff?: boolean;
  onOpen: () => void;
}) {
  const t = useT(messages);
  const tc = useCalendarT();
  const { booking, overlaps } = props.placed;
  const { level } = props.box;
  const [lane, lanes] = level === undefined ? [props.placed.lane, props.placed.lanes] : [0, 1];
  const dragged = props.drag.drag?.id === booking.id ? props.drag.drag : null;
  return (
    <button
      type="button"
      class={`cal-booking st-${booking.status}${overlaps ? ' overlap' : ''}${dragged ? ' dragging' : ''}${props.visit ? ` in-visit visit-c${props.visit.colour}` : ''}${props.besideTimeOff ? ' beside-off' : ''}`}
      style={{
        '--top': `${props.box.top}px`,
        '--height': `${props.box.height}px`,
        '--lane': lane,
        '--lanes': lanes,
        ...(level ? { '--layer': level } : {}),
        ...(dragged ? { '--dx': `${dragged.dx}px`, '--dy': `${dragged.dy}px` } : {}),
      }}
      data-booking={booking.id}
      data-visit={props.visit?.visitId}
      {...(props.drag.handlers && !props.visit ? props.drag.handlers(booking.id) : {})}
      title={`${timeOf(booking.start_at)}–${timeOf(booking.end_at)} ${booking.client.first_name}, ${booking.service.name} (${t(`status_${booking.status}` as 'status_pending')})${overlaps ? ` — ${tc('overlap')}` : ''}`}
      onClick={() => props.drag.clickAllowed() && props.onOpen()}
    >
      {overlaps && (
        <span class="overlap-flag" aria-hidden="true">
          ⚠
        </span>
      )}
      {/* the client's name on its own line, in full where it fits, so the owner knows who comes; the service below */}
      <span class="cal-line cal-who">
        <strong>{timeOf(booking.start_at)}</strong> <span class="cal-client">{booking.client.first_name}</span>
      </span>
      <span class="cal-line cal-service">{booking.service.name}</span>
      {props.visit && <VisitHint size={props.visit.size} />}
    </button>
  );
}
