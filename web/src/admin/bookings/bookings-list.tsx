/** Bookings as a list with filters: status, master, dates; a visit as one line of its items (CONTRACT.md §20). */
import { useState } from 'preact/hooks';
import { ListState, useLoad, PhoneLink } from '@shared/panel-ui';
import { BookingDetail } from './booking-detail';
import { BookingTable } from './booking-table';
import { BookingsFilters, type BookingFilters } from './bookings-filters';
import { ClientLink } from '../clients/client-card';
import { useBookingChanges } from '../common/live';
import { addDays, today } from '../common/dates';
import { useT, messages } from '../common/messages';
import { client } from '../common/state';
import { ExportButtons } from '../integrations/data-export';
import { mayCutVisits } from '../visits/visit-groups';
import { useBookingsT } from './messages';
import './bookings.css';

/** A screenful; the dates and filters (applied by the server) reach the rest. */
const BOOKINGS_SHOWN = 200;

export function BookingsPage() {
  const t = useT(messages);
  const tb = useBookingsT();
  const [filters, setFilters] = useState<BookingFilters>({ date_from: today(), date_to: addDays(today(), 30), status: '', master_id: '' });
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
  return (
    <div class="stack">
      <div class="topbar">
        <h1>{t('navBookings')}</h1>
        <ExportButtons kind="bookings" from={filters.date_from} to={filters.date_to} />
      </div>
      <BookingsFilters filters={filters} masters={masters.data ?? []} onChange={setFilters} />
      <ListState loaded={bookings} loadingText={t('loading')} emptyText={t('noBookings')}>
        {(items) => (
          <>
            <BookingTable
              bookings={items}
              groupVisits
              partialVisits={mayCutVisits({ ...filters, shown: items.length, cap: BOOKINGS_SHOWN })}
              onOpen={setOpen}
              clientCell={(b) => (
                <>
                  <ClientLink id={b.client.id} name={b.client.first_name} />
                  <div>
                    <PhoneLink phone={b.client.phone} />
                  </div>
                </>
              )}
            />
            {items.length >= BOOKINGS_SHOWN && (
              <p class="muted" data-testid="list-capped" role="status">
                {tb('bookingsCapped')}
              </p>
            )}
          </>
        )}
      </ListState>
      {open && <BookingDetail id={open} onClose={() => setOpen(null)} onChanged={bookings.reload} />}
    </div>
  );
}
