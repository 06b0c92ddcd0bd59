/** The pages' side of CONTRACT.md §18 (web/src): the mini app outside Telegram and «Мои записи» (what a link chose: test/web/reach.test.ts). */
import { describe, expect, it } from 'vitest';
import { splitByNow, visitLines, type Visit } from '../../web/src/miniapp/visits.js';
import { startParamOfUrl, webPageOf } from '../../web/src/miniapp/start-link.js';

describe('the mini app outside Telegram (web/src/miniapp/start-link.ts)', () => {
  it('reads the start parameter from ?startapp= or tgWebAppStartParam', () => {
    expect(startParamOfUrl({ search: '?startapp=salon__m1', hash: '' })).toBe('salon__m1');
    expect(startParamOfUrl({ search: '', hash: '#tgWebAppStartParam=salon' })).toBe('salon');
    expect(startParamOfUrl({ search: '', hash: '' })).toBe('');
  });

  it("links to the salon's page with what the parameter chose; nothing without a salon", () => {
    expect(webPageOf('salon__m7__s5')).toBe('/salon?service=5&master=7');
    expect(webPageOf('salon')).toBe('/salon');
    expect(webPageOf('')).toBeNull();
    expect(webPageOf('//evil.example')).toBeNull();
  });
});

describe('«Мои записи» (web/src/miniapp/visits.ts)', () => {
  const booking = (id: string, start: string, end: string, status = 'confirmed'): Visit & { id: string } => ({
    id,
    status,
    start_at: start,
    end_at: end,
  });

  it('upcoming soonest first (not ended, not cancelled); the rest past, newest first', () => {
    const list = [
      booking('later', '2026-11-30T10:00:00', '2026-11-30T11:00:00'),
      booking('cancelled', '2026-11-29T10:00:00', '2026-11-29T11:00:00', 'cancelled'),
      booking('soon', '2026-11-25T10:00:00', '2026-11-25T11:00:00'),
      booking('now', '2026-11-23T14:30:00', '2026-11-23T15:30:00'),
      booking('done', '2026-11-20T10:00:00', '2026-11-20T11:00:00', 'completed'),
    ];
    const { upcoming, past } = splitByNow(list, '2026-11-23T15:00:00');
    expect(upcoming.map((b) => b.id)).toEqual(['now', 'soon', 'later']);
    expect(past.map((b) => b.id)).toEqual(['cancelled', 'done']);
  });

  it('a visit is one line with its items in time order, from its first start to its last end; a status changed alone is "mixed"', () => {
    const item = (id: string, start: string, end: string, visit: string | null, status = 'pending') => ({
      ...booking(id, start, end, status),
      visit_id: visit,
    });
    // The answer comes newest start first.
    const list = [
      item('single', '2026-11-27T10:00:00', '2026-11-27T11:00:00', null),
      item('beard', '2026-11-26T11:00:00', '2026-11-26T11:10:00', 'v1'),
      item('cut', '2026-11-26T10:00:00', '2026-11-26T11:00:00', 'v1'),
      item('nails', '2026-11-25T12:00:00', '2026-11-25T13:30:00', 'v2', 'cancelled'),
      item('brows', '2026-11-25T11:00:00', '2026-11-25T12:00:00', 'v2'),
    ];
    const lines = visitLines(list);
    expect(lines.map((line) => [line.id, line.items.map((b) => b.id), line.start_at, line.end_at, line.status])).toEqual([
      ['single', ['single'], '2026-11-27T10:00:00', '2026-11-27T11:00:00', 'pending'],
      ['cut', ['cut', 'beard'], '2026-11-26T10:00:00', '2026-11-26T11:10:00', 'pending'],
      ['brows', ['brows', 'nails'], '2026-11-25T11:00:00', '2026-11-25T13:30:00', 'mixed'],
    ]);
    expect(splitByNow(lines, '2026-11-26T10:30:00').upcoming.map((line) => line.id)).toEqual(['cut', 'single']);
  });
});
