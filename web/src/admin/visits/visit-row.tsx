/**
 * A visit as one line of a bookings table (CONTRACT.md §20: the client card, the bookings page): when (opening the
 * visit's card where the table opens bookings), its items with their masters, the total, one status. Where the list
 * may hold only some of the visit's items (`partial`), the hint counts the items in the list (decision 0094).
 */
import type { ComponentChildren } from 'preact';
import { formatPrice } from '@shared/i18n';
import { timeOf } from '../common/dates';
import { useT, messages } from '../common/messages';
import type { Booking } from '../common/state';
import { useBookingsT } from '../bookings/messages';
import type { HistoryLine } from './visit-groups';
import { VisitStatusBadge } from './visit-status-badge';
import { useVisitsT, visitHint } from './messages';
import './visits.css';

export interface VisitRowProps {
  line: Extract<HistoryLine<Booking>, { kind: 'visit' }>;
  when: string;
  /** The client cell, as the table's single bookings have it; none in a client's own history. */
  client?: ComponentChildren;
  /** Opens the visit's card (BookingDetail of an item opens it). */
  onOpen?: () => void;
  partial?: boolean;
}

export function VisitRow(props: VisitRowProps) {
  const t = useT(messages);
  const tb = useBookingsT();
  const tv = useVisitsT();
  const { items } = props.line;
  const masters = [...new Set(items.map((item) => item.master.name))].join(', ');
  return (
    <tr data-visit={props.line.visitId} data-testid="visit-line">
      <td>
        {props.onOpen ? (
          <button type="button" class="btn btn-ghost btn-small" onClick={props.onOpen}>
            {props.when}
          </button>
        ) : (
          props.when
        )}
        <br />
        <small class="visit-hint">{props.partial ? tv('visitHintListed', { n: items.length }) : visitHint(tv, items.length)}</small>
      </td>
      {props.client !== undefined && <td>{props.client}</td>}
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
