/**
 * The client card (CONTRACT.md §13), opened from the Clients page, the bookings list and a
 * booking's details: contact (call, WhatsApp), visits, spent, notes saved as they are typed,
 * the history (a visit of several services as one line) and "Записать снова" (the new-booking form
 * with the client and the last service and master filled in; after a visit, all its items).
 */
import { useState } from 'preact/hooks';
import { ErrorBox, Loading, Modal, PhoneLink, generalError, useLoad } from '@shared/panel-ui';
import { formatDate, formatPrice, useLang } from '@shared/i18n';
import type { Answer } from '@shared/client';
import { dateOf, hm, nowMinute, timeOf, today } from '../common/dates';
import { useBookingChanges } from '../common/live';
import { useT, messages } from '../common/messages';
import { BookingTable } from '../bookings/booking-table';
import { NewBooking, type NewBookingSeed } from '../bookings/new-booking';
import { client } from '../common/state';
import { AutoNotes } from './auto-notes';
import { useClientsT } from './messages';

type Card = Answer<'/clients/{id}'>;

/** A chat with the number (stored as 7XXXXXXXXXX) in WhatsApp, the messenger most clients here use. */
export const whatsappUrl = (phone: string): string => `https://wa.me/${phone.replace(/\D/g, '')}`;

/** The card's history shows at most this many (the server's limit). */
const HISTORY_SHOWN = 50;

function History(props: { bookings: Card['bookings'] }) {
  const s = useClientsT();
  if (props.bookings.length === 0) return <p class="muted">{s('noHistory')}</p>;
  return (
    <>
      <BookingTable
        groupVisits
        bookings={props.bookings}
        dateFormat={{ day: 'numeric', month: 'short', year: 'numeric' }}
        testId="client-history"
      />
      {props.bookings.length >= HISTORY_SHOWN && <p class="muted">{s('historyCapped', { n: HISTORY_SHOWN })}</p>}
    </>
  );
}

/** The next full hour today (the owner changes it in the form). */
const nextHour = (): string => hm(Math.min(23 * 60, (Math.floor(nowMinute() / 60) + 1) * 60));

/** The last booking again, or the last visit with all its items (CONTRACT.md §20: "book again" repeats the visit). */
function rebookSeed(card: Card, fallbackMasterId: number): NewBookingSeed {
  const latest = card.bookings[0];
  const items = latest?.visit_id
    ? card.bookings.filter((b) => b.visit_id === latest.visit_id).sort((a, b) => a.start_at.localeCompare(b.start_at))
    : [];
  const last = items[0] ?? latest;
  return {
    masterId: last?.master.id ?? fallbackMasterId,
    serviceId: last?.service.id,
    extra: items.slice(1).map((item) => ({ masterId: item.master.id, serviceId: item.service.id })),
    date: today(),
    time: nextHour(),
    client: { firstName: card.first_name, phone: card.phone },
  };
}

export function ClientCard(props: { id: number; onClose: () => void }) {
  const s = useClientsT();
  const t = useT(messages);
  const lang = useLang();
  const card = useLoad((signal) => client.get('/clients/{id}', { path: { id: props.id }, signal }), [props.id]);
  const masters = useLoad((signal) => client.get('/masters', { signal }), []);
  const [rebook, setRebook] = useState<NewBookingSeed | null>(null);
  useBookingChanges(() => card.reload());
  const when = (at: string | null) =>
    at ? `${formatDate(dateOf(at), lang, { day: 'numeric', month: 'short', year: 'numeric' })}, ${timeOf(at)}` : '—';

  if (rebook && masters.data)
    return (
      <NewBooking seed={rebook} masters={masters.data} onClose={() => setRebook(null)} onCreated={() => (setRebook(null), card.reload())} />
    );
  const data = card.data;
  return (
    <Modal title={data?.first_name ?? s('clientCard')} onClose={props.onClose} closeLabel={t('close')}>
      <ErrorBox error={generalError(card.error)} />
      {!data ? (
        !card.error && <Loading text={t('loading')} />
      ) : (
        <div class="stack" data-testid="client-card">
          <div class="row">
            <PhoneLink phone={data.phone} />
            <a class="btn btn-small" href={`tel:+${data.phone}`}>
              {s('call')}
            </a>
            <a class="btn btn-ghost btn-small" href={whatsappUrl(data.phone)} target="_blank" rel="noopener noreferrer">
              {s('whatsapp')}
            </a>
          </div>
          <dl class="facts">
            <dt>{s('visits')}</dt>
            <dd data-testid="client-visits">{data.visits}</dd>
            <dt>{s('spent')}</dt>
            <dd data-testid="client-spent">{formatPrice(data.total_spent)}</dd>
            <dt>{s('lastVisit')}</dt>
            <dd>{when(data.last_visit_at)}</dd>
            <dt>{s('nextBooking')}</dt>
            <dd>{when(data.next_booking_at)}</dd>
          </dl>
          <AutoNotes id={data.id} initial={data.notes} />
          <div class="row">
            <button
              type="button"
              class="btn"
              disabled={!masters.data?.length}
              onClick={() => setRebook(rebookSeed(data, masters.data![0]!.id))}
            >
              {s('bookAgain')}
            </button>
          </div>
          <h3>{s('history')}</h3>
          <History bookings={data.bookings} />
        </div>
      )}
    </Modal>
  );
}

/** A client's name that opens the card: one line where a page shows a client. */
export function ClientLink(props: { id: number; name: string }) {
  const s = useClientsT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" class="link-button" aria-label={s('openCard', { name: props.name })} onClick={() => setOpen(true)}>
        {props.name}
      </button>
      {open && <ClientCard id={props.id} onClose={() => setOpen(false)} />}
    </>
  );
}
