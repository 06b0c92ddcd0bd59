/** Masters and the services each performs; each master's calendar feed, Telegram and links; the price and duration grid. */
import { useState } from 'preact/hooks';
import { ErrorBox, ListState, useAction, useLoad, generalError } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { client, navigate, type Master } from '../common/state';
import { ReachLinks } from '../reach/reach-links';
import { MasterCalendar } from './master-calendar';
import { MasterForm } from './master-form';
import { MasterTelegram } from './master-telegram';
import { MasterTermsGrid } from './master-terms-grid';
import { useMastersT } from './messages';
import './masters.css';

/** A master in the list: the services, whose schedule applies, edit and delete, the feed, Telegram and the links. */
function MasterRow(props: { master: Master; onEdit: () => void; onDelete: () => void; onChange: () => void }) {
  const t = useT(messages);
  const s = useMastersT();
  const m = props.master;
  return (
    <div class="row">
      <div class="master-summary">
        <strong>{m.name}</strong>
        <div class="muted small-print">
          {m.services.length ? m.services.map((service) => service.name).join(', ') : s('noServicesLinked')} ·{' '}
          <a
            href={`/admin/schedules?master=${m.id}`}
            class="tap"
            data-testid="master-schedule"
            onClick={(event) => (event.preventDefault(), navigate(`/admin/schedules?master=${m.id}`))}
          >
            {m.has_schedule ? s('ownSchedule') : s('businessSchedule')}
          </a>
        </div>
      </div>
      <button type="button" class="btn btn-ghost btn-small" onClick={props.onEdit} aria-label={`${t('edit')} ${m.name}`}>
        {t('edit')}
      </button>
      <button type="button" class="btn btn-ghost btn-small danger" onClick={props.onDelete} aria-label={`${t('delete')} ${m.name}`}>
        {t('delete')}
      </button>
      <MasterCalendar master={m} />
      <MasterTelegram master={m} onChange={props.onChange} />
      <ReachLinks choice={{ masterId: m.id }} name={m.name} />
    </div>
  );
}

export function MastersPage() {
  const t = useT(messages);
  const s = useMastersT();
  // The grid repeats every master's name: it opens on demand, so the list above reads alone.
  const [showTerms, setShowTerms] = useState(false);
  const masters = useLoad((signal) => client.get('/masters', { signal }), []);
  const services = useLoad((signal) => client.get('/services', { signal }), []);
  const [editing, setEditing] = useState<number | null>(null);
  const remove = useAction(async (id: number) => {
    await client.del('/masters/{id}', { path: { id } });
    masters.reload();
  });
  return (
    <div class="stack">
      <div class="topbar">
        <h1>{t('navMasters')}</h1>
      </div>
      <section class="card">
        <ErrorBox error={generalError(remove.error)} />
        <ListState loaded={masters} loadingText={t('loading')} emptyText={s('noMasters')}>
          {(items) => (
            <ul class="masters-list">
              {items.map((m) => (
                <li key={m.id}>
                  {editing === m.id ? (
                    <MasterForm master={m} services={services.data} onDone={() => (setEditing(null), masters.reload())} />
                  ) : (
                    <MasterRow
                      master={m}
                      onEdit={() => setEditing(m.id)}
                      onDelete={() => void remove.run(m.id)}
                      onChange={masters.reload}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </ListState>
      </section>
      <section class="card">
        <h2>{s('newMaster')}</h2>
        <MasterForm services={services.data} onDone={masters.reload} />
      </section>
      <section class="card" data-testid="terms-card">
        <h2>{s('termsTitle')}</h2>
        {!showTerms ? (
          <button type="button" class="btn btn-ghost" data-testid="terms-open" onClick={() => setShowTerms(true)}>
            {s('termsOpen')}
          </button>
        ) : (
          masters.data && services.data && <MasterTermsGrid masters={masters.data} services={services.data} onSaved={masters.reload} />
        )}
      </section>
    </div>
  );
}
