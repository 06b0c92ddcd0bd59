/**
 * The week's narrow columns (about 54-70 px) cannot share their width between bookings that overlap: side by
 * side, each lane lost its time and its client. There they cascade instead, each at the column's full width (54 px
 * at 1024 px is a time and no more to spare), the later one drawn over the earlier; a later one that would cover
 * the earlier's text (its time and the client under it) is pushed down just below it, so every block keeps its
 * own lines readable at its top. */
import { MIN_BLOCK_PX, type BlockBooking, type PlacedBooking } from './calendar-geometry.js';

/** A narrow block's own lines: the time, the client under it (two lines of 0.75rem at 1.2, the padding and border: 32 px), and a little room. */
export const CASCADE_TEXT_PX = 34;

export interface CascadeBox {
  top: number;
  height: number;
  /** How many blocks this one is drawn over: its place on top. */
  level: number;
}

/** Boxes in px from the grid's first minute, by booking id, for bookings placed in time order (placeBookings). */
export function cascadeBoxes<B extends BlockBooking>(
  placed: readonly PlacedBooking<B>[],
  from: number,
  perMinute: number,
): Map<string, CascadeBox> {
  const drawn: { top: number; bottom: number }[] = [];
  const boxes = new Map<string, CascadeBox>();
  for (const p of placed) {
    const start = (p.start - from) * perMinute;
    const end = (p.end - from) * perMinute;
    const covering = drawn.filter((d) => d.bottom > start);
    const top = Math.max(start, ...covering.map((d) => d.top + CASCADE_TEXT_PX));
    const height = Math.max(top > start ? CASCADE_TEXT_PX : MIN_BLOCK_PX, end - top);
    const level = drawn.filter((d) => d.bottom > top).length;
    drawn.push({ top, bottom: top + height });
    boxes.set(p.booking.id, { top, height, level });
  }
  return boxes;
}
