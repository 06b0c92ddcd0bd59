/**
 * The calendar's state and data: view, date and shown master (kept in the address), the masters,
 * buffers and working weeks, the bookings of the shown days (reloaded on a live change), and the
 * columns: every master, plus one that only a booking still names (an archived master).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLoad } from '@shared/panel-ui';
import { useBookingChanges } from '../common/live';
import { addDays, daysBetween, mondayOf, nowMinute, today } from '../common/dates';
import { useNarrowScreen } from '../common/narrow-screen';
import { client, navigate } from '../common/state';
import { dayRow, loadWeeks } from '../schedules/schedule-data';
import { lastWorkingMinute, restOfWeekOver } from './week-opening';
import { AXIS_PX, columnWidth, type Column } from './calendar-geometry';
import { calendarMode, phoneLeadMaster, readChoice, storeChoice, weekFits, type MasterChoice } from './master-choice';
import { closureOn, timeOffEntry } from '@core/time-off.js';
import { closedOn } from './closed-days';
import { useWidth } from './use-width';

export type CalendarView = 'day' | 'week';

export function useCalendar() {
  const [view, setView] = useState<CalendarView>(() => (new URLSearchParams(location.search).get('view') === 'week' ? 'week' : 'day'));
  const [date, setDate] = useState(() => new URLSearchParams(location.search).get('date') ?? today());
  const [choice, setChoice] = useState<MasterChoice>(() => readChoice(location.search));
  const narrow = useNarrowScreen();
  const page = useRef<HTMLDivElement>(null);
  const width = useWidth(page);
  const days = view === 'day' ? [date] : daysBetween(mondayOf(date), addDays(mondayOf(date), 6));

  const setup = useLoad(async (signal) => {
    const [masters, services] = await Promise.all([client.get('/masters', { signal }), client.get('/services', { signal })]);
    // CONTRACT.md §17: the grid shades each booking's buffer after it.
    const bufferOf = new Map(services.map((service) => [service.id, service.buffer_after]));
    return { masters, bufferOf, weeks: await loadWeeks(masters, signal) };
  }, []);
  const bookings = useLoad(
    (signal) => client.get('/bookings', { query: { date_from: days[0], date_to: days[days.length - 1] }, signal }),
    [days[0], days.length],
  );
  const timeOff = useLoad(
    (signal) => client.get('/time-off', { query: { from: days[0]!, to: days[days.length - 1]! }, signal }),
    [days[0], days.length],
  );
  useBookingChanges(bookings.reload);

  // The week of today opens on the next one once nobody works any more this week (time off aside): not on a week already over.
  const weekOf = (next: string, nextView: CalendarView): string => {
    const weeks = setup.data?.weeks;
    if (nextView !== 'week' || next !== today() || !weeks) return next;
    const ids = (setup.data?.masters ?? []).map((m) => m.id);
    const over = restOfWeekOver(next, nowMinute(), (day) => lastWorkingMinute(ids.map((id) => dayRow(weeks, id, day))));
    return over ? addDays(mondayOf(next), 7) : next;
  };
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !setup.data) return;
    opened.current = true;
    if (!new URLSearchParams(location.search).get('date')) setDate(weekOf(date, view));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the weeks are known
  }, [setup.data]);

  const go = (requested: string, nextView = view, nextChoice = choice) => {
    const next = nextView === view ? requested : weekOf(requested, nextView);
    setDate(next);
    setView(nextView);
    navigate(`/admin/calendar?view=${nextView}&date=${next}${nextChoice === null ? '' : `&master=${nextChoice}`}`, true);
  };
  const choose = (next: MasterChoice) => {
    setChoice(next);
    storeChoice(next);
    go(date, view, next);
  };

  const columns: Column[] = (setup.data?.masters ?? []).map((m) => ({ masterId: m.id, name: m.name }));
  for (const b of bookings.data ?? []) {
    if (!columns.some((c) => c.masterId === b.master.id)) columns.push({ masterId: b.master.id, name: b.master.name });
  }
  const allFit = weekFits(width, days.length, columns.length, columnWidth(view, narrow), AXIS_PX);
  const masterIds = columns.map((c) => c.masterId);
  const entries = (timeOff.data ?? []).map(timeOffEntry);
  const scheduled = (id: number, day: string) => Boolean(setup.data && dayRow(setup.data.weeks, id, day)?.is_active);
  // Decision 0094: with no choice, a phone opens on a master who has bookings in the shown days, not on an empty day off.
  const works = (id: number, day: string) => scheduled(id, day) && closureOn(entries, id, day) !== 'day';
  const lead = phoneLeadMaster(masterIds, days, bookings.data ?? [], works);
  const mode = calendarMode(choice, masterIds, { phone: narrow, week: view === 'week', allFit, lead });
  const shown = mode.kind === 'grid' ? columns.filter((c) => mode.masterIds.includes(c.masterId)) : [];
  // CONTRACT.md §21: the list of the week says which days the salon, or a master, is closed.
  const masters = (setup.data?.masters ?? []).map((m) => ({ masterId: m.id, name: m.name }));
  const closed = (day: string) => closedOn(day, masters, (id) => scheduled(id, day), entries);
  return { page, view, date, days, narrow, setup, bookings, timeOff, go, choose, columns, mode, shown, closed };
}
