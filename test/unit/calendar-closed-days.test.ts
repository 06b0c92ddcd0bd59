/** The list of the week's closed days (CONTRACT.md §21): the salon's with its note, else each master off the whole day. */
import { describe, expect, it } from 'vitest';
import { closedOn } from '../../web/src/admin/calendar/closed-days.js';
import type { TimeOffRow } from '../../web/src/admin/calendar/time-off-spans.js';
import { timeOffEntry } from '../../src/core/time-off.js';

const MASTERS = [
  { masterId: 1, name: 'Айгерим' },
  { masterId: 2, name: 'Дана' },
];
const everyone = () => true;
const entriesOf = (rows: readonly TimeOffRow[]) => rows.map(timeOffEntry);
let id = 0;
const row = (fields: Partial<TimeOffRow> & Pick<TimeOffRow, 'date_from' | 'date_to'>): TimeOffRow => ({
  id: ++id,
  master_id: null,
  start_time: null,
  end_time: null,
  note: null,
  ...fields,
});

describe('closedOn', () => {
  it("a salon's whole-day time off closes the day with its note (31 Dec-2 Jan: each of its days)", () => {
    const entries = entriesOf([row({ date_from: '2026-12-31', date_to: '2027-01-02', note: 'Новый год' })]);
    for (const day of ['2026-12-31', '2027-01-01', '2027-01-02'])
      expect(closedOn(day, MASTERS, everyone, entries)).toEqual({ salon: { note: 'Новый год' }, masters: [] });
    expect(closedOn('2027-01-03', MASTERS, everyone, entries)).toEqual({ salon: null, masters: [] });
  });

  it('a salon closed without a note, or a blank one, says only that it is closed', () => {
    const entries = entriesOf([row({ date_from: '2026-12-16', date_to: '2026-12-16', note: '  ' })]);
    expect(closedOn('2026-12-16', MASTERS, everyone, entries)).toEqual({ salon: {}, masters: [] });
  });

  it("the salon's hours off leave the day open", () => {
    const entries = entriesOf([row({ date_from: '2026-12-16', date_to: '2026-12-16', start_time: '09:00', end_time: '13:00' })]);
    expect(closedOn('2026-12-16', MASTERS, everyone, entries)).toEqual({ salon: null, masters: [] });
  });

  it("a day nobody works by the schedule (the salon's day off) is closed for the salon", () => {
    expect(closedOn('2026-12-19', MASTERS, () => false, [])).toEqual({ salon: {}, masters: [] });
  });

  it('a master off the whole day is named with the note of their time off; an hours entry does not count', () => {
    const entries = entriesOf([
      row({ master_id: 2, date_from: '2026-12-17', date_to: '2026-12-18', note: 'Больничный' }),
      row({ master_id: 1, date_from: '2026-12-17', date_to: '2026-12-17', start_time: '10:00', end_time: '12:00', note: 'Врач' }),
    ]);
    expect(closedOn('2026-12-17', MASTERS, everyone, entries)).toEqual({
      salon: null,
      masters: [{ masterId: 2, name: 'Дана', note: 'Больничный' }],
    });
  });

  it('a master off by their own schedule is named without a note while another works', () => {
    expect(closedOn('2026-12-19', MASTERS, (master) => master === 1, [])).toEqual({
      salon: null,
      masters: [{ masterId: 2, name: 'Дана' }],
    });
  });

  it('no masters: nothing closed but by the salon’s time off', () => {
    expect(closedOn('2026-12-19', [], () => false, [])).toEqual({ salon: null, masters: [] });
  });
});
