/** All businesses' bookings, filtered and paged by the server (CONTRACT.md §15). */
import { useEffect, useState } from 'preact/hooks';
import { formatDate, formatPrice, useLang, useT } from '@shared/i18n';
import { useDebounced, useLoad } from '@shared/panel-hooks';
import { ListTable } from '@shared/panel-states';
import { displayPhone } from '@shared/phone-link';
import { BookingFilters, NO_FILTERS } from './booking-filters';
import { messages } from './messages';
import { BOOKINGS_PAGE, Pager } from './pager';
import { STATUSES, client } from './state';

export function BookingsPage() {
  const t = useT(messages);
  const lang = useLang();
  const [filters, setFilters] = useState(NO_FILTERS);
  const business = useDebounced(filters.business.trim(), 250);
  const [offset, setOffset] = useState(0);
  const [total, setTotal] = useState(0);
  // A new filter starts again from the first page.
  useEffect(() => setOffset(0), [business, filters.date_from, filters.date_to, filters.status]);
  // One screenful, filtered by the server: the dates, a business found by name or address, a status.
  const bookings = useLoad(
    (signal) =>
      client.get('/superadmin/bookings', {
        query: {
          q: business || undefined,
          date_from: filters.date_from || undefined,
          date_to: filters.date_to || undefined,
          status: filters.status ? (filters.status as (typeof STATUSES)[number]) : undefined,
          limit: BOOKINGS_PAGE,
          offset,
        },
        signal,
        onHeaders: (headers) => setTotal(Number(headers.get('x-total-count') ?? 0)),
      }),
    [business, filters.date_from, filters.date_to, filters.status, offset],
  );
  return (
    <div class="stack">
      <BookingFilters filters={filters} onFilters={setFilters} />
      <ListTable
        loaded={bookings}
        loadingText={t('loading')}
        emptyText={t('noBookings')}
        head={
          <>
            <th>{t('when')}</th>
            <th>{t('business')}</th>
            <th>{t('client')}</th>
            <th>{t('service')}</th>
            <th>{t('master')}</th>
            <th>{t('price')}</th>
            <th>{t('status')}</th>
          </>
        }
      >
        {(items) =>
          items.map((b) => (
            <tr key={b.id}>
              <td>
                <time dateTime={b.start_at}>
                  {formatDate(b.start_at.slice(0, 10), lang, { day: 'numeric', month: 'short', year: 'numeric' })},{' '}
                  {b.start_at.slice(11, 16)}
                </time>
              </td>
              <td>{b.business.name}</td>
              <td>
                {b.client.first_name} <span class="muted">{displayPhone(b.client.phone)}</span>
              </td>
              <td data-label={t('service')}>{b.service.name}</td>
              <td data-label={t('master')}>{b.master.name}</td>
              <td data-label={t('price')}>{formatPrice(b.price_snapshot)}</td>
              <td>
                <span class={`badge st-${b.status}`}>
                  {(STATUSES as readonly string[]).includes(b.status) ? t(`status_${b.status as 'pending'}`) : b.status}
                </span>
              </td>
            </tr>
          ))
        }
      </ListTable>
      <Pager offset={offset} shown={bookings.data?.length ?? 0} total={total} onOffset={(next) => (setOffset(next), scrollTo(0, 0))} />
    </div>
  );
}
