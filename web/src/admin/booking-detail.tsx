/** One booking: client, service, price snapshot, notes; status actions, delete, reschedule proposal. */
import { useState } from 'preact/hooks';
import { ErrorBox, Loading, Modal, generalError, useAction, useLoad, PhoneLink } from '@shared/panel-ui';
import { formatDate, formatPrice, useLang } from '@shared/i18n';
import { ProposeTime } from './propose';
import { dateOf, timeOf } from './dates';
import { useT, messages } from './messages';
import { STATUSES, client, type Status } from './state';

const ACTIONS: Array<{ status: Status; label: 'confirm' | 'complete' | 'cancel' | 'reject' }> = [
  { status: 'confirmed', label: 'confirm' },
  { status: 'completed', label: 'complete' },
  { status: 'cancelled', label: 'cancel' },
  { status: 'rejected', label: 'reject' },
];

export function StatusBadge({ status }: { status: string }) {
  const t = useT(messages);
  const known = (STATUSES as readonly string[]).includes(status);
  return <span class={`badge st-${status}`}>{known ? t(`status_${status as Status}`) : status}</span>;
}

export function BookingDetail(props: { id: string; onClose: () => void; onChanged: () => void }) {
  const t = useT(messages);
  const lang = useLang();
  const booking = useLoad((signal) => client.get('/bookings/{id}', { path: { id: props.id }, signal }), [props.id]);
  const proposals = useLoad(
    (signal) => client.get('/reschedule/{booking_id}', { path: { booking_id: props.id }, signal }).catch(() => []),
    [props.id],
  );
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [proposing, setProposing] = useState(false);
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
  const canPropose = b && (b.status === 'pending' || b.status === 'confirmed');
  const hasPending = (proposals.data ?? []).some((p) => p.status === 'PENDING');

  return (
    <Modal title={t('booking')} onClose={props.onClose} closeLabel={t('close')}>
      <ErrorBox error={generalError(booking.error ?? change.error ?? remove.error)} />
      {!b ? (
        booking.error ? null : <Loading text={t('loading')} />
      ) : (
        <>
          <dl class="facts">
            <dt>{t('status')}</dt>
            <dd data-testid="booking-status">
              <StatusBadge status={b.status} />
            </dd>
            <dt>{t('when')}</dt>
            <dd>
              {formatDate(dateOf(b.start_at), lang)}, {timeOf(b.start_at)}–{timeOf(b.end_at)}
            </dd>
            <dt>{t('client')}</dt>
            <dd>{b.client.first_name}</dd>
            <dt>{t('phone')}</dt>
            <dd>
              <PhoneLink phone={b.client.phone} />
            </dd>
            <dt>{t('service')}</dt>
            <dd>{b.service.name}</dd>
            <dt>{t('master')}</dt>
            <dd>{b.master.name}</dd>
            <dt>{t('price')}</dt>
            <dd>{formatPrice(b.price_snapshot)}</dd>
            <dt>{t('notes')}</dt>
            <dd style="white-space:pre-wrap">{b.notes || '—'}</dd>
          </dl>
          <div class="row" style="margin-bottom:12px">
            {ACTIONS.filter((a) => a.status !== b.status).map((a) => (
              <button
                type="button"
                key={a.status}
                class={`btn btn-small${a.status === 'confirmed' || a.status === 'completed' ? '' : ' btn-ghost'}`}
                disabled={change.busy}
                onClick={() => void change.run(a.status)}
              >
                {t(a.label)}
              </button>
            ))}
          </div>
          <div class="row" style="margin-bottom:16px">
            {canPropose && !proposing && (
              <button type="button" class="btn btn-ghost btn-small" disabled={hasPending} title={hasPending ? t('proposalPending') : undefined} onClick={() => setProposing(true)}>
                {t('proposeTime')}
              </button>
            )}
            {!confirmDelete ? (
              <button type="button" class="btn btn-ghost btn-small danger" onClick={() => setConfirmDelete(true)}>
                {t('delete')}
              </button>
            ) : (
              <span class="row" role="alert">
                <span>{t('deleteBookingConfirm')}</span>
                <button type="button" class="btn btn-danger btn-small" disabled={remove.busy} onClick={() => void remove.run()}>
                  {t('yesDelete')}
                </button>
                <button type="button" class="btn btn-ghost btn-small" onClick={() => setConfirmDelete(false)}>
                  {t('keep')}
                </button>
              </span>
            )}
          </div>
          {proposing && (
            <ProposeTime
              booking={b}
              onDone={() => {
                setProposing(false);
                proposals.reload();
              }}
              onCancel={() => setProposing(false)}
            />
          )}
          <h3>{t('proposals')}</h3>
          {proposals.loading && !proposals.data ? (
            <Loading text={t('loading')} />
          ) : (proposals.data ?? []).length === 0 ? (
            <p class="muted">{t('noProposals')}</p>
          ) : (
            <ul class="proposals" style="padding-left:18px;margin:0">
              {proposals.data!.map((p) => (
                <li key={p.id}>
                  {p.old_date} {p.old_time} → <strong>{p.proposed_date} {p.proposed_time}</strong> · {t(`proposal_${p.status}` as 'proposal_PENDING')} ·{' '}
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
