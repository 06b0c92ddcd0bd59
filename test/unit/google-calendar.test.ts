import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { googleCalendarUrl } from '../../src/core/google-calendar.js';

describe('googleCalendarUrl', () => {
  it('fills the event form with the wall-clock times and the time zone', () => {
    const url = new URL(
      googleCalendarUrl({
        start: '2026-11-24T11:00:00',
        end: '2026-11-24T12:00:00',
        timeZone: 'Asia/Almaty',
        title: 'Стрижка — Салон «Ажар»',
        location: 'Алматы, Абая 10',
        details: 'Мастер: Алия & Co',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Стрижка — Салон «Ажар»',
      dates: '20261124T110000/20261124T120000',
      ctz: 'Asia/Almaty',
      location: 'Алматы, Абая 10',
      details: 'Мастер: Алия & Co',
    });
  });

  it('property: any title and times round-trip through the URL', () => {
    const naive = fc
      .tuple(
        fc.integer({ min: 2020, max: 2040 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 1439 }),
      )
      .map(
        ([y, m, d, min]) =>
          `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`,
      );
    fc.assert(
      fc.property(naive, naive, fc.string(), (start, end, title) => {
        const params = new URL(googleCalendarUrl({ start, end, timeZone: 'Asia/Almaty', title })).searchParams;
        expect(params.get('text')).toBe(title);
        expect(params.get('dates')).toBe(`${start.replace(/[-:]/g, '')}00/${end.replace(/[-:]/g, '')}00`);
      }),
    );
  });
});
