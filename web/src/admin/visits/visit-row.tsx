/** A visit as one line of a bookings table (CONTRACT.md §20: the client card): when, its items with their masters, the total, one status. */
import { formatPrice } from '@shared/i18n';
import { timeOf } from '../common/dates';
import { useT, messages } from '../common/messages';
import type { Booking } from '../common/state';
import { useBookingsT } from '../bookings/messages';
import type { HistoryLine } from './visit-groups';
import { VisitStatusBadge } from './visit-status-badge';
import { useVisitsT, visitHint } from './messages';
import './visits.css';

export function VisitRow(props: { line: Extract<HistoryLine<Booking>, { kind: 'visit' }>; when: string; withClient: boolean }) {
  const t = useT(messages);
  const tb = useBookingsT();
  const tv = useVisitsT();
  const { items } = props.line;
  const masters = [...new Set(items.map((item) => item.master.name))].join(', ');
  return (
    <tr data-visit={props.line.visitId} data-testid="visit-line">
      <td>
        {props.when}
        <br />
        <small class="visit-hint">{visitHint(tv, items.length)}</small>
      </td>
      {props.withClient && <td>{items[0]!.client.first_name}</td>}
      <td data-label={tb('service')}>
        <ul class="visit-lines">
          {items.map((item) => (
            <li key={item.id}>
              {timeOf(item.start_at)} {item.service.name} · {item.master.name}
            </li>
          ))}
        </ul>
      </td>
      <td data-label={t('master')}>{masters}</td>
      <td data-label={t('price')}>{formatPrice(props.line.total)}</td>
      <td data-label={t('status')}>
        <VisitStatusBadge status={props.line.status} />
      </td>
    </tr>
  );
}
