/**
 * Which master(s) the calendar shows. The owner's choice survives a reload (URL ?master=,
 * else localStorage); with no choice a phone shows one master, since every master side by side
 * would not be readable there: the first with bookings in the shown day or week, else the first who
 * works then (decision 0094); a laptop's week shows every master: side by side when their columns
 * fit the width, else as the list of the week (decision 0092).
 */
import { occupiesTime } from '@core/booking-status.js';

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

/** Up to this many masters share the week grid at any width (it scrolls sideways where it must). */
const WEEK_GRID_MAX_MASTERS = 2;

export type CalendarMode = { kind: 'grid'; masterIds: number[] } | { kind: 'list' };

export interface CalendarPlace {
  phone: boolean;
  week: boolean;
  /** Whether a column of every master fits the width (weekFits). */
  allFit: boolean;
  /** The one master a phone shows with no choice (phoneLeadMaster); the first master without it. */
  lead?: number;
}

export function calendarMode(choice: MasterChoice, masterIds: readonly number[], place: CalendarPlace): CalendarMode {
  if (typeof choice === 'number' && masterIds.includes(choice)) return { kind: 'grid', masterIds: [choice] };
  const crowded = place.phone || (place.week && masterIds.length > WEEK_GRID_MAX_MASTERS && !place.allFit);
  if (!crowded || masterIds.length <= 1) return { kind: 'grid', masterIds: [...masterIds] };
  if (choice === 'all' || !place.phone) return { kind: 'list' };
  return { kind: 'grid', masterIds: [place.lead !== undefined && masterIds.includes(place.lead) ? place.lead : masterIds[0]!] };
}

interface DayBooking {
  status: string;
  start_at: string;
  master: { id: number };
}

/**
 * The master a phone opens on with no choice (decision 0094): the first, in the masters' order, with a booking in the
 * shown days that takes its time (a cancelled one is not the day's work), else the first who works one of them, else the first.
 */
export function phoneLeadMaster(
  masterIds: readonly number[],
  days: readonly string[],
  bookings: readonly DayBooking[],
  works: (masterId: number, day: string) => boolean,
): number | undefined {
  const booked = new Set(bookings.filter((b) => days.includes(b.start_at.slice(0, 10)) && occupiesTime(b.status)).map((b) => b.master.id));
  return masterIds.find((id) => booked.has(id)) ?? masterIds.find((id) => days.some((day) => works(id, day))) ?? masterIds[0];
}

/** Room the calendar keeps for a scrollbar of its own (a desktop browser's is about 17 px). */
const SCROLLBAR_PX = 17;

/** Whether `masters` columns of `colWidth` for each of `days` (and the hours' axis) fit a box `width` px wide. */
export function weekFits(width: number, days: number, masters: number, colWidth: number, axis: number): boolean {
  return axis + days * masters * colWidth + SCROLLBAR_PX <= width;
}
