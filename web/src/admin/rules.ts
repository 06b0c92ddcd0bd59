/** Pure rules of the owner's panel (no DOM, no requests): unit-tested in test/unit/admin-rules.test.ts. */

export interface ScheduleDay {
  start_time: string;
  end_time: string;
  break_start_time: string | null;
  break_end_time: string | null;
  is_active: boolean;
}

/**
 * What the panel refuses to save (the API stays permissive, as SPEC.md says): a working day
 * that ends before or when it starts, a break outside the hours or ending before it starts.
 */
export function dayProblem(d: ScheduleDay): 'hours' | 'break' | null {
  if (!d.is_active) return null;
  if (!d.start_time || !d.end_time || d.end_time <= d.start_time) return 'hours';
  const [from, to] = [d.break_start_time || null, d.break_end_time || null];
  if (from === null && to === null) return null;
  if (from === null || to === null || to <= from || from < d.start_time || to > d.end_time) return 'break';
  return null;
}

export interface SetupState {
  master: boolean;
  hours: boolean;
  telegram: boolean;
}

/** Pure: what is done, from what the provider API answers. */
export function setupState(
  masters: ReadonlyArray<{ has_schedule: boolean }>,
  businessWeek: ReadonlyArray<{ is_active: boolean }>,
  chatId: string | null | undefined,
): SetupState {
  return {
    master: masters.length > 0,
    // Hours are set when someone can be booked on some weekday: the salon's week or a master's own.
    hours: businessWeek.some((row) => row.is_active) || masters.some((m) => m.has_schedule),
    telegram: Boolean(chatId),
  };
}

/** "Абая 10" typed under the city "Алматы" is saved as "Алматы, Абая 10"; an address naming its city stays as it is. */
export function withCity(city: string, street: string): string {
  const c = city.trim();
  const a = street.trim();
  if (!c || !a || a.toLowerCase().includes(c.toLowerCase())) return street;
  return `${c}, ${a}`;
}
