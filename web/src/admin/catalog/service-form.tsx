/** A service's form: name, duration, price, buffer, category and who does it; a new one or an edit. */
import { useState } from 'preact/hooks';
import { ErrorBox, TextField, errorFor, generalError, useAction } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { client, type Category, type Master, type Service } from '../common/state';
import { masterLinkChanges } from '../onboarding/setup-rules';
import { MasterChoices } from './master-choices';
import { useCatalogT } from './messages';

// A new service prefills no «0» to delete first (typed after it, «3000» became «03000»); the duration is a real
// 60 (a grey placeholder «60» looked filled in, and the form refused to save).
const emptyService = { name: '', duration: '60', price: '', buffer_after: '', category_id: '' };

export function ServiceForm(props: { service?: Service; categories: Category[]; masters: Master[] | undefined; onDone: () => void }) {
  const t = useT(messages);
  const s = useCatalogT();
  const service = props.service;
  const linked = (masters: Master[] | undefined) =>
    service ? (masters ?? []).filter((m) => m.services.some((x) => x.id === service.id)).map((m) => m.id) : [];
  const [chosen, setChosen] = useState<number[] | null>(null);
  const masterIds = chosen ?? linked(props.masters);
  const toggle = (id: number) => setChosen(masterIds.includes(id) ? masterIds.filter((x) => x !== id) : [...masterIds, id]);
  const [form, setForm] = useState(
    service
      ? {
          name: service.name,
          duration: String(service.duration),
          price: String(service.price),
          buffer_after: String(service.buffer_after),
          category_id: service.category ? String(service.category.id) : '',
        }
      : emptyService,
  );
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const save = useAction(async () => {
    const body = {
      name: form.name.trim(),
      duration: Number(form.duration),
      price: Number(form.price),
      buffer_after: Number(form.buffer_after || 0),
      category_id: form.category_id ? Number(form.category_id) : null,
    };
    const saved = service
      ? await client.put('/services/{id}', { path: { id: service.id }, body })
      : await client.post('/services', { body });
    for (const change of masterLinkChanges(props.masters ?? [], saved.id, masterIds)) {
      await client.put('/masters/{id}', { path: { id: change.id }, body: { service_ids: change.service_ids } });
    }
    if (!service) setForm(emptyService);
    setChosen(null);
    props.onDone();
  });
  const err = (field: string) => errorFor(save.error, field);
  return (
    <form
      aria-label={service ? s('editService') : s('newService')}
      // A number field's value is selected on focus: typing replaces the prefilled 60, not «6090».
      onFocusIn={(event) => event.target instanceof HTMLInputElement && event.target.type === 'number' && event.target.select()}
      onSubmit={(event) => {
        event.preventDefault();
        void save.run();
      }}
    >
      <ErrorBox error={generalError(save.error, ['name', 'duration', 'price', 'buffer_after', 'category_id'])} />
      <div class="grid2">
        <TextField label={t('serviceName')} name="service_name" required value={form.name} onValue={set('name')} error={err('name')} />
        <TextField
          label={t('durationMin')}
          name="service_duration"
          type="number"
          min={1}
          required
          value={form.duration}
          onValue={set('duration')}
          error={err('duration')}
        />
        <TextField
          label={t('priceKzt')}
          name="service_price"
          type="number"
          min={0}
          step="any"
          required
          placeholder="5000"
          value={form.price}
          onValue={set('price')}
          error={err('price')}
        />
        <TextField
          label={s('bufferAfter')}
          name="service_buffer_after"
          type="number"
          min={0}
          placeholder="0"
          value={form.buffer_after}
          onValue={set('buffer_after')}
          error={err('buffer_after')}
          hint={s('bufferHelp')}
        />
        <label class="field">
          <span>{s('category')}</span>
          <select
            class="input"
            name="service_category"
            value={form.category_id}
            onChange={(e) => set('category_id')((e.target as HTMLSelectElement).value)}
          >
            <option value="">{s('noCategory')}</option>
            {props.categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
          {err('category_id') && <span class="field-error">{err('category_id')}</span>}
        </label>
      </div>
      <MasterChoices masters={props.masters} chosen={masterIds} onToggle={toggle} />
      <div class="row">
        <button class="btn" disabled={save.busy}>
          {service ? t('save') : s('addService')}
        </button>
        {service && (
          <button type="button" class="btn btn-ghost" onClick={props.onDone}>
            {t('cancelAction')}
          </button>
        )}
      </div>
    </form>
  );
}
