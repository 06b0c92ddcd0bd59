/**
 * The question asked before a move tells the client: "Перенести …? Клиент получит уведомление" with
 * yes/no. A booking's (CONTRACT.md §12, PATCH date/time/master_id) after the move form and after a drag;
 * a whole visit's (§20, PATCH /visits/{id}) after its move form.
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

export interface MoveAskProps {
  /** The dialog's name for assistive tech. */
  label: string;
  testId: string;
  /** The question itself. */
  ask: string;
  /** The PATCH: it runs only on yes. */
  move: () => Promise<void>;
  /** A refusal's own sentence, where the general one would say less. */
  refusal?: (error: unknown) => string | undefined;
  onCancel: () => void;
}

/** The question and its two answers; a refusal of the move shows in it. */
export function MoveAsk({ label, testId, ask, move, refusal, onCancel }: MoveAskProps) {
  const tb = useBookingsT();
  const t = useT(messages);
  const action = useAction(move);
  return (
    <div class="notice" role="alertdialog" aria-label={label} data-testid={testId}>
      <p class="ask-text">{ask}</p>
      <ErrorBox error={action.error ? (refusal?.(action.error) ?? generalError(action.error)) : undefined} />
      <div class="row">
        <button type="button" class="btn btn-small" disabled={action.busy} onClick={() => void action.run()}>
          {tb('moveYes')}
        </button>
        <button type="button" class="btn btn-ghost btn-small" onClick={onCancel}>
          {t('cancelAction')}
        </button>
      </div>
    </div>
  );
}

/** "Вт, 24 ноября, 14:00": when the move puts it, as the question says it. */
export function useMoveWhen(): (date: string, time: string) => string {
  const lang = useLang();
  return (date, time) => `${formatDate(date, lang, { weekday: 'short', day: 'numeric', month: 'long' })}, ${time}`;
}

/** A booking's move question. */
export function MoveQuestion(props: { booking: Booking; target: MoveTarget; onDone: (moved: Booking) => void; onCancel: () => void }) {
  const tb = useBookingsT();
  const when = useMoveWhen();
  const { booking, target } = props;
  const move = async () => {
    const body: { date: string; time: string; master_id?: number } = { date: target.date, time: target.time };
    if (target.masterId !== booking.master.id) body.master_id = target.masterId;
    props.onDone(await client.patch('/bookings/{id}', { path: { id: booking.id }, body }));
  };
  const refusal = (error: unknown) => {
    if (hasCode(error, 'slot_taken')) return tb('slotTaken');
    // CONTRACT.md §19: a master who does not do the service, should the panel's list be out of date.
    if (hasCode(error, 'master_not_for_service'))
      return tb('masterNotForService', { master: target.masterName, service: booking.service.name });
    return undefined;
  };
  return (
    <MoveAsk
      label={tb('moveTitle')}
      testId="move-question"
      ask={tb('moveAsk', { client: booking.client.first_name, when: when(target.date, target.time), master: target.masterName })}
      move={move}
      refusal={refusal}
      onCancel={props.onCancel}
    />
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
