/**
 * What the list of the week says of a closed day (CONTRACT.md §21): the whole salon closed (its time off for
 * the whole day, with the note, or nobody working by the schedule), else each master off for the whole day.
 */
import { closingNote, closureOn, type TimeOffEntry } from '@core/time-off.js';

export interface ClosedMaster {
  masterId: number;
  name: string;
  /** The note of the master's time off; absent for a day off by the schedule or a time off without a note. */
  note?: string;
}

export interface DayClosed {
  /** The whole salon is closed; `note`: the salon's time off note (a holiday's name), when there is one. */
  salon: { note?: string } | null;
  /** While the salon is open: the masters off the whole day, in the given order. */
  masters: ClosedMaster[];
}

const withNote = <T extends object>(value: T, note: string | undefined): T & { note?: string } =>
  note === undefined ? value : { ...value, note };

/**
 * `day` for the list: `works(masterId)` is whether the master's schedule row of that day works (time off aside).
 * The salon is closed when its own whole-day time off covers the day or no master works it by the schedule.
 */
export function closedOn(
  day: string,
  masters: readonly { masterId: number; name: string }[],
  works: (masterId: number) => boolean,
  entries: readonly TimeOffEntry[],
): DayClosed {
  if (closureOn(entries, null, day) === 'day') return { salon: withNote({}, closingNote(entries, null, day)), masters: [] };
  if (masters.length > 0 && !masters.some((m) => works(m.masterId))) return { salon: {}, masters: [] };
  const off = masters.filter((m) => !works(m.masterId) || closureOn(entries, m.masterId, day) === 'day');
  return {
    salon: null,
    masters: off.map((m) => withNote({ masterId: m.masterId, name: m.name }, wholeDayNote(entries, m.masterId, day))),
  };
}

/** The note of the master's whole-day time off of `day`, not of an hours one (those leave the day open). */
function wholeDayNote(entries: readonly TimeOffEntry[], masterId: number, day: string): string | undefined {
  return closureOn(entries, masterId, day) === 'day' ? closingNote(entries, masterId, day) : undefined;
}
