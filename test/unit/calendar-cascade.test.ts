import { describe, expect, it } from 'vitest';
import { CASCADE_TEXT_PX, cascadeBoxes } from '../../web/src/admin/calendar/calendar-cascade.js';
import { MIN_BLOCK_PX, placeBookings } from '../../web/src/admin/calendar/calendar-geometry.js';

const booking = (id: string, start: string, end: string) => ({
  id,
  status: 'confirmed',
  start_at: `2026-11-24T${start}:00+05:00`,
  end_at: `2026-11-24T${end}:00+05:00`,
});
const boxes = (...bookings: ReturnType<typeof booking>[]) => Object.fromEntries(cascadeBoxes(placeBookings(bookings), 9 * 60, 1));

describe("the week's cascade of overlapping bookings", () => {
  it('keeps a booking that overlaps nothing at its time', () => {
    expect(boxes(booking('a', '10:00', '11:00'), booking('b', '11:00', '12:00'))).toEqual({
      a: { top: 60, height: 60, level: 0 },
      b: { top: 120, height: 60, level: 0 },
    });
  });

  it('draws a later booking over an earlier one at its own time when the earlier one keeps its lines', () => {
    expect(boxes(booking('a', '11:00', '12:00'), booking('b', '11:40', '12:40'))).toEqual({
      a: { top: 120, height: 60, level: 0 },
      b: { top: 160, height: 60, level: 1 },
    });
    expect(boxes(booking('a', '11:00', '12:00'), booking('b', '11:30', '12:30')).b).toEqual({
      top: 120 + CASCADE_TEXT_PX,
      height: 56,
      level: 1,
    });
  });

  it('pushes bookings of the same time down one below the other, each keeping room for its lines', () => {
    const at = boxes(booking('a', '14:00', '15:00'), booking('b', '14:00', '15:00'), booking('c', '14:00', '15:00'));
    expect(at.a).toEqual({ top: 300, height: 60, level: 0 });
    expect(at.b).toEqual({ top: 300 + CASCADE_TEXT_PX, height: CASCADE_TEXT_PX, level: 1 });
    // the third, pushed below the first's end, is drawn over nothing
    expect(at.c).toEqual({ top: 300 + 2 * CASCADE_TEXT_PX, height: CASCADE_TEXT_PX, level: 0 });
    expect(MIN_BLOCK_PX).toBeLessThan(CASCADE_TEXT_PX);
  });
});
