/** An inline "are you sure" line: the question, the action and a way out. */
import { useT, messages } from '../common/messages';

export function Confirm(props: { text: string; yes: string; danger?: boolean; busy: boolean; onYes: () => void; onNo: () => void }) {
  const t = useT(messages);
  return (
    <div class="notice" role="alert" data-testid="telegram-confirm">
      <p class="confirm-question">{props.text}</p>
      <div class="row">
        <button type="button" class={`btn btn-small${props.danger ? ' btn-danger' : ''}`} disabled={props.busy} onClick={props.onYes}>
          {props.yes}
        </button>
        <button type="button" class="btn btn-ghost btn-small" onClick={props.onNo}>
          {t('cancelAction')}
        </button>
      </div>
    </div>
  );
}
