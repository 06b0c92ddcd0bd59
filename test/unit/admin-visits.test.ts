/** A visit of several services in the panel, pure (CONTRACT.md §20): the calendar's linked groups, the client card's lines, the move's times. */
import { describe, expect, it } from 'vitest';
import { historyLines, visitMarks } from '../../web/src/admin/visits/visit-groups.js';
import type { DayClosure } from '../../src/core/availability.js';
import { visitMoveTimes, type VisitDay } from '../../web/src/admin/visits/visit-move-times.js';

const DAY = '2026-11-24';
const CUT = 1;
const BEARD = 2;
const ERLAN = 10;
const DANIYAR = 20;

const booking = (id: string, visit: string | null, start: string, end: string, master = ERLAN, service = CUT, status = 'confirmed') => ({
  id,
  visit_id: visit,
  start_at: `${DAY}T${start}:00`,
  end_at: `${DAY}T${end}:00`,
  status,
  price_snapshot: service === CUT ? 8000 : 4000,
  master: { id: master },
  service: { id: service },
});

describe('visitMarks', () => {
  it('marks only the items of visits, one colour per visit in time order, with the count of its items', () => {
    const marks = visitMarks([
      booking('late-2', 'v-late', '15:00', '15:30', DANIYAR, BEARD),
      booking('single', null, '09:00', '10:00'),
      booking('early-1', 'v-early', '11:00', '12:00'),
      booking('late-1', 'v-late', '14:00', '15:00'),
      booking('early-2', 'v-early', '12:00', '12:30', DANIYAR, BEARD),
    ]);
    expect(marks.has('single')).toBe(false);
    expect(marks.get('early-1')).toEqual({ visitId: 'v-early', size: 2, colour: 0 });
    expect(marks.get('early-2')).toEqual({ visitId: 'v-early', size: 2, colour: 0 });
    expect(marks.get('late-1')).toEqual({ visitId: 'v-late', size: 2, colour: 1 });
    expect(marks.get('late-2')).toEqual({ visitId: 'v-late', size: 2, colour: 1 });
  });
});

describe('historyLines', () => {
  it("gathers a visit's bookings on one line where the first appears, in time order, with one status and the total", () => {
    const lines = historyLines([
      booking('b', 'v', '12:00', '12:30', DANIYAR, BEARD, 'cancelled'),
      booking('a', 'v', '11:00', '12:00'),
      booking('s', null, '09:00', '10:00'),
    ]);
    expect(
      lines.map((line) => (line.kind === 'visit' ? [line.visitId, line.items.map((i) => i.id), line.status, line.total] : line.booking.id)),
    ).toEqual([['v', ['a', 'b'], 'mixed', 12000], 's']);
    expect(historyLines([booking('a', 'v', '11:00', '12:00'), booking('b', 'v', '12:00', '12:30', DANIYAR, BEARD)])[0]).toMatchObject({
      status: 'confirmed',
    });
  });
});

describe('visitMoveTimes', () => {
  const week = { start_time: '09:00', end_time: '18:00', break_start_time: '13:00', break_end_time: '14:00', is_active: true };
  const visit = [booking('cut', 'v', '10:00', '11:00', ERLAN, CUT), booking('beard', 'v', '11:00', '11:30', DANIYAR, BEARD)];
  const day = (closed: DayClosure = []): VisitDay => ({
    masters: new Map([
      [ERLAN, { row: week, bookings: [visit[0]!], closed }],
      [DANIYAR, { row: week, bookings: [visit[1]!, booking('other', null, '16:00', '17:00', DANIYAR, CUT)], closed: [] }],
    ]),
    bufferOf: new Map([
      [CUT, 0],
      [BEARD, 10],
    ]),
  });

  it("offers the starts where every item's master is free for it, back to back, the visit's own time included", () => {
    const times = visitMoveTimes(DAY, visit, day());
    expect(times).toContain('10:00'); // its own bookings move with it
    expect(times).toContain('14:00');
    expect(times).toContain('14:15'); // the beard 15:15-15:45 and its 10 minutes end before 16:00
    expect(times).not.toContain('14:30'); // the beard's buffer would run into Данияр's 16:00
    expect(times).not.toContain('15:00'); // the beard at 16:00
    expect(times).not.toContain('12:00'); // the beard in the break
    expect(times).not.toContain('12:30'); // the cut in the break
    expect(times.at(-1)).toBe('16:30'); // the beard 17:30-18:00 ends at closing
  });

  it("keeps out the time off of an item's master and the times before notBefore", () => {
    const times = visitMoveTimes(DAY, visit, day([[9 * 60, 12 * 60]]), 11 * 60);
    expect(times[0]).toBe('14:00');
  });
});
