/** Categories of services: add, rename (a visible save), delete. */
import { useState } from 'preact/hooks';
import { ListState, TextField, errorFor, generalError, useAction, type Loaded } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { client, type Category } from '../common/state';
import { useCatalogT } from './messages';

/** A category's name saves with a visible button (or Enter) and says when it is saved. */
function CategoryRow(props: { category: Category; onChanged: () => void }) {
  const t = useT(messages);
  const s = useCatalogT();
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
    <li class="category-row">
      <form
        class="row"
        onSubmit={(event) => {
          event.preventDefault();
          if (changed) void save.run();
        }}
      >
        <label class="visually-hidden" for={`cat-${props.category.id}`}>
          {s('categoryName')}
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
          <span class="muted category-state">{s('categoryUnsaved')}</span>
        ) : (
          saved && (
            <span class="muted category-state" role="status">
              ✓ {s('categorySaved')}
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
  const s = useCatalogT();
  const [name, setName] = useState('');
  const add = useAction(async () => {
    await client.post('/categories', { body: { name: name.trim() } });
    setName('');
    props.onChanged();
  });
  return (
    <section class="card">
      <h2>{s('categories')}</h2>
      <ListState loaded={props.categories} loadingText={t('loading')} emptyText={s('noCategories')}>
        {(items) => (
          <ul class="category-list">
            {items.map((c) => (
              <CategoryRow key={c.id} category={c} onChanged={props.onChanged} />
            ))}
          </ul>
        )}
      </ListState>
      <form
        class="row category-add"
        onSubmit={(event) => {
          event.preventDefault();
          void add.run();
        }}
      >
        <div class="category-add-name">
          <TextField
            label={s('newCategory')}
            name="category_name"
            value={name}
            onValue={setName}
            error={errorFor(add.error, 'name') ?? generalError(add.error, ['name'])}
          />
        </div>
        <button class="btn category-add-button" disabled={add.busy}>
          {s('add')}
        </button>
      </form>
    </section>
  );
}
