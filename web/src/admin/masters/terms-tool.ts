/**
 * The arithmetic of the masters × services grid (CONTRACT.md §17), pure so it is tested alone:
 * a cell's text, its body for PUT /masters/{id}/services/{service_id}, and the per-master row tool
 * ("для всех услуг мастера": a price change in %, rounded to the nearest 100 ₸, and a duration
 * change in minutes), kept inside the PUT body's bounds.
 */

/** The PUT body's bounds (masters.routes.ts MasterServiceTerms). */
export const PRICE_MIN = 0;
export const PRICE_MAX = 1e9;
export const DURATION_MIN = 1;
export const DURATION_MAX = 1440;
/** A price changed in % is rounded to the nearest this many ₸ (half up). */
export const PRICE_ROUNDING = 100;

/** A cell as typed: a blank field takes the service's value. */
export interface Cell {
  price: string;
  duration: string;
}

/** A master's service item (§4 master `services`): effective values and the service's own. */
export interface TermsItem {
  id: number;
  price: number;
  duration: number;
  base_price: number;
  base_duration: number;
}

/** The cell as the server has it: blank where the master's value is the service's. */
export function cellOf(item: TermsItem): Cell {
  return {
    price: item.price === item.base_price ? '' : String(item.price),
    duration: item.duration === item.base_duration ? '' : String(item.duration),
  };
}

/** The body of one cell: a blank field removes the master's own value. */
export const termsBody = (cell: Cell) => ({
  price: cell.price.trim() === '' ? null : Number(cell.price),
  duration: cell.duration.trim() === '' ? null : Number(cell.duration),
});

/** Whether an edited cell says something other than the server's (only those are saved). */
export function cellChanged(cell: Cell, item: TermsItem): boolean {
  const now = termsBody(cell);
  const was = termsBody(cellOf(item));
  return now.price !== was.price || now.duration !== was.duration;
}

/**
 * A signed number as an owner types it: "+20", "-10", "−10" (the typographic minus), "20 %", "2,5".
 * Blank, zero or unreadable: null (nothing changes).
 */
export function parseChange(text: string): number | null {
  const cleaned = text.replace(/[\s%]/g, '').replace(/[−–]/g, '-').replace(',', '.');
  if (cleaned === '' || cleaned === '+' || cleaned === '-') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) && value !== 0 ? value : null;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A price changed by `percent`, rounded to the nearest 100 ₸ (half up), never below 0 (nor past the bound). */
export function changedPrice(price: number, percent: number): number {
  const raw = price * (1 + percent / 100);
  return clamp(Math.round(raw / PRICE_ROUNDING) * PRICE_ROUNDING, PRICE_MIN, PRICE_MAX);
}

/** A duration changed by `minutes` (whole minutes), never below 1 minute nor above a day. */
export function changedDuration(duration: number, minutes: number): number {
  return clamp(Math.round(duration + minutes), DURATION_MIN, DURATION_MAX);
}

/** The value a field shows in effect: its own number, else (blank) the service's. null when unreadable. */
function effective(text: string, base: number): number | null {
  if (text.trim() === '') return base;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** The text of a field holding `value`: blank when it is the service's own (the cell inherits it). */
const textOf = (value: number, base: number) => (value === base ? '' : String(value));

export interface RowChange {
  /** % of the price, e.g. 20 or -10; null: the price stays. */
  percent: number | null;
  /** Minutes added to the duration, e.g. 15 or -10; null: the duration stays. */
  minutes: number | null;
}

/**
 * The row tool on one cell: from the value the cell holds now (an unsaved edit included, else the
 * master's effective value), the price changed by `percent` and the duration by `minutes`.
 */
export function applyRowChange(cell: Cell, item: TermsItem, change: RowChange): Cell {
  const next = { ...cell };
  const price = effective(cell.price, item.base_price);
  if (change.percent !== null && price !== null) next.price = textOf(changedPrice(price, change.percent), item.base_price);
  const duration = effective(cell.duration, item.base_duration);
  if (change.minutes !== null && duration !== null) next.duration = textOf(changedDuration(duration, change.minutes), item.base_duration);
  return next;
}

/**
 * Runs `task` on every item, at most `limit` at a time, in order of start; resolves when all have
 * settled, with each item's error (undefined: it succeeded).
 */
export async function settleLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<unknown>): Promise<unknown[]> {
  const errors: unknown[] = new Array(items.length).fill(undefined);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        await task(items[index]!);
      } catch (error) {
        errors[index] = error ?? new Error('failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return errors;
}
