/** One booking: client, service, price snapshot, notes; status actions, move, delete, reschedule proposal (an item of a visit: the visit's card). */
import { isActive } from '@core/booking-status.js';
import { useState } from 'preact/hooks';
import { ErrorBox, Loading, Modal, generalError, useAction, useLoad } from '@shared/panel-ui';
import { BookingActions } from './booking-actions';
import { BookingFacts } from './booking-facts';
import { BookingProposals, MovedNotice } from './booking-proposals';
import { DetailButtons } from './detail-buttons';
import { MoveBooking } from './move-booking';
import { ProposeTime } from './propose';
import { useT, messages } from '../common/messages';
import { client, type Status } from '../common/state';
import { useBookingChanges } from '../common/live';
import { useBookingsT } from './messages';
import { VisitDetail } from '../visits/visit-detail';
import './bookings.css';

export function BookingDetail(props: { id: string; onClose: () => void; onChanged: () => void }) {
  const t = useT(messages);
  const tb = useBookingsT();
  const booking = useLoad((signal) => client.get('/bookings/{id}', { path: { id: props.id }, signal }), [props.id]);
  const proposals = useLoad(
    (signal) => client.get('/reschedule/{booking_id}', { path: { booking_id: props.id }, signal }).catch(() => []),
    [props.id],
  );
  useBookingChanges((change) => (!change || change.id === props.id) && booking.reload());
  const [panel, setPanel] = useState<'propose' | 'move' | null>(null);
  // Right after a move the detail says it was moved, not «Переносов не предлагали»: the owner sees the move took.
  const [movedFrom, setMovedFrom] = useState<string | null>(null);
  const change = useAction(async (status: Status) => {
    booking.set(await client.patch('/bookings/{id}', { path: { id: props.id }, body: { status } }));
    props.onChanged();
  });
  const remove = useAction(async () => {
    await client.del('/bookings/{id}', { path: { id: props.id } });
    props.onChanged();
    props.onClose();
  });
  const b = booking.data;
  const hasPending = (proposals.data ?? []).some((p) => p.status === 'PENDING');
  // The client's "accept" moves the booking but keeps its status (SPEC.md): say so beside the status.
  const latest = proposals.data?.[0];
  const accepted =
    b && latest?.status === 'ACCEPTED' && `${latest.proposed_date}T${latest.proposed_time}` === b.start_at.slice(0, 16)
      ? latest
      : undefined;
  // CONTRACT.md §20: an item of a visit opens the visit's card, whose actions act on the whole visit.
  if (b?.visit_id) return <VisitDetail id={b.visit_id} onClose={props.onClose} onChanged={props.onChanged} />;

  return (
    <Modal title={tb('booking')} onClose={props.onClose} closeLabel={t('close')}>
      <ErrorBox error={generalError(booking.error ?? change.error ?? remove.error)} />
      {!b ? (
        booking.error ? null : (
          <Loading text={t('loading')} />
        )
      ) : (
        <>
          <BookingFacts booking={b} accepted={accepted} />
          <BookingActions booking={b} busy={change.busy} onStatus={(status) => void change.run(status)} />
          <DetailButtons
            status={b.status}
            canChange={isActive(b.status) && !panel}
            hasPending={hasPending}
            onPanel={setPanel}
            deleting={remove.busy}
            onDelete={() => void remove.run()}
          />
          {panel === 'move' && (
            <MoveBooking
              booking={b}
              onMoved={(moved) => {
                setMovedFrom(b.start_at);
                booking.set(moved);
                setPanel(null);
                proposals.reload();
                props.onChanged();
              }}
              onCancel={() => setPanel(null)}
            />
          )}
          {panel === 'propose' && (
            <ProposeTime booking={b} onSent={proposals.reload} onDone={() => setPanel(null)} onCancel={() => setPanel(null)} />
          )}
          {movedFrom && <MovedNotice from={movedFrom} to={b.start_at} />}
          <BookingProposals proposals={proposals} moved={movedFrom !== null} />
        </>
      )}
    </Modal>
  );
}
