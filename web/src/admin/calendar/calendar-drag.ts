/**
 * Desktop drag of a calendar booking (pointer events, mouse only: on a touch screen a
 * swipe scrolls and the "move" action of the booking does the job). The drop cell is
 * whatever .cal-body lies under the pointer; its data attributes name master and date.
 */
import { useRef, useState } from 'preact/hooks';
import { START_STEP } from '@core/start-times.js';

/** A drop lands on the grid start times are offered on. */
export const SNAP_MINUTES = START_STEP;
const THRESHOLD_PX = 6;

export interface Drop {
  masterId: number;
  date: string;
  /** Minute of the day of the block's new top edge, snapped to 15 minutes. */
  minute: number;
}

export interface DragState {
  id: string;
  dx: number;
  dy: number;
}

/** The minute under a vertical position of a .cal-body, snapped down to the grid. */
export function minuteAt(body: HTMLElement, clientY: number, from: number, perMinute: number): number {
  const offset = clientY - body.getBoundingClientRect().top;
  const raw = from + offset / perMinute;
  return Math.max(0, Math.min(1440 - SNAP_MINUTES, Math.round(raw / SNAP_MINUTES) * SNAP_MINUTES));
}

function bodyUnder(x: number, y: number): HTMLElement | undefined {
  return document.elementsFromPoint(x, y).find((el) => el.classList.contains('cal-body')) as HTMLElement | undefined;
}

export function useBookingDrag(geometry: { from: number; perMinute: number }, onDrop: (id: string, drop: Drop) => void) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const start = useRef<{ id: string; x: number; y: number; grab: number; moved: boolean } | null>(null);
  /** A click right after a drag must not open the booking. */
  const swallowClick = useRef(false);

  const handlers = (id: string) => ({
    onPointerDown(event: PointerEvent) {
      if (event.pointerType !== 'mouse' || event.button !== 0) return;
      const el = event.currentTarget as HTMLElement;
      start.current = { id, x: event.clientX, y: event.clientY, grab: event.clientY - el.getBoundingClientRect().top, moved: false };
      el.setPointerCapture(event.pointerId);
    },
    onPointerMove(event: PointerEvent) {
      const s = start.current;
      if (!s || s.id !== id) return;
      const dx = event.clientX - s.x;
      const dy = event.clientY - s.y;
      if (!s.moved && Math.hypot(dx, dy) < THRESHOLD_PX) return;
      s.moved = true;
      setDrag({ id, dx, dy });
    },
    onPointerUp(event: PointerEvent) {
      const s = start.current;
      start.current = null;
      setDrag(null);
      if (!s || s.id !== id || !s.moved) return;
      swallowClick.current = true;
      setTimeout(() => (swallowClick.current = false), 0);
      const body = bodyUnder(event.clientX, event.clientY);
      if (!body?.dataset.masterId || !body.dataset.date) return;
      const minute = minuteAt(body, event.clientY - s.grab, geometry.from, geometry.perMinute);
      onDrop(id, { masterId: Number(body.dataset.masterId), date: body.dataset.date, minute });
    },
    onPointerCancel() {
      start.current = null;
      setDrag(null);
    },
  });

  return { drag, handlers, clickAllowed: () => !swallowClick.current };
}
