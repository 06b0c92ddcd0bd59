/** A visit's facts in its card (CONTRACT.md §20): one status, when, client, phone, the items (time, service, master, price) and the total, the notes. */
import { formatDate, formatPrice, useLang } from '@shared/i18n';
import type { Answer } from '@shared/client';
import { PhoneLink } from '@shared/panel-ui';
import { ClientLink } from '../clients/client-card';
import { dateOf, timeOf } from '../common/dates';
import { useT, messages } from '../common/messages';
import { StatusBadge } from '../common/status-badge';
import { VisitStatusBadge } from './visit-status-badge';
import { useBookingsT } from '../bookings/messages';
import { useVisitsT } from './messages';

export type Visit = Answer<'/visits/{id}'>;

function VisitItems(props: { visit: Visit }) {
  const t = useT(messages);
  const tv = useVisitsT();
  return (
    <table class="visit-items" data-testid="visit-items" aria-label={tv('items')}>
      <thead>
        <tr>
          <th>{tv('itemTime')}</th>
          <th>{tv('serviceAndMaster')}</th>
          <th class="num">{t('price')}</th>
        </tr>
      </thead>
      <tbody>
        {props.visit.bookings.map((item) => (
          <tr key={item.id} data-booking={item.id}>
            <td class="item-time">
              {timeOf(item.start_at)}–{timeOf(item.end_at)}
            </td>
            <td>
              {item.service.name}
              {item.status !== props.visit.status && (
                <>
                  {' '}
                  <StatusBadge status={item.status} />
                </>
              )}
              <br />
              <span class="muted">{item.master.name}</span>
            </td>
            <td class="num">{formatPrice(item.price_snapshot)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={2}>{tv('total')}</td>
          <td class="num" data-testid="visit-total">
            {formatPrice(props.visit.total_price)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

export function VisitFacts(props: { visit: Visit }) {
  const t = useT(messages);
  const tb = useBookingsT();
  const lang = useLang();
  const v = props.visit;
  const first = v.bookings[0]!;
  return (
    <>
      <dl class="facts">
        <dt>{t('status')}</dt>
        <dd data-testid="visit-status">
          <VisitStatusBadge status={v.status} />
        </dd>
        <dt>{tb('when')}</dt>
        <dd data-testid="visit-when">
          {formatDate(dateOf(v.start_at), lang)},{' '}
          <span class="booking-times">
            {timeOf(v.start_at)}–{timeOf(v.end_at)}
          </span>
        </dd>
        <dt>{t('client')}</dt>
        <dd>
          <ClientLink id={first.client.id} name={first.client.first_name} />
        </dd>
        <dt>{t('phone')}</dt>
        <dd>
          <PhoneLink phone={first.client.phone} />
        </dd>
        <dt>{tb('bookingNotes')}</dt>
        <dd class="booking-notes">{first.notes || '—'}</dd>
      </dl>
      <VisitItems visit={v} />
    </>
  );
}
