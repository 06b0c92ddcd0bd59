/** One booking: client, service, price snapshot, notes; status actions, move, delete, reschedule proposal. */
import { isActive } from '@core/booking-status.js';
import { useState } from 'preact/hooks';
import { ErrorBox, Loading, Modal, generalError, useAction, useLoad, PhoneLink } from '@shared/panel-ui';
import { formatDate, formatPrice, useLang } from '@shared/i18n';
import { BookingActions } from './booking-actions';
import { MoveBooking } from './move-booking';
import { ProposeTime } from './propose';
import { dateOf, timeOf } from '../common/dates';
import { useT, messages } from '../common/messages';
import { useFirstWeekT } from '../onboarding/first-week-messages';
import { useOwnerT } from '../common/owner-messages';
import { client, type Status } from '../common/state';
import { StatusBadge } from '../common/status-badge';
import { ClientLink } from '../clients/client-card';
import { useBookingChanges } from '../common/live';
import { useSetupT } from '../onboarding/setup-messages';

export { StatusBadge };

/** A proposal's date and time as people read them: "24 нояб., 11:00". */
function HumanWhen(props: { date: string; time: string }) {
  const lang = useLang();
  return (
    <time dateTime={`${props.date}T${props.time}`}>
      {formatDate(props.date, lang, { day: 'numeric', month: 'short' })}, {props.time}
    </time>
  );
}

function AcceptedMove(props: { date: string; time: string; pending: boolean }) {
  const st = useSetupT();
  const lang = useLang();
  const when = `${formatDate(props.date, lang, { day: 'numeric', month: 'short' })}, ${props.time}`;
  return (
    <>
      {' '}
      <span class="badge st-confirmed" data-testid="reschedule-accepted">
        ✓ {st('rescheduleAccepted', { when })}
      </span>
      {props.pending && (
        <small class="muted" style="display:block;margin-top:4px">
          {st('rescheduleAcceptedHint')}
        </small>
      )}
    </>
  );
}

export function BookingDetail(props: { id: string; onClose: () => void; onChanged: () => void }) {
  const t = useT(messages);
  const f = useFirstWeekT();
  const o = useOwnerT();
  const lang = useLang();
  const booking = useLoad((signal) => client.get('/bookings/{id}', { path: { id: props.id }, signal }), [props.id]);
  const proposals = useLoad(
    (signal) => client.get('/reschedule/{booking_id}', { path: { booking_id: props.id }, signal }).catch(() => []),
    [props.id],
  );
  useBookingChanges((change) => (!change || change.id === props.id) && booking.reload());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [panel, setPanel] = useState<'propose' | 'move' | null>(null);
  // Issue #35: right after a move the detail says it was moved, not «Переносов не предлагали».
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
  const active = b && isActive(b.status);
  const hasPending = (proposals.data ?? []).some((p) => p.status === 'PENDING');
  // The client's "accept" moves the booking but keeps its status (SPEC.md): say so beside the status.
  const latest = proposals.data?.[0];
  const accepted =
    b && latest?.status === 'ACCEPTED' && `${latest.proposed_date}T${latest.proposed_time}` === b.start_at.slice(0, 16)
      ? latest
      : undefined;
  // Deleting a booking that is not cancelled yet cancels it first, which tells the client; a cancelled one goes silently.
  const deleteQuestion = b?.status === 'cancelled' ? o('deleteCancelledAsk') : t('deleteBookingConfirm');

  return (
    <Modal title={t('booking')} onClose={props.onClose} closeLabel={t('close')}>
      <ErrorBox error={generalError(booking.error ?? change.error ?? remove.error)} />
      {!b ? (
        booking.error ? null : (
          <Loading text={t('loading')} />
        )
      ) : (
        <>
          <dl class="facts">
            <dt>{t('status')}</dt>
            <dd data-testid="booking-status">
              <StatusBadge status={b.status} />
              {accepted && <AcceptedMove date={accepted.proposed_date} time={accepted.proposed_time} pending={b.status === 'pending'} />}
            </dd>
            <dt>{t('when')}</dt>
            <dd data-testid="booking-when">
              {formatDate(dateOf(b.start_at), lang)}, {timeOf(b.start_at)}–{timeOf(b.end_at)}
            </dd>
            <dt>{t('client')}</dt>
            <dd>
              <ClientLink id={b.client.id} name={b.client.first_name} />
            </dd>
            <dt>{t('phone')}</dt>
            <dd>
              <PhoneLink phone={b.client.phone} />
            </dd>
            <dt>{t('service')}</dt>
            <dd>{b.service.name}</dd>
            <dt>{t('master')}</dt>
            <dd data-testid="booking-master">{b.master.name}</dd>
            <dt>{t('price')}</dt>
            <dd>{formatPrice(b.price_snapshot)}</dd>
            <dt>{f('bookingNotes')}</dt>
            <dd style="white-space:pre-wrap">{b.notes || '—'}</dd>
          </dl>
          <BookingActions booking={b} busy={change.busy} onStatus={(status) => void change.run(status)} />
          <div class="row" style="margin-bottom:16px">
            {active && !panel && (
              <button type="button" class="btn btn-ghost btn-small" onClick={() => setPanel('move')}>
                {o('move')}
              </button>
            )}
            {active && !panel && (
              <button
                type="button"
                class="btn btn-ghost btn-small"
                disabled={hasPending}
                title={hasPending ? t('proposalPending') : undefined}
                onClick={() => setPanel('propose')}
              >
                {t('proposeTime')}
              </button>
            )}
            {!confirmDelete ? (
              <button type="button" class="btn btn-ghost btn-small danger" onClick={() => setConfirmDelete(true)}>
                {t('delete')}
              </button>
            ) : (
              <span class="row" role="alert">
                <span>{deleteQuestion}</span>
                <button type="button" class="btn btn-danger btn-small" disabled={remove.busy} onClick={() => void remove.run()}>
                  {t('yesDelete')}
                </button>
                <button type="button" class="btn btn-ghost btn-small" onClick={() => setConfirmDelete(false)}>
                  {t('keep')}
                </button>
              </span>
            )}
          </div>
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
          {movedFrom && (
            <p class="notice" role="status" data-testid="moved-notice">
              {f('movedNow')} <HumanWhen date={movedFrom.slice(0, 10)} time={movedFrom.slice(11, 16)} /> →{' '}
              <strong>
                <HumanWhen date={b.start_at.slice(0, 10)} time={b.start_at.slice(11, 16)} />
              </strong>
            </p>
          )}
          <h3>{t('proposals')}</h3>
          {proposals.loading && !proposals.data ? (
            <Loading text={t('loading')} />
          ) : (proposals.data ?? []).length === 0 ? (
            <p class="muted">{movedFrom ? f('noProposalsAfterMove') : t('noProposals')}</p>
          ) : (
            <ul class="proposals" data-testid="proposals" style="padding-left:18px;margin:0">
              {proposals.data!.map((p) => (
                <li key={p.id}>
                  <HumanWhen date={p.old_date} time={p.old_time} /> →{' '}
                  <strong>
                    <HumanWhen date={p.proposed_date} time={p.proposed_time} />
                  </strong>{' '}
                  · {t(`proposal_${p.status}` as 'proposal_PENDING')} ·{' '}
                  <span class="muted">{p.proposed_by === 'PROVIDER_BOT' ? t('viaBot') : t('viaWeb')}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Modal>
  );
}
