/** A visit of several services in the panel, pure (CONTRACT.md §20): the calendar's linked groups, the client card's lines (the move's times are the server's: test/api/visits/free-times.test.ts). */
import { describe, expect, it } from 'vitest';
import { historyLines, mayCutVisits, visitMarks } from '../../web/src/admin/visits/visit-groups.js';

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

describe('mayCutVisits', () => {
  const list = { master_id: '', status: '', shown: 12, cap: 200 };
  it("the bookings page's whole list of the dates holds every item of its visits; a master, a status or the cap may cut one", () => {
    expect(mayCutVisits(list)).toBe(false);
    expect(mayCutVisits({ ...list, master_id: '7' })).toBe(true);
    expect(mayCutVisits({ ...list, status: 'pending' })).toBe(true);
    expect(mayCutVisits({ ...list, shown: 200 })).toBe(true);
  });
});
