/** The schedules screen's week being edited (web/src/admin/schedules/week-draft.ts): only the days that differ are sent. */
import { describe, expect, it } from 'vitest';
import { changedDrafts, type Draft } from '../../web/src/admin/schedules/week-draft.js';

const row = (id: number, change: Partial<Draft> = {}): Draft => ({
  id,
  day_of_week: id - 1,
  start_time: '09:00',
  end_time: '18:00',
  break_start_time: null,
  break_end_time: null,
  is_active: true,
  ...change,
});

describe('changedDrafts', () => {
  const saved = [row(1), row(2), row(3)];

  it('an untouched week sends nothing', () => {
    expect(
      changedDrafts(
        saved.map((r) => ({ ...r })),
        saved,
      ),
    ).toEqual([]);
  });

  it.each<[string, Partial<Draft>]>([
    ['the start', { start_time: '10:00' }],
    ['the end', { end_time: '17:00' }],
    ['the break start', { break_start_time: '13:00' }],
    ['the break end', { break_end_time: '14:00' }],
    ['the day off', { is_active: false }],
  ])('a day whose %s changed is sent, the others are not', (_, change) => {
    const drafts = [row(1), row(2, change), row(3)];
    expect(changedDrafts(drafts, saved)).toEqual([row(2, change)]);
  });

  it('a draft back to its saved value is not sent; a draft without a saved row is not sent', () => {
    expect(changedDrafts([row(1, { start_time: '09:00' }), row(9, { start_time: '07:00' })], saved)).toEqual([]);
  });
});
