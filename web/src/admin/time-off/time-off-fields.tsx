/** The time-off form's two compound fields: who closes (the salon or one master) and the closed hours. */
import { Field } from '@shared/panel-ui';
import type { Master } from '../common/state';
import { useTimeOffT } from './messages';

export function WhoCloses(props: { masters: readonly Master[]; masterId: number | null; onChange: (masterId: number | null) => void }) {
  const to = useTimeOffT();
  return (
    <Field label={to('whoCloses')}>
      {(id) => (
        <select
          id={id}
          class="input"
          name="time_off_master"
          value={props.masterId === null ? 'business' : String(props.masterId)}
          onChange={(e) => {
            const value = (e.target as HTMLSelectElement).value;
            props.onChange(value === 'business' ? null : Number(value));
          }}
        >
          <option value="business">{to('wholeBusiness')}</option>
          {props.masters.map((m) => (
            <option key={m.id} value={String(m.id)}>
              {m.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function ClosedHours(props: { start: string; end: string; onStart: (time: string) => void; onEnd: (time: string) => void }) {
  const to = useTimeOffT();
  return (
    <div class="row">
      <input
        type="time"
        class="input"
        name="start_time"
        aria-label={to('hoursFrom')}
        required
        value={props.start}
        onInput={(e) => props.onStart((e.target as HTMLInputElement).value)}
      />
      –
      <input
        type="time"
        class="input"
        name="end_time"
        aria-label={to('hoursTo')}
        required
        value={props.end}
        onInput={(e) => props.onEnd((e.target as HTMLInputElement).value)}
      />
    </div>
  );
}
