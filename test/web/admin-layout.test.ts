/** Calendar geometry of /admin (web/src/admin/calendar/calendar-geometry.ts): lanes, overlap flags, shaded hours. Pure, no browser. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { occupiesTime } from '../../src/core/booking-status.js';
import { bufferSpans, closedSpans, placeBookings, visibleRange } from '../../web/src/admin/calendar/calendar-geometry.js';

const hm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const at = (minute: number) => `2026-11-23T${hm(minute)}:00`;
const booking = (id: string, start: number, end: number, status = 'pending') => ({ id, status, start_at: at(start), end_at: at(end) });

describe('placeBookings', () => {
  it('puts overlapping bookings side by side and flags them; touching ones are neither', () => {
    const placed = placeBookings([
      booking('a', 600, 690),
      booking('b', 660, 750),
      booking('c', 750, 780),
      booking('d', 600, 660, 'cancelled'),
    ]);
    const of = (id: string) => placed.find((p) => p.booking.id === id)!;
    expect([of('a').overlaps, of('b').overlaps, of('c').overlaps, of('d').overlaps]).toEqual([true, true, false, false]);
    // d ends when b starts, so b reuses d's lane: two lanes for the group
    expect(of('a').lane).not.toBe(of('b').lane);
    expect(of('a').lane).not.toBe(of('d').lane);
    expect([of('a').lanes, of('b').lanes, of('d').lanes]).toEqual([2, 2, 2]);
    expect(of('c')).toMatchObject({ lane: 0, lanes: 1 });
  });

  it('an end on the next day counts as midnight', () => {
    const [late] = placeBookings([{ id: 'x', status: 'confirmed', start_at: '2026-11-23T23:30:00', end_at: '2026-11-24T00:30:00' }]);
    expect([late!.start, late!.end]).toEqual([1410, 1440]);
  });

  const bookings = fc
    .array(
      fc.record({
        start: fc.integer({ min: 0, max: 1380 }),
        length: fc.integer({ min: 1, max: 240 }),
        status: fc.constantFrom('pending', 'confirmed', 'completed', 'cancelled', 'rejected'),
      }),
      { maxLength: 12 },
    )
    .map((list) => list.map((b, i) => booking(String(i), b.start, Math.min(1439, b.start + b.length), b.status)));

  it('property: every booking once, no two in one lane at once, flagged exactly when sharing a minute with another active one', () => {
    fc.assert(
      fc.property(bookings, (list) => {
        const placed = placeBookings(list);
        expect(placed.map((p) => p.booking.id).sort()).toEqual(list.map((b) => b.id).sort());
        for (const a of placed) {
          expect(a.lane).toBeLessThan(a.lanes);
          for (const b of placed) {
            if (a === b) continue;
            const intersect = a.start < b.end && b.start < a.end;
            if (intersect) expect(a.lane === b.lane).toBe(false);
          }
          const shares = placed.some((b) => b !== a && occupiesTime(b.booking.status) && a.start < b.end && b.start < a.end);
          expect(a.overlaps).toBe(occupiesTime(a.booking.status) && shares);
        }
      }),
    );
  });
});

describe('visible hours and shaded spans', () => {
  const monday = { start_time: '09:00', end_time: '18:00', break_start_time: '13:00', break_end_time: '14:00', is_active: true };

  it('draws whole hours around the working windows and the bookings', () => {
    expect(visibleRange([monday, { ...monday, start_time: '10:30', end_time: '19:15' }], [])).toEqual([540, 1200]);
    expect(visibleRange([monday], [booking('a', 465, 500)])).toEqual([420, 1080]);
    expect(visibleRange([undefined, { ...monday, is_active: false }], [])).toEqual([480, 1200]);
  });

  it('shades before opening, the break, after closing; the whole day when off', () => {
    expect(closedSpans(monday, [480, 1200])).toEqual([
      [480, 540],
      [780, 840],
      [1080, 1200],
    ]);
    expect(closedSpans({ ...monday, break_start_time: null, break_end_time: null }, [540, 1080])).toEqual([]);
    expect(closedSpans({ ...monday, is_active: false }, [480, 1200])).toEqual([[480, 1200]]);
    expect(closedSpans(undefined, [480, 1200])).toEqual([[480, 1200]]);
  });
});

describe('bufferSpans (CONTRACT.md §17)', () => {
  const withService = (id: string, start: number, end: number, serviceId: number, status = 'pending') => ({
    ...booking(id, start, end, status),
    service: { id: serviceId },
  });

  it("shades [end, end + buffer) of each booking that occupies time, cut at the day's end; none without a buffer", () => {
    const buffers = new Map([
      [1, 15],
      [2, 0],
    ]);
    expect(
      bufferSpans(
        [
          withService('a', 600, 660, 1),
          withService('b', 700, 760, 2),
          withService('c', 800, 860, 1, 'cancelled'),
          withService('d', 1070, 1075, 1),
        ],
        buffers,
        1080,
      ),
    ).toEqual([
      { id: 'a', start: 660, end: 675 },
      { id: 'd', start: 1075, end: 1080 },
    ]);
    expect(bufferSpans([withService('a', 600, 660, 1)], undefined, 1440)).toEqual([]);
  });
});
