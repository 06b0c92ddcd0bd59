/**
 * Pure helpers of the readable calendar and the faster setup (web/src/admin): block geometry,
 * lanes with a minimum height, the master shown, the next free time, the service↔master links,
 * "На все дни" and the salon's week for a master.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_BLOCK_PX, blockBox, bookingWhat, placeBookings } from '../../web/src/admin/calendar/calendar-geometry.js';
import { calendarMode, parseChoice, phoneLeadMaster, weekFits } from '../../web/src/admin/calendar/master-choice.js';
import { firstFreeStart, nextFreeStart } from '../../web/src/admin/bookings/next-free.js';
import { copyHoursToAll, masterLinkChanges, salonWeekBodies } from '../../web/src/admin/onboarding/setup-rules.js';

const booking = (id: string, from: string, to: string, status = 'confirmed') => ({
  id,
  status,
  start_at: `2026-11-23T${from}:00`,
  end_at: `2026-11-23T${to}:00`,
});

describe('calendar blocks', () => {
  it('a block is never shorter than one line; a long one is as tall as its time', () => {
    expect(blockBox(600, 615, 540, 1)).toEqual({ top: 60, height: MIN_BLOCK_PX });
    expect(blockBox(600, 630, 540, 1.2)).toEqual({ top: 72, height: 36 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1400 }), fc.integer({ min: 1, max: 240 }), fc.constantFrom(1, 1.2), (start, length, px) => {
        const box = blockBox(start, start + length, 0, px);
        expect(box.height).toBeGreaterThanOrEqual(Math.max(MIN_BLOCK_PX, length * px) - 1e-9);
      }),
    );
  });

  it('reads "Бауыржан · Стрижка"', () => {
    expect(bookingWhat({ start_at: '2026-11-23T10:00:00', client: { first_name: 'Бауыржан' }, service: { name: 'Стрижка' } })).toBe(
      'Бауыржан · Стрижка',
    );
  });

  it('a short booking right before another takes its own lane when drawn taller, without an overlap flag', () => {
    const placed = placeBookings([booking('a', '10:00', '10:15'), booking('b', '10:15', '10:30')], 26);
    expect(placed.map((p) => [p.booking.id, p.lane, p.lanes, p.overlaps])).toEqual([
      ['a', 0, 2, false],
      ['b', 1, 2, false],
    ]);
    // Blocks taller than 15 minutes' worth never share a lane with a booking that starts under them.
    const loose = placeBookings([booking('a', '10:00', '10:15'), booking('b', '10:15', '10:30')]);
    expect(loose.map((p) => p.lanes)).toEqual([1, 1]);
  });
});

describe('which master the calendar shows', () => {
  it('parses the stored choice', () => {
    expect([parseChoice('all'), parseChoice('7'), parseChoice('x'), parseChoice(null), parseChoice('0')]).toEqual([
      'all',
      7,
      null,
      null,
      null,
    ]);
  });

  it.each([
    ['a chosen master', 2, false, false, false, { kind: 'grid', masterIds: [2] }],
    ['no choice on a laptop day', null, false, false, false, { kind: 'grid', masterIds: [1, 2, 3] }],
    ['no choice on a phone', null, true, false, false, { kind: 'grid', masterIds: [1] }],
    ['no choice, a week of three that fits', null, false, true, true, { kind: 'grid', masterIds: [1, 2, 3] }],
    ['no choice, a week of three too wide', null, false, true, false, { kind: 'list' }],
    ['all on a phone', 'all', true, false, false, { kind: 'list' }],
    ['all, a week of three that fits', 'all', false, true, true, { kind: 'grid', masterIds: [1, 2, 3] }],
    ['all, a week of three too wide', 'all', false, true, false, { kind: 'list' }],
    ['all on a laptop day', 'all', false, false, false, { kind: 'grid', masterIds: [1, 2, 3] }],
    ['a master that is gone', 9, true, false, false, { kind: 'grid', masterIds: [1] }],
  ] as const)('%s', (_, choice, phone, week, allFit, mode) => {
    expect(calendarMode(choice, [1, 2, 3], { phone, week, allFit })).toEqual(mode);
  });

  it("a phone with no choice shows the lead master (the day's), a chosen one still wins, a laptop shows all", () => {
    expect(calendarMode(null, [1, 2, 3], { phone: true, week: false, allFit: false, lead: 2 })).toEqual({ kind: 'grid', masterIds: [2] });
    expect(calendarMode(3, [1, 2, 3], { phone: true, week: false, allFit: false, lead: 2 })).toEqual({ kind: 'grid', masterIds: [3] });
    expect(calendarMode(9, [1, 2, 3], { phone: true, week: false, allFit: false, lead: 2 })).toEqual({ kind: 'grid', masterIds: [2] });
    expect(calendarMode(null, [1, 2, 3], { phone: true, week: false, allFit: false, lead: 9 })).toEqual({ kind: 'grid', masterIds: [1] });
    expect(calendarMode(null, [1, 2, 3], { phone: false, week: false, allFit: false, lead: 2 })).toEqual({
      kind: 'grid',
      masterIds: [1, 2, 3],
    });
  });

  describe('phoneLeadMaster: whom a phone opens on with no choice (decision 0094)', () => {
    const SUNDAY = '2026-11-29';
    const at = (master: number, date: string, status = 'confirmed') => ({ status, start_at: `${date}T11:00:00`, master: { id: master } });
    const nobodyWorks = () => false;

    it("the first master, in the masters' order, with a booking in the shown days", () => {
      expect(phoneLeadMaster([1, 2, 3], [SUNDAY], [at(3, SUNDAY), at(2, SUNDAY)], nobodyWorks)).toBe(2);
      expect(phoneLeadMaster([1, 2, 3], [SUNDAY], [at(3, SUNDAY)], (id) => id === 1)).toBe(3);
      expect(phoneLeadMaster([1, 2, 3], ['2026-11-28', SUNDAY], [at(3, SUNDAY)], (id) => id === 1)).toBe(3);
    });

    it('else the first who works one of those days: bookings of other days and cancelled ones do not count', () => {
      const bookings = [at(3, '2026-11-30'), at(3, SUNDAY, 'cancelled'), at(3, SUNDAY, 'rejected')];
      expect(phoneLeadMaster([1, 2, 3], [SUNDAY], bookings, (id) => id === 2)).toBe(2);
      expect(phoneLeadMaster([1, 2, 3], [SUNDAY], [at(1, SUNDAY, 'completed')], (id) => id === 2)).toBe(1);
      expect(phoneLeadMaster([1, 2, 3], ['2026-11-28', SUNDAY], [], (id, day) => id === 3 && day === '2026-11-28')).toBe(3);
    });

    it('else the first master; none without masters', () => {
      expect(phoneLeadMaster([4, 5], [SUNDAY], [], nobodyWorks)).toBe(4);
      expect(phoneLeadMaster([], [SUNDAY], [], nobodyWorks)).toBeUndefined();
    });
  });

  it('two masters still share the week grid, fitting or not', () => {
    expect(calendarMode('all', [1, 2], { phone: false, week: true, allFit: false })).toEqual({ kind: 'grid', masterIds: [1, 2] });
    expect(calendarMode(null, [1, 2], { phone: false, week: true, allFit: false })).toEqual({ kind: 'grid', masterIds: [1, 2] });
  });

  it("a week of masters fits when every column at its narrowest, the axis and a scrollbar's room do", () => {
    // 1280 px less the menu and the margins: about 1012 px of calendar
    expect(weekFits(1012, 7, 2, 60, 56)).toBe(true);
    expect(weekFits(1012, 7, 3, 60, 56)).toBe(false);
    expect(weekFits(56 + 7 * 3 * 60 + 17, 7, 3, 60, 56)).toBe(true);
    expect(weekFits(0, 7, 1, 60, 56)).toBe(false);
  });
});

describe('the next free time', () => {
  const open = (busy: Array<[string, string]> = []) => ({ work_start: '09:00', work_end: '18:00', busy_intervals: busy });
  const closed = { work_start: '00:00', work_end: '00:00', busy_intervals: [] };
  const now = { date: '2026-11-23', minutes: 7 * 60 + 15 };

  it('never before the salon opens, even at 07:15', () => {
    expect(firstFreeStart([{ date: '2026-11-23', answer: open() }], 30, now)).toEqual({ date: '2026-11-23', time: '09:00' });
  });

  it('after now today, around bookings, where the whole service fits', () => {
    const later = { date: '2026-11-23', minutes: 10 * 60 + 5 };
    expect(firstFreeStart([{ date: '2026-11-23', answer: open([['10:15', '11:00']]) }], 30, later)).toEqual({
      date: '2026-11-23',
      time: '11:00',
    });
  });

  it('moves to the next working day when today is full or a day off', () => {
    const days = [
      { date: '2026-11-23', answer: open([['09:00', '18:00']]) },
      { date: '2026-11-24', answer: closed },
      { date: '2026-11-25', answer: open() },
    ];
    expect(firstFreeStart(days, 30, now)).toEqual({ date: '2026-11-25', time: '09:00' });
  });

  it('asks a week at a time and stops at two weeks', async () => {
    const asked: string[][] = [];
    const none = await nextFreeStart(
      async (dates) => (asked.push(dates), dates.map((date) => ({ date, answer: closed }))),
      '2026-11-23',
      30,
      now,
    );
    expect(none).toBeNull();
    expect(asked.map((dates) => [dates[0], dates.length])).toEqual([
      ['2026-11-23', 7],
      ['2026-11-30', 7],
    ]);
    const found = await nextFreeStart(
      async (dates) => dates.map((date) => ({ date, answer: date === '2026-11-26' ? open() : closed })),
      '2026-11-20',
      30,
      now,
    );
    expect(found).toEqual({ date: '2026-11-26', time: '09:00' });
  });
});

describe('faster setup', () => {
  const masters = [
    { id: 1, services: [{ id: 10 }, { id: 11 }] },
    { id: 2, services: [{ id: 11 }] },
    { id: 3, services: [] },
  ];

  it('the service form changes only the masters whose link changes', () => {
    expect(masterLinkChanges(masters, 10, [1, 3])).toEqual([{ id: 3, service_ids: [10] }]);
    expect(masterLinkChanges(masters, 11, [2])).toEqual([{ id: 1, service_ids: [10] }]);
    expect(masterLinkChanges(masters, 11, [1, 2])).toEqual([]);
  });

  const day = (d: number, start: string, end: string, active: boolean) => ({
    id: 100 + d,
    day_of_week: d,
    start_time: start,
    end_time: end,
    break_start_time: '13:00',
    break_end_time: '14:00',
    is_active: active,
  });

  it('"На все дни" copies the hours and break; a day off stays off and a working day working (issue #49)', () => {
    const week = [day(0, '10:00', '20:00', true), day(1, '09:00', '18:00', true), day(6, '09:00', '18:00', false)];
    week[0]!.break_start_time = '14:00';
    const copied = copyHoursToAll(week, 0);
    expect(copied.map((d) => [d.id, d.start_time, d.end_time, d.break_start_time, d.is_active])).toEqual([
      [100, '10:00', '20:00', '14:00', true],
      [101, '10:00', '20:00', '14:00', true],
      [106, '10:00', '20:00', '14:00', false],
    ]);
    expect(copyHoursToAll(week, 6).map((d) => d.is_active)).toEqual([true, true, false]);
  });

  it("a master's new week gets the salon's row of the same weekday", () => {
    const salon = [day(0, '10:00', '20:00', true), day(6, '11:00', '16:00', true)];
    expect(salonWeekBodies([{ id: 7, day_of_week: 6 }], salon)).toEqual([
      {
        id: 7,
        body: { start_time: '11:00', end_time: '16:00', break_start_time: '13:00', break_end_time: '14:00', is_active: true },
      },
    ]);
  });
});

describe('firstFreeStart with a buffer (CONTRACT.md §17)', () => {
  it("keeps the service's buffer after the booking free too", () => {
    const busy = { work_start: '09:00', work_end: '18:00', busy_intervals: [['09:45', '10:00']] as [string, string][] };
    const now = { date: '2026-11-23', minutes: 0 };
    expect(firstFreeStart([{ date: '2026-11-23', answer: busy }], 30, now)).toEqual({ date: '2026-11-23', time: '09:00' });
    expect(firstFreeStart([{ date: '2026-11-23', answer: busy }], 30, now, 15, 30)).toEqual({ date: '2026-11-23', time: '10:00' });
  });
});
