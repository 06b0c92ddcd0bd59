/**
 * Which master(s) the calendar shows. The owner's choice survives a reload (URL ?master=,
 * else localStorage); with no choice a phone, or a week of three masters or more, shows
 * the first master, since every master side by side would not be readable there.
 */
export type MasterChoice = number | 'all' | null;

const KEY = 'admin_calendar_master';

export function parseChoice(value: string | null | undefined): MasterChoice {
  if (value === 'all') return 'all';
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

export function readChoice(search: string): MasterChoice {
  const fromUrl = parseChoice(new URLSearchParams(search).get('master'));
  if (fromUrl !== null) return fromUrl;
  try {
    return parseChoice(localStorage.getItem(KEY));
  } catch {
    return null;
  }
}

export function storeChoice(choice: MasterChoice): void {
  try {
    if (choice === null) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, String(choice));
  } catch {
    // private mode: the URL still carries it
  }
}

/** From this many masters the week grid shows one master at a time (or the list). */
const WEEK_GRID_MAX_MASTERS = 2;

export type CalendarMode = { kind: 'grid'; masterIds: number[] } | { kind: 'list' };

export function calendarMode(choice: MasterChoice, masterIds: readonly number[], phone: boolean, week: boolean): CalendarMode {
  if (typeof choice === 'number' && masterIds.includes(choice)) return { kind: 'grid', masterIds: [choice] };
  const crowded = phone || (week && masterIds.length > WEEK_GRID_MAX_MASTERS);
  if (!crowded || masterIds.length <= 1) return { kind: 'grid', masterIds: [...masterIds] };
  return choice === 'all' ? { kind: 'list' } : { kind: 'grid', masterIds: [masterIds[0]!] };
}
