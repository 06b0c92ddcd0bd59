/** A master's form: the name and the services the master performs (service_ids replaces the links). */
import { useState } from 'preact/hooks';
import { ErrorBox, Loading, TextField, errorFor, generalError, useAction } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { client, type Master, type Service } from '../common/state';
import { useMastersT } from './messages';

export function MasterForm(props: { master?: Master; services: Service[] | undefined; onDone: () => void }) {
  const t = useT(messages);
  const s = useMastersT();
  const m = props.master;
  const [name, setName] = useState(m?.name ?? '');
  const [ids, setIds] = useState<number[]>(m ? m.services.map((service) => service.id) : []);
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
      <fieldset class="master-services">
        <legend class="muted">{s('masterServices')}</legend>
        {!props.services ? (
          <Loading text={t('loading')} />
        ) : props.services.length === 0 ? (
          <p class="muted">{t('noServices')}</p>
        ) : (
          <div class="row">
            {props.services.map((service) => (
              <label class="check master-service" key={service.id}>
                <input type="checkbox" checked={ids.includes(service.id)} onChange={() => toggle(service.id)} />
                {service.name}
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
