/** The calendar's top bar: day or week, a step back or forward, today, any date. */
import { useT, messages } from '../common/messages';
import { addDays, today } from '../common/dates';
import { useCalendarT } from './messages';
import type { CalendarView } from './use-calendar';

export function CalendarToolbar(props: { view: CalendarView; date: string; go: (date: string, view?: CalendarView) => void }) {
  const t = useT(messages);
  const tc = useCalendarT();
  const { view, date, go } = props;
  const step = view === 'day' ? 1 : 7;
  return (
    <div class="topbar">
      <h1>{t('navCalendar')}</h1>
      <div class="seg" role="group" aria-label={tc('view')}>
        <button type="button" aria-pressed={view === 'day'} onClick={() => go(date, 'day')}>
          {tc('day')}
        </button>
        <button type="button" aria-pressed={view === 'week'} onClick={() => go(date, 'week')}>
          {tc('week')}
        </button>
      </div>
      <div class="row">
        <button type="button" class="btn btn-ghost btn-small" aria-label={tc('previous')} onClick={() => go(addDays(date, -step))}>
          ←
        </button>
        <button type="button" class="btn btn-ghost btn-small" onClick={() => go(today())}>
          {t('today')}
        </button>
        <button type="button" class="btn btn-ghost btn-small" aria-label={tc('next')} onClick={() => go(addDays(date, step))}>
          →
        </button>
        <label class="visually-hidden" for="cal-date">
          {tc('pickDate')}
        </label>
        <input
          id="cal-date"
          name="date"
          type="date"
          class="input small"
          value={date}
          onChange={(e) => (e.target as HTMLInputElement).value && go((e.target as HTMLInputElement).value)}
        />
      </div>
    </div>
  );
}
