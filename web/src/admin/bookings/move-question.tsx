/**
 * The question asked before a move (CONTRACT.md §12, PATCH date/time/master_id) tells the client:
 * "Перенести …? Клиент получит уведомление" with yes/no, after the move form and after a drag.
 */
import { hasCode } from '@shared/api';
import { formatDate, useLang } from '@shared/i18n';
import { ErrorBox, Modal, generalError, useAction } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { client, type Booking } from '../common/state';
import { useBookingsT } from './messages';
import './bookings.css';

export interface MoveTarget {
  masterId: number;
  masterName: string;
  date: string;
  time: string;
}

/** The PATCH runs only on yes. */
export function MoveQuestion(props: { booking: Booking; target: MoveTarget; onDone: (moved: Booking) => void; onCancel: () => void }) {
  const tb = useBookingsT();
  const t = useT(messages);
  const lang = useLang();
  const { booking, target } = props;
  const move = useAction(async () => {
    const body: { date: string; time: string; master_id?: number } = { date: target.date, time: target.time };
    if (target.masterId !== booking.master.id) body.master_id = target.masterId;
    props.onDone(await client.patch('/bookings/{id}', { path: { id: booking.id }, body }));
  });
  const taken = hasCode(move.error, 'slot_taken');
  // CONTRACT.md §19: a master who does not do the service, should the panel's list be out of date.
  const notTheirs = hasCode(move.error, 'master_not_for_service');
  const when = `${formatDate(target.date, lang, { weekday: 'short', day: 'numeric', month: 'long' })}, ${target.time}`;
  return (
    <div class="notice" role="alertdialog" aria-label={tb('moveTitle')} data-testid="move-question">
      <p class="ask-text">{tb('moveAsk', { client: booking.client.first_name, when, master: target.masterName })}</p>
      <ErrorBox
        error={
          taken
            ? tb('slotTaken')
            : notTheirs
              ? tb('masterNotForService', { master: target.masterName, service: booking.service.name })
              : generalError(move.error)
        }
      />
      <div class="row">
        <button type="button" class="btn btn-small" disabled={move.busy} onClick={() => void move.run()}>
          {tb('moveYes')}
        </button>
        <button type="button" class="btn btn-ghost btn-small" onClick={props.onCancel}>
          {t('cancelAction')}
        </button>
      </div>
    </div>
  );
}

/** A drag on the calendar ended on another time or master: ask, then move. */
export function ConfirmMove(props: { booking: Booking; target: MoveTarget; onClose: () => void; onMoved: () => void }) {
  const tb = useBookingsT();
  const t = useT(messages);
  return (
    <Modal title={tb('moveTitle')} onClose={props.onClose} closeLabel={t('close')}>
      <MoveQuestion booking={props.booking} target={props.target} onDone={props.onMoved} onCancel={props.onClose} />
    </Modal>
  );
}
