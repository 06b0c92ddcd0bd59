/** A week being edited: the days' drafts and which of them differ from what the server holds (no DOM, no requests). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** The fields of a schedule row (GET /schedule) that the editor changes. */
export interface Draft {
  id: number;
  day_of_week: number;
  start_time: string;
  end_time: string;
  break_start_time: string | null;
  break_end_time: string | null;
  is_active: boolean;
}

export type TimeKey = 'start_time' | 'end_time' | 'break_start_time' | 'break_end_time';
export const TIME_KEYS: readonly TimeKey[] = ['start_time', 'end_time', 'break_start_time', 'break_end_time'];

const same = (a: Draft, b: Draft) =>
  a.start_time === b.start_time &&
  a.end_time === b.end_time &&
  a.break_start_time === b.break_start_time &&
  a.break_end_time === b.break_end_time &&
  a.is_active === b.is_active;

/** The drafts that differ from their saved row (a draft without a saved row is not sent). */
export function changedDrafts(drafts: readonly Draft[], rows: readonly Draft[]): Draft[] {
  return drafts.filter((d) => {
    const saved = rows.find((r) => r.id === d.id);
    return saved !== undefined && !same(d, saved);
  });
}
