/**
 * The question before a cancel or a decline that the client may be told about: what will happen, with
 * the client's name and phone to call, and the two answers. One booking's and a visit's buttons ask it.
 */
import { displayPhone } from '@shared/panel-ui';
import { useBookingsT } from './messages';

interface AskFirstProps {
  /** The dialog's name for assistive tech. */
  label: string;
  /** The question, with {client} and {phone} to fill. */
  ask: string;
  yes: string;
  client: { first_name: string; phone: string };
  busy: boolean;
  onYes(): void;
  onKeep(): void;
}

export function AskFirst({ label, ask, yes, client, busy, onYes, onKeep }: AskFirstProps) {
  const tb = useBookingsT();
  return (
    <div class="notice booking-actions" role="alertdialog" aria-label={label}>
      <p class="ask-text">{ask.replace('{client}', client.first_name).replace('{phone}', displayPhone(client.phone))}</p>
      <div class="row">
        <button type="button" class="btn btn-danger btn-small" disabled={busy} onClick={onYes}>
          {yes}
        </button>
        <button type="button" class="btn btn-ghost btn-small" onClick={onKeep}>
          {tb('keep')}
        </button>
      </div>
    </div>
  );
}
