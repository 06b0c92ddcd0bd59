/** "для всех услуг мастера": a % for prices and minutes for durations, applied to the row as unsaved edits. */
import { useRef, useState } from 'preact/hooks';
import type { Master } from '../common/state';
import { useTermsT } from './terms-messages';
import { parseChange } from './terms-tool';

export function RowTool(props: { master: Master; onApply: (percent: number | null, minutes: number | null) => void }) {
  const tt = useTermsT();
  const [percent, setPercent] = useState('');
  const [minutes, setMinutes] = useState('');
  const minutesRef = useRef<HTMLInputElement>(null);
  const apply = () => {
    props.onApply(parseChange(percent), parseChange(minutes));
    setPercent('');
    setMinutes('');
  };
  const title = tt('termsRowToolTitle', { master: props.master.name });
  return (
    <div class="terms-tool" role="group" aria-label={title} data-testid={`terms-tool-${props.master.id}`}>
      <label>
        <span>{tt('termsRowPercent')}</span>
        <input
          class="input terms-input"
          type="text"
          inputMode="text"
          enterKeyHint="next"
          autocomplete="off"
          aria-label={`${title}: ${tt('termsRowPercent')}`}
          value={percent}
          onInput={(e) => setPercent((e.target as HTMLInputElement).value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.isComposing) return;
            e.preventDefault();
            minutesRef.current?.focus();
          }}
        />
      </label>
      <label>
        <span>{tt('termsRowMinutes')}</span>
        <input
          ref={minutesRef}
          class="input terms-input"
          type="text"
          inputMode="text"
          enterKeyHint="done"
          autocomplete="off"
          aria-label={`${title}: ${tt('termsRowMinutes')}`}
          value={minutes}
          onInput={(e) => setMinutes((e.target as HTMLInputElement).value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.isComposing) return;
            e.preventDefault();
            apply();
          }}
        />
      </label>
      <button type="button" class="btn btn-small" onClick={apply}>
        {tt('termsRowApply')}
      </button>
      <p class="muted">{tt('termsRowHelp')}</p>
    </div>
  );
}
