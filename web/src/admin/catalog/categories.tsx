/** Categories of services: add, rename (a visible save), delete. */
import { useState } from 'preact/hooks';
import { ListState, TextField, errorFor, generalError, useAction, type Loaded } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { useSetupT } from '../onboarding/setup-messages';
import { client, type Category } from '../common/state';

/** A category's name saves with a visible button (or Enter) and says when it is saved. */
function CategoryRow(props: { category: Category; onChanged: () => void }) {
  const t = useT(messages);
  const st = useSetupT();
  const [name, setName] = useState(props.category.name);
  const [saved, setSaved] = useState(false);
  const save = useAction(async () => {
    await client.put('/categories/{id}', { path: { id: props.category.id }, body: { name: name.trim() } });
    setSaved(true);
    props.onChanged();
  });
  const remove = useAction(async () => {
    await client.del('/categories/{id}', { path: { id: props.category.id } });
    props.onChanged();
  });
  const changed = name.trim() !== props.category.name;
  return (
    <li style="margin-bottom:8px">
      <form
        class="row"
        onSubmit={(event) => {
          event.preventDefault();
          if (changed) void save.run();
        }}
      >
        <label class="visually-hidden" for={`cat-${props.category.id}`}>
          {t('categoryName')}
        </label>
        <input
          id={`cat-${props.category.id}`}
          class="input small"
          value={name}
          onInput={(e) => (setSaved(false), setName((e.target as HTMLInputElement).value))}
        />
        <button class="btn btn-small" disabled={save.busy || !changed} aria-label={`${t('save')} ${props.category.name}`}>
          {t('save')}
        </button>
        <button
          type="button"
          class="btn btn-ghost btn-small danger"
          disabled={remove.busy}
          onClick={() => void remove.run()}
          aria-label={`${t('delete')} ${props.category.name}`}
        >
          {t('delete')}
        </button>
        {changed ? (
          <span class="muted" style="font-size:.85rem">
            {st('categoryUnsaved')}
          </span>
        ) : (
          saved && (
            <span class="muted" role="status" style="font-size:.85rem">
              ✓ {st('categorySaved')}
            </span>
          )
        )}
        {(save.error || remove.error) && <span class="field-error">{generalError(save.error ?? remove.error)}</span>}
      </form>
    </li>
  );
}

export function Categories(props: { categories: Loaded<Category[]>; onChanged: () => void }) {
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
              <CategoryRow key={c.id} category={c} onChanged={props.onChanged} />
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
