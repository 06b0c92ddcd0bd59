/**
 * The visit card (CONTRACT.md §20): opened from any of its items (the calendar, the lists). It lists the items with
 * one status for the visit, and its actions act on the whole visit through /visits/{id}: the status, the move of
 * every item together (visit-move.tsx), the delete.
 */
import { useState } from 'preact/hooks';
import { isActive } from '@core/booking-status.js';
import { ErrorBox, Loading, Modal, generalError, useAction, useLoad } from '@shared/panel-ui';
import { useBookingsT } from '../bookings/messages';
import { useBookingChanges } from '../common/live';
import { useT, messages } from '../common/messages';
import { client, type Status } from '../common/state';
import { VisitActions } from './visit-actions';
import { VisitFacts, type Visit } from './visit-facts';
import { MoveVisit } from './visit-move';
import { useVisitsT } from './messages';
import '../bookings/bookings.css';
import './visits.css';

/** "Перенести визит" while some item is active, and "Удалить визит" with its question. */
function VisitButtons(props: { visit: Visit; canMove: boolean; onMove: () => void; deleting: boolean; onDelete: () => void }) {
  const tb = useBookingsT();
  const tv = useVisitsT();
  const [asking, setAsking] = useState(false);
  return (
    <div class="row booking-buttons wide">
      {props.canMove && (
        <button type="button" class="btn btn-ghost btn-small" onClick={props.onMove}>
          {tv('moveVisit')}
        </button>
      )}
      {!asking ? (
        <button type="button" class="btn btn-ghost btn-small danger" onClick={() => setAsking(true)}>
          {tv('deleteVisit')}
        </button>
      ) : (
        <span class="row" role="alert">
          <span>{props.visit.status === 'cancelled' ? tv('deleteCancelledVisitAsk') : tv('deleteVisitAsk')}</span>
          <button type="button" class="btn btn-danger btn-small" disabled={props.deleting} onClick={props.onDelete}>
            {tb('yesDelete')}
          </button>
          <button type="button" class="btn btn-ghost btn-small" onClick={() => setAsking(false)}>
            {tb('keep')}
          </button>
        </span>
      )}
    </div>
  );
}

export function VisitDetail(props: { id: string; onClose: () => void; onChanged: () => void }) {
  const t = useT(messages);
  const tv = useVisitsT();
  const visit = useLoad((signal) => client.get('/visits/{id}', { path: { id: props.id }, signal }), [props.id]);
  useBookingChanges((change) => (!change || visit.data?.bookings.some((item) => item.id === change.id)) && visit.reload());
  const [moving, setMoving] = useState(false);
  const change = useAction(async (status: Status) => {
    visit.set(await client.patch('/visits/{id}', { path: { id: props.id }, body: { status } }));
    props.onChanged();
  });
  const remove = useAction(async () => {
    await client.del('/visits/{id}', { path: { id: props.id } });
    props.onChanged();
    props.onClose();
  });
  const v = visit.data;
  return (
    <Modal title={tv('visit')} onClose={props.onClose} closeLabel={t('close')}>
      <ErrorBox error={generalError(visit.error ?? change.error ?? remove.error)} />
      {!v ? (
        visit.error ? null : (
          <Loading text={t('loading')} />
        )
      ) : (
        <div class="stack" data-testid="visit-card" data-visit={v.id}>
          <VisitFacts visit={v} />
          <VisitActions visit={v} busy={change.busy} onStatus={(status) => void change.run(status)} />
          <VisitButtons
            visit={v}
            canMove={!moving && v.bookings.some((item) => isActive(item.status))}
            onMove={() => setMoving(true)}
            deleting={remove.busy}
            onDelete={() => void remove.run()}
          />
          {moving && (
            <MoveVisit
              visit={v}
              onMoved={(moved) => {
                visit.set(moved);
                setMoving(false);
                props.onChanged();
              }}
              onCancel={() => setMoving(false)}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
