/** One weekday of the week editor: working or not, the hours, the break, and "copy to all days". */
import { useT, messages } from '../common/messages';
import { useSchedulesT } from './messages';
import { WEEKDAYS, type Draft, type TimeKey } from './week-draft';

export function DayRow(props: { day: Draft; invalid: boolean; onEdit: (change: Partial<Draft>) => void; onCopyToAll: () => void }) {
  const t = useT(messages);
  const s = useSchedulesT();
  const d = props.day;
  const dayName = s(WEEKDAYS[d.day_of_week]!);
  const time = (key: TimeKey, label: string, optional = false) => (
    <input
      type="time"
      class="input small"
      aria-label={`${dayName}: ${label}`}
      name={`${key}-${d.day_of_week}`}
      value={d[key] ?? ''}
      required={!optional}
      disabled={!d.is_active}
      onInput={(e) => props.onEdit({ [key]: (e.target as HTMLInputElement).value || null })}
    />
  );
  return (
    <tr aria-invalid={props.invalid ? 'true' : undefined}>
      <td class="week-day">
        <strong>{dayName}</strong>
        <button
          type="button"
          class="btn btn-ghost btn-small"
          aria-label={s('copyToAllLabel', { day: dayName })}
          onClick={props.onCopyToAll}
        >
          {s('copyToAll')}
        </button>
      </td>
      <td class="week-working" data-label={s('working')}>
        <label class="check">
          <input
            type="checkbox"
            name={`active-${d.day_of_week}`}
            checked={d.is_active}
            onChange={(e) => props.onEdit({ is_active: (e.target as HTMLInputElement).checked })}
          />
          {s('workDay')}
        </label>
      </td>
      <td class="week-hours" data-label={s('hours')}>
        <span class="row">
          {time('start_time', t('from'))}–{time('end_time', t('to'))}
        </span>
      </td>
      <td class="week-hours" data-label={s('break')}>
        <span class="row">
          {time('break_start_time', s('breakFrom'), true)}–{time('break_end_time', s('breakTo'), true)}
        </span>
      </td>
    </tr>
  );
}
