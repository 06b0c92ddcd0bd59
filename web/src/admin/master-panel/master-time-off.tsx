/** A master's time off of the shown day (CONTRACT.md §21, §16): the business's and their own, to read; only the owner changes it. */
import type { TimeOffRow } from '../calendar/time-off-spans';
import { useTimeOffT } from '../time-off/messages';

export function MasterTimeOff(props: { entries: readonly TimeOffRow[] }) {
  const to = useTimeOffT();
  if (props.entries.length === 0) return null;
  return (
    <ul class="master-time-off" data-testid="master-time-off">
      {props.entries.map((e) => (
        <li key={e.id} class="notice">
          <strong>{to('closedOwn')}</strong>: {e.start_time ? `${e.start_time}–${e.end_time}` : to('wholeDay').toLowerCase()}
          {e.note && ` · ${e.note}`}
        </li>
      ))}
    </ul>
  );
}
