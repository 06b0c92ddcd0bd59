/** Clients (CRM): search by phone or name, booking count, last visit, editable notes. */
import { useState } from 'preact/hooks';
import { ListTable, generalError, useAction, useDebounced, useLoad, PhoneLink } from '@shared/panel-ui';
import { formatDate, useLang } from '@shared/i18n';
import type { Answer } from '@shared/client';
import { dateOf, timeOf } from '../common/dates';
import { useT, messages } from '../common/messages';
import { client } from '../common/state';
import { ClientsDataTools } from './clients-import';
import { ClientLink } from './client-card';
import { useClientsT } from './messages';
import './clients.css';

type ClientRow = Answer<'/clients'>[number];

function Notes(props: { row: ClientRow }) {
  const t = useT(messages);
  const [notes, setNotes] = useState(props.row.notes ?? '');
  const [savedNotes, setSavedNotes] = useState(props.row.notes ?? '');
  const save = useAction(async () => {
    const next = await client.put('/clients/{id}', { path: { id: props.row.id }, body: { notes: notes.trim() || null } });
    setSavedNotes(next.notes ?? '');
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save.run();
      }}
    >
      <label class="visually-hidden" for={`notes-${props.row.id}`}>
        {t('notes')}: {props.row.first_name}
      </label>
      <textarea
        id={`notes-${props.row.id}`}
        class="input"
        rows={2}
        value={notes}
        onInput={(e) => setNotes((e.target as HTMLTextAreaElement).value)}
      />
      {notes !== savedNotes && (
        <button class="btn btn-small" disabled={save.busy}>
          {t('save')}
        </button>
      )}
      {save.error && <span class="field-error">{generalError(save.error)}</span>}
    </form>
  );
}

/** A screenful; search (by the server) reaches the rest. */
const CLIENTS_SHOWN = 100;

export function ClientsPage() {
  const t = useT(messages);
  const s = useClientsT();
  const lang = useLang();
  const [q, setQ] = useState('');
  const query = useDebounced(q.trim(), 250);
  const clients = useLoad((signal) => client.get('/clients', { query: { q: query || undefined, limit: CLIENTS_SHOWN }, signal }), [query]);
  return (
    <div class="stack">
      <div class="topbar">
        <h1>{t('navClients')}</h1>
        <label class="visually-hidden" for="client-search">
          {s('searchClients')}
        </label>
        <input
          id="client-search"
          type="search"
          class="input small clients-search"
          placeholder={s('searchClients')}
          value={q}
          onInput={(e) => setQ((e.target as HTMLInputElement).value)}
        />
        <ClientsDataTools onImported={clients.reload} />
      </div>
      <ListTable
        cap={{ limit: CLIENTS_SHOWN, text: s('clientsCapped') }}
        loaded={clients}
        loadingText={t('loading')}
        emptyText={query ? s('noClientsFound') : s('noClients')}
        head={
          <>
            <th>{t('client')}</th>
            <th>{s('bookingsTotal')}</th>
            <th>{s('lastVisit')}</th>
            <th class="clients-notes">{t('notes')}</th>
          </>
        }
      >
        {(items) =>
          items.map((c) => (
            <tr key={c.id}>
              <td>
                <strong>
                  <ClientLink id={c.id} name={c.first_name} />
                </strong>
                <div>
                  <PhoneLink phone={c.phone} />
                </div>
              </td>
              <td data-label={s('bookingsTotal')}>{c.bookings_count}</td>
              {/* A visit is a booking that already began and was not cancelled or rejected (last_visit_at). */}
              <td data-label={s('lastVisit')} data-testid="last-visit">
                {c.last_visit_at
                  ? `${formatDate(dateOf(c.last_visit_at), lang, { day: 'numeric', month: 'short', year: 'numeric' })}, ${timeOf(c.last_visit_at)}`
                  : '—'}
              </td>
              <td data-label={t('notes')}>
                <Notes row={c} />
              </td>
            </tr>
          ))
        }
      </ListTable>
    </div>
  );
}
