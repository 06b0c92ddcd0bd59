/**
 * Under a booking's status actions: "Перенести" and "Предложить время" while it is active
 * (a proposal waits for the client's answer before another), and "Удалить" with its question:
 * deleting a booking that is not cancelled yet cancels it first, which tells the client; a cancelled one goes silently.
 */
import { useState } from 'preact/hooks';
import { useT, messages } from '../common/messages';
import type { Status } from '../common/state';
import { useBookingsT } from './messages';

export function DetailButtons(props: {
  status: Status;
  /** Move and propose are offered (an active booking, no form open). */
  canChange: boolean;
  hasPending: boolean;
  onPanel: (panel: 'move' | 'propose') => void;
  deleting: boolean;
  onDelete: () => void;
}) {
  const t = useT(messages);
  const tb = useBookingsT();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const deleteQuestion = props.status === 'cancelled' ? tb('deleteCancelledAsk') : tb('deleteBookingConfirm');
  return (
    <div class="row booking-buttons wide">
      {props.canChange && (
        <button type="button" class="btn btn-ghost btn-small" onClick={() => props.onPanel('move')}>
          {tb('move')}
        </button>
      )}
      {props.canChange && (
        <button
          type="button"
          class="btn btn-ghost btn-small"
          disabled={props.hasPending}
          title={props.hasPending ? tb('proposalPending') : undefined}
          onClick={() => props.onPanel('propose')}
        >
          {tb('proposeTime')}
        </button>
      )}
      {!confirmDelete ? (
        <button type="button" class="btn btn-ghost btn-small danger" onClick={() => setConfirmDelete(true)}>
          {t('delete')}
        </button>
      ) : (
        <span class="row" role="alert">
          <span>{deleteQuestion}</span>
          <button type="button" class="btn btn-danger btn-small" disabled={props.deleting} onClick={props.onDelete}>
            {tb('yesDelete')}
          </button>
          <button type="button" class="btn btn-ghost btn-small" onClick={() => setConfirmDelete(false)}>
            {tb('keep')}
          </button>
        </span>
      )}
    </div>
  );
}
