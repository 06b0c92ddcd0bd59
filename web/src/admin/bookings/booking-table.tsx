/**
 * The one table of bookings: when, client, service, master, price, status (a card per booking
 * on a phone), a visit as one line of its items. The bookings page shows it with the client (name and phone) and
 * opens a booking (a visit's line: the visit) from its time; the client card shows that client's history without
 * the client column.
 */
import type { ComponentChildren } from 'preact';
import { formatDate, formatPrice, useLang } from '@shared/i18n';
import { dateOf, timeOf } from '../common/dates';
import { useT, messages } from '../common/messages';
import type { Booking } from '../common/state';
import { StatusBadge } from '../common/status-badge';
import { useBookingsT } from './messages';
import { historyLines } from '../visits/visit-groups';
import { VisitRow } from '../visits/visit-row';

/** The bookings page's "пн, 24 нояб."; the client card passes its own (with the year). */
const SHORT_DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };

export interface BookingTableProps {
  bookings: Booking[];
  /** The client cell; without it the table has no client column (a client's own history). */
  clientCell?: (booking: Booking) => ComponentChildren;
  /** The time opens the booking when given. */
  onOpen?: (id: string) => void;
  dateFormat?: Intl.DateTimeFormatOptions;
  testId?: string;
  /** A visit's bookings as one line with its items (CONTRACT.md §20: the client card, the bookings page). */
  groupVisits?: boolean;
  /** The list may hold only some of a visit's items (mayCutVisits): its line counts the items in the list. */
  partialVisits?: boolean;
}

export function BookingTable(props: BookingTableProps) {
  const t = useT(messages);
  const tb = useBookingsT();
  const lang = useLang();
  const when = (b: Booking) => `${formatDate(dateOf(b.start_at), lang, props.dateFormat ?? SHORT_DAY)}, ${timeOf(b.start_at)}`;
  return (
    <div class="table-wrap">
      <table class="table cards" data-testid={props.testId}>
        <thead>
          <tr>
            <th>{tb('when')}</th>
            {props.clientCell && <th>{t('client')}</th>}
            <th>{tb('service')}</th>
            <th>{t('master')}</th>
            <th>{t('price')}</th>
            <th>{t('status')}</th>
          </tr>
        </thead>
        <tbody>
          {(props.groupVisits
            ? historyLines(props.bookings)
            : props.bookings.map((booking) => ({ kind: 'booking' as const, booking }))
          ).map((line) => {
            if (line.kind === 'visit')
              return (
                <VisitRow
                  key={line.visitId}
                  line={line}
                  when={when(line.items[0]!)}
                  client={props.clientCell?.(line.items[0]!)}
                  onOpen={props.onOpen && (() => props.onOpen!(line.items[0]!.id))}
                  partial={props.partialVisits}
                />
              );
            const b = line.booking;
            return (
              <tr key={b.id}>
                <td>
                  {props.onOpen ? (
                    <button type="button" class="btn btn-ghost btn-small" onClick={() => props.onOpen!(b.id)}>
                      {when(b)}
                    </button>
                  ) : (
                    when(b)
                  )}
                </td>
                {props.clientCell && <td>{props.clientCell(b)}</td>}
                <td data-label={tb('service')}>{b.service.name}</td>
                <td data-label={t('master')}>{b.master.name}</td>
                <td data-label={t('price')}>{formatPrice(b.price_snapshot)}</td>
                <td data-label={t('status')}>
                  <StatusBadge status={b.status} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
