/** Services and categories: create, edit, delete, with the API's messages next to the fields. */
import { useState } from 'preact/hooks';
import { ErrorBox, ListState, ListTable, TextField, errorFor, generalError, useAction, useLoad, type Loaded } from '@shared/panel-ui';
import { formatDuration, formatPrice, useLang } from '@shared/i18n';
import { useT, messages } from './messages';
import { client, type Category, type Service } from './state';

function CategoryRow(props: { category: Category; onChanged: () => void }) {
  const t = useT(messages);
  const [name, setName] = useState(props.category.name);
  const save = useAction(async () => {
    await client.put('/categories/{id}', { path: { id: props.category.id }, body: { name: name.trim() } });
    props.onChanged();
  });
  const remove = useAction(async () => {
    await client.del('/categories/{id}', { path: { id: props.category.id } });
    props.onChanged();
  });
  return (
    <li class="row" style="margin-bottom:6px">
      <label class="visually-hidden" for={`cat-${props.category.id}`}>
        {t('categoryName')}
      </label>
      <input
        id={`cat-${props.category.id}`}
        class="input small"
        value={name}
        onInput={(e) => setName((e.target as HTMLInputElement).value)}
      />
      {name !== props.category.name && (
        <button type="button" class="btn btn-small" disabled={save.busy} onClick={() => void save.run()}>
          {t('save')}
        </button>
      )}
      <button
        type="button"
        class="btn btn-ghost btn-small danger"
        disabled={remove.busy}
        onClick={() => void remove.run()}
        aria-label={`${t('delete')} ${props.category.name}`}
      >
        {t('delete')}
      </button>
      {(save.error || remove.error) && <span class="field-error">{generalError(save.error ?? remove.error)}</span>}
    </li>
  );
}

function Categories(props: { categories: Loaded<Category[]>; onChanged: () => void }) {
  const t = useT(messages);
  const [name, setName] = useState('');
  const add = useAction(async () => {
    await client.post('/categories', { body: { name: name.trim() } });
    setName('');
    props.onChanged();
  });
  return (
    <section class="card">
      <h2>{t('categories')}</h2>
      <ListState loaded={props.categories} loadingText={t('loading')} emptyText={t('noCategories')}>
        {(items) => (
          <ul style="list-style:none;padding:0;margin:0 0 12px">
            {items.map((c) => (
              <CategoryRow key={`${c.id}:${c.name}`} category={c} onChanged={props.onChanged} />
            ))}
          </ul>
        )}
      </ListState>
      <form
        class="row"
        style="align-items:start;margin-top:12px"
        onSubmit={(event) => {
          event.preventDefault();
          void add.run();
        }}
      >
        <div style="flex:1;min-width:200px">
          <TextField
            label={t('newCategory')}
            name="category_name"
            value={name}
            onValue={setName}
            error={errorFor(add.error, 'name') ?? generalError(add.error, ['name'])}
          />
        </div>
        <button class="btn" style="margin-top:24px" disabled={add.busy}>
          {t('add')}
        </button>
      </form>
    </section>
  );
}

const emptyService = { name: '', duration: '30', price: '0', category_id: '' };

function ServiceForm(props: { service?: Service; categories: Category[]; onDone: () => void }) {
  const t = useT(messages);
  const s = props.service;
  const [form, setForm] = useState(
    s
      ? { name: s.name, duration: String(s.duration), price: String(s.price), category_id: s.category ? String(s.category.id) : '' }
      : emptyService,
  );
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const save = useAction(async () => {
    const body = {
      name: form.name.trim(),
      duration: Number(form.duration),
      price: Number(form.price),
      category_id: form.category_id ? Number(form.category_id) : null,
    };
    if (s) await client.put('/services/{id}', { path: { id: s.id }, body });
    else await client.post('/services', { body });
    if (!s) setForm(emptyService);
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
      <ErrorBox error={generalError(save.error, ['name', 'duration', 'price', 'category_id'])} />
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
          value={form.price}
          onValue={set('price')}
          error={err('price')}
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
                    <ServiceForm service={s} categories={categories.data ?? []} onDone={() => (setEditing(null), services.reload())} />
                  </td>
                </tr>
              ) : (
                <tr key={s.id}>
                  <td>{s.name}</td>
                  <td data-label={t('duration')}>{formatDuration(s.duration, lang)}</td>
                  <td data-label={t('price')}>{formatPrice(s.price)}</td>
                  <td data-label={t('category')}>{s.category?.name ?? '—'}</td>
                  <td class="row" style="justify-content:flex-end">
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
                  </td>
                </tr>
              ),
            )
          }
        </ListTable>
        <h3 style="margin-top:16px">{t('newService')}</h3>
        <ServiceForm categories={categories.data ?? []} onDone={services.reload} />
      </section>
      <Categories categories={categories} onChanged={() => (categories.reload(), services.reload())} />
    </div>
  );
}
