/** Services and categories: create, edit, delete, with the API's messages next to the fields. */
import { useState } from 'preact/hooks';
import { ErrorBox, ListTable, TextField, errorFor, generalError, useAction, useLoad } from '@shared/panel-ui';
import { formatDuration, formatPrice, useLang } from '@shared/i18n';
import { useT, messages } from '../common/messages';
import { client, type Category, type Master, type Service } from '../common/state';
import { Categories } from './categories';
import { masterLinkChanges } from '../onboarding/setup-rules';
import { useSetupT } from '../onboarding/setup-messages';
import { useRulesT } from '../common/rules-messages';
import { ReachLinks } from '../reach/reach-links';

// A new service prefills nothing to delete first (issue #35: «0» became «03000»); placeholders show the shape.
const emptyService = { name: '', duration: '', price: '', buffer_after: '', category_id: '' };

/** Who does the service: checkboxes of the masters (a new service: none ticked). */
function MasterChoices(props: { masters: Master[] | undefined; chosen: number[]; onToggle: (id: number) => void }) {
  const t = useT(messages);
  const st = useSetupT();
  return (
    <fieldset class="choices">
      <legend class="muted">{st('serviceMasters')}</legend>
      {!props.masters ? (
        <span class="muted">{t('loading')}</span>
      ) : props.masters.length === 0 ? (
        <span class="muted">{st('noMastersForService')}</span>
      ) : (
        props.masters.map((m) => (
          <label class="check" key={m.id}>
            <input type="checkbox" name="service_master" checked={props.chosen.includes(m.id)} onChange={() => props.onToggle(m.id)} />
            {m.name}
          </label>
        ))
      )}
    </fieldset>
  );
}

function ServiceForm(props: { service?: Service; categories: Category[]; masters: Master[] | undefined; onDone: () => void }) {
  const t = useT(messages);
  const rules = useRulesT();
  const s = props.service;
  const linked = (masters: Master[] | undefined) =>
    s ? (masters ?? []).filter((m) => m.services.some((x) => x.id === s.id)).map((m) => m.id) : [];
  const [chosen, setChosen] = useState<number[] | null>(null);
  const masterIds = chosen ?? linked(props.masters);
  const toggle = (id: number) => setChosen(masterIds.includes(id) ? masterIds.filter((x) => x !== id) : [...masterIds, id]);
  const [form, setForm] = useState(
    s
      ? {
          name: s.name,
          duration: String(s.duration),
          price: String(s.price),
          buffer_after: String(s.buffer_after),
          category_id: s.category ? String(s.category.id) : '',
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
    const saved = s ? await client.put('/services/{id}', { path: { id: s.id }, body }) : await client.post('/services', { body });
    for (const change of masterLinkChanges(props.masters ?? [], saved.id, masterIds)) {
      await client.put('/masters/{id}', { path: { id: change.id }, body: { service_ids: change.service_ids } });
    }
    if (!s) setForm(emptyService);
    setChosen(null);
    props.onDone();
  });
  const err = (field: string) => errorFor(save.error, field);
  return (
    <form
      aria-label={s ? t('editService') : t('newService')}
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
          placeholder="60"
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
          label={rules('bufferAfter')}
          name="service_buffer_after"
          type="number"
          min={0}
          placeholder="0"
          value={form.buffer_after}
          onValue={set('buffer_after')}
          error={err('buffer_after')}
          hint={rules('bufferHelp')}
        />
        <label class="field">
          <span>{t('category')}</span>
          <select
            class="input"
            name="service_category"
            value={form.category_id}
            onChange={(e) => set('category_id')((e.target as HTMLSelectElement).value)}
          >
            <option value="">{t('noCategory')}</option>
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
          {s ? t('save') : t('addService')}
        </button>
        {s && (
          <button type="button" class="btn btn-ghost" onClick={props.onDone}>
            {t('cancelAction')}
          </button>
        )}
      </div>
    </form>
  );
}

export function CatalogPage() {
  const t = useT(messages);
  const lang = useLang();
  const categories = useLoad((signal) => client.get('/categories', { signal }), []);
  const services = useLoad((signal) => client.get('/services', { signal }), []);
  const masters = useLoad((signal) => client.get('/masters', { signal }), []);
  const [editing, setEditing] = useState<number | null>(null);
  const remove = useAction(async (id: number) => {
    await client.del('/services/{id}', { path: { id } });
    services.reload();
  });
  return (
    <div class="stack">
      <div class="topbar">
        <h1>{t('navServices')}</h1>
      </div>
      <section class="card">
        <h2>{t('services')}</h2>
        <ErrorBox error={generalError(remove.error)} />
        <ListTable
          loaded={services}
          loadingText={t('loading')}
          emptyText={t('noServices')}
          head={
            <>
              <th>{t('serviceName')}</th>
              <th>{t('duration')}</th>
              <th>{t('price')}</th>
              <th>{t('category')}</th>
              <th />
            </>
          }
        >
          {(items) =>
            items.map((s) =>
              editing === s.id ? (
                <tr key={s.id}>
                  <td colSpan={5}>
                    <ServiceForm
                      service={s}
                      categories={categories.data ?? []}
                      masters={masters.data}
                      onDone={() => (setEditing(null), services.reload(), masters.reload())}
                    />
                  </td>
                </tr>
              ) : (
                <tr key={s.id}>
                  <td>
                    {s.name}
                    <div class="muted" style="font-size:.85rem">
                      {(masters.data ?? [])
                        .filter((m) => m.services.some((x) => x.id === s.id))
                        .map((m) => m.name)
                        .join(', ')}
                    </div>
                    <ReachLinks choice={{ serviceId: s.id }} name={s.name} />
                  </td>
                  <td data-label={t('duration')}>{formatDuration(s.duration, lang)}</td>
                  <td data-label={t('price')}>{formatPrice(s.price)}</td>
                  <td data-label={t('category')}>{s.category?.name ?? '—'}</td>
                  <td>
                    <div class="row-actions">
                      <button
                        type="button"
                        class="btn btn-ghost btn-small"
                        onClick={() => setEditing(s.id)}
                        aria-label={`${t('edit')} ${s.name}`}
                      >
                        {t('edit')}
                      </button>
                      <button
                        type="button"
                        class="btn btn-ghost btn-small danger"
                        onClick={() => void remove.run(s.id)}
                        aria-label={`${t('delete')} ${s.name}`}
                      >
                        {t('delete')}
                      </button>
                    </div>
                  </td>
                </tr>
              ),
            )
          }
        </ListTable>
        <h3 style="margin-top:16px">{t('newService')}</h3>
        <ServiceForm categories={categories.data ?? []} masters={masters.data} onDone={() => (services.reload(), masters.reload())} />
      </section>
      <Categories categories={categories} onChanged={() => (categories.reload(), services.reload())} />
    </div>
  );
}
