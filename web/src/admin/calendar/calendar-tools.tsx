/** Above the grid: "+ Новая запись", "Закрыть время" and, with several masters, which of them the calendar shows. */
import { NewBookingButton } from '../bookings/new-booking-button';
import { useT, messages } from '../common/messages';
import type { Column } from './calendar-geometry';
import type { MasterChoice } from './master-choice';
import { useCalendarT } from './messages';
import { useTimeOffT } from '../time-off/messages';

export function CalendarTools(props: {
  columns: Column[];
  current: Column | undefined;
  onNew: (masterId: number) => void;
  /** "Закрыть время": the day (or the shown master's) closed from here, CONTRACT.md §21. */
  onCloseTime: () => void;
  onChoose: (choice: MasterChoice) => void;
}) {
  const t = useT(messages);
  const tc = useCalendarT();
  const to = useTimeOffT();
  const { columns, current } = props;
  return (
    <div class="row cal-tools">
      <NewBookingButton onClick={() => props.onNew((current ?? columns[0]!).masterId)} />
      <button type="button" class="btn btn-ghost btn-small" onClick={props.onCloseTime}>
        {to('closeTime')}
      </button>
      {columns.length > 1 && (
        <label class="row master-switch">
          <span class="muted">{t('master')}</span>
          <select
            class="input small"
            name="shown_master"
            value={current ? String(current.masterId) : 'all'}
            onChange={(e) => props.onChoose(((v) => (v === 'all' ? 'all' : Number(v)))((e.target as HTMLSelectElement).value))}
          >
            <option value="all">{tc('allMasters')}</option>
            {columns.map((c) => (
              <option key={c.masterId} value={String(c.masterId)}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
