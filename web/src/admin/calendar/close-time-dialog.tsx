/** "Закрыть время" from the calendar (CONTRACT.md §21): the time-off form in a dialog, then the bookings it affects. */
import { useState } from 'preact/hooks';
import { Modal } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import type { Master } from '../common/state';
import { AffectedBookings } from '../time-off/affected-bookings';
import { useTimeOffT } from '../time-off/messages';
import { TimeOffForm, type Closed, type TimeOffSeed } from '../time-off/time-off-form';

export function CloseTimeDialog(props: { seed: TimeOffSeed; masters: readonly Master[]; onClose: () => void; onClosed: () => void }) {
  const t = useT(messages);
  const to = useTimeOffT();
  const [closed, setClosed] = useState<Closed | null>(null);
  return (
    <Modal title={to('closeTime')} onClose={props.onClose} closeLabel={t('close')}>
      {closed ? (
        <div class="stack" data-testid="time-off-closed">
          <p class="notice success" role="status">
            {to('closedSaved', { what: closed.time_off.note ?? to('closedNote') })}
          </p>
          <AffectedBookings bookings={closed.affected} />
        </div>
      ) : (
        <TimeOffForm
          seed={props.seed}
          masters={props.masters}
          onClosed={(answer) => {
            setClosed(answer);
            props.onClosed();
          }}
        />
      )}
    </Modal>
  );
}
