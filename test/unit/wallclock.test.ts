import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SettableClock } from '../../src/core/clock.js';
import {
  addDays,
  addMinutes,
  combine,
  dayOfWeek,
  fromDbTimestamp,
  fromMinutes,
  isValidDate,
  isValidTime,
  minuteOfDay,
  toMinutes,
  wallClockAt,
  WallClock,
} from '../../src/core/wallclock.js';

describe('wall clock', () => {
  it('reads an instant in APP_TIMEZONE (Asia/Almaty is UTC+5)', () => {
    expect(wallClockAt(new Date('2026-11-23T05:00:00Z'), 'Asia/Almaty')).toBe('2026-11-23T10:00:00');
    expect(wallClockAt(new Date('2026-11-23T21:30:00Z'), 'Asia/Almaty')).toBe('2026-11-24T02:30:00');
  });

  it('WallClock gives now, today and UTC seconds from its clock', () => {
    const clock = new SettableClock('2026-11-23T20:00:00Z');
    const wall = new WallClock(clock, 'Asia/Almaty');
    expect(wall.now()).toBe('2026-11-24T01:00:00');
    expect(wall.today()).toBe('2026-11-24');
    expect(wall.unixSeconds()).toBe(Date.parse('2026-11-23T20:00:00Z') / 1000);
    clock.advanceMinutes(90);
    expect(wall.now()).toBe('2026-11-24T02:30:00');
  });

  it('day of week counts 0 = Monday .. 6 = Sunday', () => {
    expect(dayOfWeek('2026-11-23')).toBe(0);
    expect(dayOfWeek('2026-11-28')).toBe(5);
    expect(dayOfWeek('2026-11-29')).toBe(6);
  });

  it('naive arithmetic crosses days, months and leap days', () => {
    expect(addMinutes('2026-11-23T23:30:00', 45)).toBe('2026-11-24T00:15:00');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(combine('2026-11-23', '09:05')).toBe('2026-11-23T09:05:00');
  });

  it('minuteOfDay is clamped to 0..1440', () => {
    expect(minuteOfDay('2026-11-23T10:30:00', '2026-11-23')).toBe(630);
    expect(minuteOfDay('2026-11-22T10:30:00', '2026-11-23')).toBe(0);
    expect(minuteOfDay('2026-11-25T10:30:00', '2026-11-23')).toBe(1440);
  });

  it('HH:MM ↔ minutes, 24:00 = 1440', () => {
    expect(toMinutes('13:45')).toBe(825);
    expect(toMinutes('24:00')).toBe(1440);
    expect(fromMinutes(1440)).toBe('24:00');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1440 }), (m) => {
        expect(toMinutes(fromMinutes(m))).toBe(m);
      }),
    );
  });

  it('PostgreSQL timestamps come back as naive date-times', () => {
    expect(fromDbTimestamp('2026-11-23 10:00:00')).toBe('2026-11-23T10:00:00');
    expect(fromDbTimestamp('2026-11-23 10:00:00.123')).toBe('2026-11-23T10:00:00');
  });
});

describe('input validation', () => {
  it.each(['2026-11-23', '2028-02-29', '2000-01-01', '1900-01-01', '9998-12-31'])('accepts the date %s', (d) => {
    expect(isValidDate(d)).toBe(true);
  });

  it.each(['2026-02-29', '2026-13-01', '2026-11-31', '2026-1-5', '26-11-23', '2026-11-23T10:00', '', '0000-01-01'])(
    'rejects the date %j',
    (d) => {
      expect(isValidDate(d)).toBe(false);
    },
  );

  it('rejects dates whose next day leaves four-digit years (they cannot be stored)', () => {
    expect(isValidDate('9999-12-31')).toBe(false);
  });

  it('property: every valid date plus or minus a day stays a valid four-digit date', () => {
    const date = fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(date, (d) => {
        const iso = d.toISOString().slice(0, 10);
        if (!isValidDate(iso)) return;
        expect(isValidDate(addDays(iso, 1))).toBe(true);
        expect(isValidDate(addDays(iso, -1))).toBe(true);
      }),
    );
  });

  it.each(['00:00', '09:05', '23:59'])('accepts the time %s', (t) => expect(isValidTime(t)).toBe(true));
  it.each(['24:00', '9:05', '12:60', '12:5', '1200', ''])('rejects the time %j', (t) => expect(isValidTime(t)).toBe(false));
});
