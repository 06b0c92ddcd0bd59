/** Masters and the services each performs (service_ids replaces the links). */
import { useState } from 'preact/hooks';
import { ErrorBox, ListState, Loading, TextField, errorFor, generalError, useAction, useLoad } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { client, navigate, type Master, type Service } from '../common/state';
import { MasterCalendar } from './master-calendar';
import { MasterTermsGrid } from './master-terms-grid';
import { useRulesT } from '../common/rules-messages';
import { MasterTelegram } from './master-telegram';
import { ReachLinks } from '../reach/reach-links';

function MasterForm(props: { master?: Master; services: Service[] | undefined; onDone: () => void }) {
  const t = useT(messages);
  const m = props.master;
  const [name, setName] = useState(m?.name ?? '');
  const [ids, setIds] = useState<number[]>(m ? m.services.map((s) => s.id) : []);
  const save = useAction(async () => {
    const body = { name: name.trim(), service_ids: ids };
    if (m) await client.put('/masters/{id}', { path: { id: m.id }, body });
    else await client.post('/masters', { body });
    if (!m) {
      setName('');
      setIds([]);
    }
    props.onDone();
  });
  const toggle = (id: number) => setIds((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  return (
    <form
      aria-label={m ? s('editMaster') : s('newMaster')}
      onSubmit={(event) => {
        event.preventDefault();
        void save.run();
      }}
    >
      <ErrorBox error={generalError(save.error, ['name', 'service_ids'])} />
      <TextField label={s('masterName')} name="master_name" required value={name} onValue={setName} error={errorFor(save.error, 'name')} />
      <fieldset style="border:0;padding:0;margin:0 0 12px">
        <legend class="muted" style="margin-bottom:4px">
          {s('masterServices')}
        </legend>
        {!props.services ? (
          <Loading text={t('loading')} />
        ) : props.services.length === 0 ? (
          <p class="muted">{t('noServices')}</p>
        ) : (
          <div class="row">
            {props.services.map((s) => (
              <label class="check" key={s.id} style="margin-right:10px">
                <input type="checkbox" checked={ids.includes(s.id)} onChange={() => toggle(s.id)} />
                {s.name}
              </label>
            ))}
          </div>
        )}
        {errorFor(save.error, 'service_ids') && <p class="field-error">{errorFor(save.error, 'service_ids')}</p>}
      </fieldset>
      <div class="row">
        <button class="btn" disabled={save.busy}>
          {m ? t('save') : s('addMaster')}
        </button>
        {m && (
          <button type="button" class="btn btn-ghost" onClick={props.onDone}>
            {t('cancelAction')}
          </button>
        )}
      </div>
    </form>
  );
}

export function MastersPage() {
  const t = useT(messages);
  const rules = useRulesT();
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
            <ul style="list-style:none;padding:0;margin:0">
              {items.map((m) => (
                <li key={m.id} style="padding:10px 0;border-bottom:1px solid var(--border)">
                  {editing === m.id ? (
                    <MasterForm master={m} services={services.data} onDone={() => (setEditing(null), masters.reload())} />
                  ) : (
                    <div class="row">
                      <div style="flex:1;min-width:200px">
                        <strong>{m.name}</strong>
                        <div class="muted" style="font-size:.9rem">
                          {m.services.length ? m.services.map((s) => s.name).join(', ') : s('noServicesLinked')} ·{' '}
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
                      <button
                        type="button"
                        class="btn btn-ghost btn-small"
                        onClick={() => setEditing(m.id)}
                        aria-label={`${t('edit')} ${m.name}`}
                      >
                        {t('edit')}
                      </button>
                      <button
                        type="button"
                        class="btn btn-ghost btn-small danger"
                        onClick={() => void remove.run(m.id)}
                        aria-label={`${t('delete')} ${m.name}`}
                      >
                        {t('delete')}
                      </button>
                      <MasterCalendar master={m} />
                      <MasterTelegram master={m} onChange={masters.reload} />
                      <ReachLinks choice={{ masterId: m.id }} name={m.name} />
                    </div>
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
