/** What the block colours, the shading and the dashed frame of the calendar mean. */
import { useT, messages } from '../common/messages';
import { STATUSES } from '../common/state';
import { useCalendarT } from './messages';

export function StatusLegend() {
  const t = useT(messages);
  const tc = useCalendarT();
  return (
    <div class="legend" role="group" aria-label={tc('legend')}>
      {STATUSES.map((s) => (
        <span key={s}>
          <span class={`swatch st-${s}`} />
          {t(`status_${s}`)}
        </span>
      ))}
      <span>
        <span class="swatch closed" />
        {tc('closedHours')}
      </span>
      <span>
        <span class="swatch overlap" />⚠ {tc('overlap')}
      </span>
    </div>
  );
}
