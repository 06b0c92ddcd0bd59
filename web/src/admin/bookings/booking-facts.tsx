/** A booking's facts in its detail: status (and an accepted move beside it), when, client, phone, service, master, price, notes. */
import { formatDate, formatPrice, useLang } from '@shared/i18n';
import { PhoneLink } from '@shared/panel-ui';
import { ClientLink } from '../clients/client-card';
import { dateOf, timeOf } from '../common/dates';
import { useT, messages } from '../common/messages';
import type { Booking } from '../common/state';
import { StatusBadge } from '../common/status-badge';
import { useBookingsT } from './messages';

/** The client's "accept" moves the booking but keeps its status (SPEC.md): the detail says so beside the status. */
function AcceptedMove(props: { date: string; time: string; pending: boolean }) {
  const tb = useBookingsT();
  const lang = useLang();
  const when = `${formatDate(props.date, lang, { day: 'numeric', month: 'short' })}, ${props.time}`;
  return (
    <>
      {' '}
      <span class="badge st-confirmed" data-testid="reschedule-accepted">
        ✓ {tb('rescheduleAccepted', { when })}
      </span>
      {props.pending && <small class="muted reschedule-hint">{tb('rescheduleAcceptedHint')}</small>}
    </>
  );
}

export function BookingFacts(props: { booking: Booking; accepted?: { proposed_date: string; proposed_time: string } }) {
  const t = useT(messages);
  const tb = useBookingsT();
  const lang = useLang();
  const { booking: b, accepted } = props;
  return (
    <dl class="facts">
      <dt>{t('status')}</dt>
      <dd data-testid="booking-status">
        <StatusBadge status={b.status} />
        {accepted && <AcceptedMove date={accepted.proposed_date} time={accepted.proposed_time} pending={b.status === 'pending'} />}
      </dd>
      <dt>{tb('when')}</dt>
      <dd data-testid="booking-when">
        {formatDate(dateOf(b.start_at), lang)},{' '}
        <span class="booking-times">
          {timeOf(b.start_at)}–{timeOf(b.end_at)}
        </span>
      </dd>
      <dt>{t('client')}</dt>
      <dd>
        <ClientLink id={b.client.id} name={b.client.first_name} />
      </dd>
      <dt>{t('phone')}</dt>
      <dd>
        <PhoneLink phone={b.client.phone} />
      </dd>
      <dt>{tb('service')}</dt>
      <dd>{b.service.name}</dd>
      <dt>{t('master')}</dt>
      <dd data-testid="booking-master">{b.master.name}</dd>
      <dt>{t('price')}</dt>
      <dd>{formatPrice(b.price_snapshot)}</dd>
      <dt>{tb('bookingNotes')}</dt>
      <dd class="booking-notes">{b.notes || '—'}</dd>
    </dl>
  );
}
