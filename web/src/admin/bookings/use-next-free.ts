/**
 * The "+ Новая запись" suggestion from the owner's own data (CONTRACT.md §17: the owner's
 * POST /bookings is not limited by the public notice or horizon): the master's schedule week and
 * the services' buffers, loaded once per master, and the master's bookings, one request per week.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { client, type Booking } from '../common/state';
import { nowMinute, today, addDays } from '../common/dates';
import { dayRow, type Weeks } from '../schedules/schedule-data';
import { nextFreeStart, ownerFreeDays } from './next-free';
import { closureOn, timeOffEntry } from '@core/time-off.js';

/** GET /bookings answers at most this many per page (its `limit` bound). */
const PAGE = 1000;

interface MasterBasis {
  weeks: Weeks;
  bufferOf: Map<number, number>;
}

/** Not aborted with one search: the next search (another service) reuses it. */
async function loadBasis(masterId: number): Promise<MasterBasis> {
  const [business, own, services] = await Promise.all([
    client.get('/schedule'),
    client.get('/schedule/master/{master_id}', { path: { master_id: masterId } }),
    client.get('/services'),
  ]);
  return {
    weeks: { business, masters: new Map([[masterId, own]]) },
    bufferOf: new Map(services.map((service) => [service.id, service.buffer_after])),
  };
}

/** The master's bookings touching `dates` (from the day before the first: one may run past midnight), page by page. */
async function loadBookings(masterId: number, dates: readonly string[], signal: AbortSignal): Promise<Booking[]> {
  const all: Booking[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await client.get('/bookings', {
      query: { date_from: addDays(dates[0]!, -1), date_to: dates[dates.length - 1]!, master_id: masterId, limit: PAGE, offset },
      signal,
    });
    all.push(...page);
    if (page.length < PAGE) return all;
  }
}

/** The time off (the business's and the master's, CONTRACT.md §21) touching `dates`. */
async function loadTimeOff(masterId: number, dates: readonly string[], signal: AbortSignal) {
  const rows = await client.get('/time-off', { query: { from: dates[0]!, to: dates[dates.length - 1]!, master_id: masterId }, signal });
  return rows.map(timeOffEntry);
}

/**
 * While `auto` (from `seeded` on), date and time follow the master's next free time for the service;
 * `stop()` (the owner edits date or time) ends it.
 */
export function useNextFree(
  seeded: boolean,
  masterId: number,
  from: string,
  duration: number | undefined,
  bufferAfter: number,
  onFound: (date: string, time: string) => void,
) {
  const [auto, setAuto] = useState(seeded);
  // Read when an answer lands: an answer arriving after the owner's edit but before the effect's cleanup
  // (up to a frame later, longer on a busy phone) would otherwise overwrite the time just typed.
  const following = useRef(seeded);
  const [none, setNone] = useState(false);
  // The schedule and buffers of the last master asked: a change of service asks only for bookings again.
  const basis = useRef<{ masterId: number; loaded: Promise<MasterBasis> } | null>(null);
  useEffect(() => {
    if (!auto || !duration) return;
    const abort = new AbortController();
    if (basis.current?.masterId !== masterId) {
      const loaded = loadBasis(masterId);
      const entry = { masterId, loaded };
      loaded.catch(() => {
        if (basis.current === entry) basis.current = null;
      });
      basis.current = entry;
    }
    const loaded = basis.current.loaded;
    const fetchWeek = async (dates: string[]) => {
      const [{ weeks, bufferOf }, bookings, timeOff] = await Promise.all([
        loaded,
        loadBookings(masterId, dates, abort.signal),
        loadTimeOff(masterId, dates, abort.signal),
      ]);
      return ownerFreeDays(
        dates,
        (date) => dayRow(weeks, masterId, date),
        bookings,
        bufferOf,
        (date) => closureOn(timeOff, masterId, date),
      );
    };
    nextFreeStart(fetchWeek, from, duration, { date: today(), minutes: nowMinute() }, bufferAfter).then(
      (found) => {
        if (abort.signal.aborted || !following.current) return;
        setNone(!found);
        if (found) onFound(found.date, found.time);
      },
      () => undefined,
    );
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onFound is a fresh closure each render
  }, [auto, masterId, from, duration, bufferAfter]);
  const stop = () => {
    following.current = false;
    setAuto(false);
  };
  return { auto, noFreeTime: auto && none, stop };
}
