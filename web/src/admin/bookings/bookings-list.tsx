/** Bookings as a list with filters: status, master, dates. */
import { useState } from 'preact/hooks';
import { ListTable, useLoad, PhoneLink } from '@shared/panel-ui';
import { formatDate, formatPrice, useLang } from '@shared/i18n';
import { BookingDetail, StatusBadge } from './booking-detail';
import { ClientLink } from '../clients/client-card';
import { useBookingChanges } from '../common/live';
import { addDays, dateOf, timeOf, today } from '../common/dates';
import { useT, messages } from '../common/messages';
import { STATUSES, client, type Status } from '../common/state';
import { ExportButtons } from '../integrations/data-export';

/** A screenful; the dates and filters (applied by the server) reach the rest. */
const BOOKINGS_SHOWN = 200;

export function BookingsPage() {
  const t = useT(messages);
  const lang = useLang();
  const [filters, setFilters] = useState({ date_from: today(), date_to: addDays(today(), 30), status: '' as Status | '', master_id: '' });
  const [open, setOpen] = useState<string | null>(null);
  const masters = useLoad((signal) => client.get('/masters', { signal }), []);
  const bookings = useLoad(
    (signal) =>
      client.get('/bookings', {
        query: {
          date_from: filters.date_from || undefined,
          date_to: filters.date_to || undefined,
          status: filters.status || undefined,
          master_id: filters.master_id ? Number(filters.master_id) : undefined,
          limit: BOOKINGS_SHOWN,
        },
        signal,
      }),
    [filters.date_from, filters.date_to, filters.status, filters.master_id],
  );
  useBookingChanges(bookings.reload);
  const set = (key: keyof typeof filters) => (event: Event) =>
    setFilters((f) => ({ ...f, [key]: (event.target as HTMLInputElement).value }));
  return (
    <div class="stack">
      <div class="topbar">
        <h1>{t('navBookings')}</h1>
        <ExportButtons kind="bookings" from={filters.date_from} to={filters.date_to} />
      </div>
      <form class="row card" aria-label={t('filters')} onSubmit={(e) => e.preventDefault()}>
        <label class="field" style="margin:0">
          <span>{t('from')}</span>
          <input class="input small" type="date" name="date_from" value={filters.date_from} onChange={set('date_from')} />
        </label>
        <label class="field" style="margin:0">
          <span>{t('to')}</span>
          <input class="input small" type="date" name="date_to" value={filters.date_to} onChange={set('date_to')} />
        </label>
        <label class="field" style="margin:0">
          <span>{t('status')}</span>
          <select class="input small" name="status" value={filters.status} onChange={set('status')}>
            <option value="">{t('all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status_${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label class="field" style="margin:0">
          <span>{t('master')}</span>
          <select class="input small" name="master_id" value={filters.master_id} onChange={set('master_id')}>
            <option value="">{t('all')}</option>
            {(masters.data ?? []).map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      </form>
      <ListTable
        cap={{ limit: BOOKINGS_SHOWN, text: t('bookingsCapped') }}
        loaded={bookings}
        loadingText={t('loading')}
        emptyText={t('noBookings')}
        head={
          <>
            <th>{t('when')}</th>
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
                <button type="button" class="btn btn-ghost btn-small" onClick={() => setOpen(b.id)}>
                  {formatDate(dateOf(b.start_at), lang, { weekday: 'short', day: 'numeric', month: 'short' })}, {timeOf(b.start_at)}
                </button>
              </td>
              <td>
                <ClientLink id={b.client.id} name={b.client.first_name} />
                <div>
                  <PhoneLink phone={b.client.phone} />
                </div>
              </td>
              <td data-label={t('service')}>{b.service.name}</td>
              <td data-label={t('master')}>{b.master.name}</td>
              <td data-label={t('price')}>{formatPrice(b.price_snapshot)}</td>
              <td data-label={t('status')}>
                <StatusBadge status={b.status} />
              </td>
            </tr>
          ))
        }
      </ListTable>
      {open && <BookingDetail id={open} onClose={() => setOpen(null)} onChanged={bookings.reload} />}
    </div>
  );
}
