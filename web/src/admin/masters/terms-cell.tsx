/** One cell of the masters × services grid: the master's own price and duration, filled key by key on a phone. */
import type { Master } from '../common/state';
import { useTermsT } from './terms-messages';
import type { Cell } from './terms-tool';

type Item = Master['services'][number];

/** Enter on a field of the grid: focus the next field (by document order), or save from the last. */
function enterMovesOn(event: KeyboardEvent, save: () => void) {
  if (event.key !== 'Enter' || event.isComposing) return;
  event.preventDefault();
  const input = event.target as HTMLInputElement;
  const fields = Array.from(input.form?.querySelectorAll<HTMLInputElement>('input[data-cell]') ?? []);
  const next = fields[fields.indexOf(input) + 1];
  if (next) next.focus();
  else save();
}

/** A tap on a field selects what it holds, so the digits typed replace it (no deleting on a phone keyboard). */
function selectOnFocus(event: FocusEvent) {
  const input = event.target as HTMLInputElement;
  const held = input.value;
  input.select();
  // Again after the tap's own caret placement, which undoes the first selection; but not once a key
  // has landed (on a slow phone the first digit can come first: selecting it would let the next replace it).
  setTimeout(() => {
    if (document.activeElement === input && input.value === held) input.select();
  }, 0);
}

export interface TermsCellProps {
  names: { master: string; service: string };
  item: Item;
  cell: Cell;
  error: string | undefined;
  /** The grid's last field: its Enter saves, so its key says "done". */
  last: boolean;
  onEdit: (field: keyof Cell, value: string) => void;
  onSave: () => void;
}

export function TermsCell(props: TermsCellProps) {
  const tt = useTermsT();
  const { item, cell, error } = props;
  return (
    <td>
      <input
        class="input terms-input"
        type="number"
        aria-invalid={error !== undefined}
        onKeyDown={(e) => enterMovesOn(e, props.onSave)}
        onFocus={selectOnFocus}
        data-cell="price"
        min={0}
        step="any"
        inputMode="decimal"
        enterKeyHint="next"
        placeholder={String(item.base_price)}
        aria-label={tt('termsPrice', props.names)}
        value={cell.price}
        onInput={(e) => props.onEdit('price', (e.target as HTMLInputElement).value)}
      />
      <input
        class="input terms-input"
        type="number"
        aria-invalid={error !== undefined}
        onKeyDown={(e) => enterMovesOn(e, props.onSave)}
        onFocus={selectOnFocus}
        data-cell="duration"
        min={1}
        inputMode="numeric"
        enterKeyHint={props.last ? 'done' : 'next'}
        placeholder={`${item.base_duration}′`}
        aria-label={tt('termsDuration', props.names)}
        value={cell.duration}
        onInput={(e) => props.onEdit('duration', (e.target as HTMLInputElement).value)}
      />
      {error !== undefined && <span class="error terms-cell-error">{error}</span>}
    </td>
  );
}
