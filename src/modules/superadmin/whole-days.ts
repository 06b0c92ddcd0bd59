import { addDays, datePart, type IsoDate, type NaiveDateTime } from '../../core/wallclock.js';

/** A range of start times [from, to) as booking_day_counts can count it (migration 0021). */
export interface WholeDaysSplit {
  /** The whole days inside the range, `from` included and `to` excluded (either open); undefined when there is none. */
  days?: { from?: IsoDate; to?: IsoDate };
  /** The parts of days at the range's edges, [from, to), to count from bookings themselves. */
  edges: { from: NaiveDateTime; to: NaiveDateTime }[];
}

const isMidnight = (naive: NaiveDateTime): boolean => /^\d{4}-\d{2}-\d{2}(T00:00(:00(\.0+)?)?)?$/.test(naive);
const midnightOf = (day: IsoDate): NaiveDateTime => `${day}T00:00:00`;
const firstWholeDay = (from: NaiveDateTime): IsoDate => (isMidnight(from) ? datePart(from) : addDays(datePart(from), 1));

/**
 * splitIntoWholeDays: the day table counts whole days only, so a range whose ends fall inside a day
 * keeps those parts as edges (the console passes midnights, and has none).
 */
export function splitIntoWholeDays(from: NaiveDateTime | undefined, to: NaiveDateTime | undefined): WholeDaysSplit {
  if (from !== undefined && to !== undefined && firstWholeDay(from) >= datePart(to)) {
    return { edges: from < to ? [{ from, to }] : [] };
  }
  const edges: WholeDaysSplit['edges'] = [];
  if (from !== undefined && !isMidnight(from)) edges.push({ from, to: midnightOf(firstWholeDay(from)) });
  if (to !== undefined && !isMidnight(to)) edges.push({ from: midnightOf(datePart(to)), to });
  return { days: { from: from === undefined ? undefined : firstWholeDay(from), to: to === undefined ? undefined : datePart(to) }, edges };
}
