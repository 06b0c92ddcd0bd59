/** Settings: the business's card, saved with one button; the slug is checked while typed. */
import { useState } from 'preact/hooks';
import { hasCode } from '@shared/api';
import { ErrorBox, SaveRow, TextField, errorFor, generalError, useAction, useDebounced, useLoad } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { client, useSession } from '../common/state';
import { AddressInput } from './address';
import { useSettingsT } from './messages';

function SlugCheck(props: { slug: string; current: string }) {
  const s = useSettingsT();
  const slug = useDebounced(props.slug.trim(), 300);
  const check = useLoad(
    (signal) =>
      slug && slug !== props.current ? client.get('/business/slug-available', { query: { slug }, signal }) : Promise.resolve(null),
    [slug, props.current],
  );
  if (!slug || slug === props.current || !check.data || slug !== props.slug.trim()) return null;
  const { available, reason } = check.data;
  return (
    <span class={available ? 'muted' : 'field-error'} role="status" data-testid="slug-check">
      {available ? `✓ ${s('slugFree')}` : reason === 'taken' ? s('slugTaken') : reason === 'reserved' ? s('slugReserved') : s('slugFormat')}
    </span>
  );
}

/** The business's own card: name, phone, address, the link's slug (checked as typed) and strict slots. */
export function BusinessForm() {
  const t = useT(messages);
  const s = useSettingsT();
  const session = useSession();
  const b = session.business;
  const [form, setForm] = useState({ name: b.name, phone: b.phone, address: b.address, slug: b.slug, strict_slots: b.strict_slots });
  const [saved, setSaved] = useState(false);
  const set = (key: 'name' | 'phone' | 'address' | 'slug') => (value: string) => {
    setSaved(false);
    setForm((f) => ({ ...f, [key]: value }));
  };
  const save = useAction(async () => {
    const next = await client.put('/business', { body: { ...form, slug: form.slug.trim() } });
    session.setBusiness(next);
    setForm({ name: next.name, phone: next.phone, address: next.address, slug: next.slug, strict_slots: next.strict_slots });
    setSaved(true);
  });
  const err = (field: string) =>
    errorFor(save.error, field) ?? (field === 'slug' && hasCode(save.error, 'slug_taken') ? s('slugTaken') : undefined);
  return (
    <form
      data-testid="business-form"
      class="card"
      onSubmit={(event) => {
        event.preventDefault();
        void save.run();
      }}
    >
      <h2>{s('business')}</h2>
      <ErrorBox error={generalError(save.error, ['name', 'phone', 'address', 'slug'])} />
      <div class="grid2">
        <TextField label={t('businessName')} name="name" required value={form.name} onValue={set('name')} error={err('name')} />
        <TextField label={t('phone')} name="phone" type="tel" value={form.phone} onValue={set('phone')} error={err('phone')} />
      </div>
      <AddressInput value={form.address} onValue={set('address')} error={err('address')} />
      <TextField
        label={s('slug')}
        name="slug"
        value={form.slug}
        onValue={(v) => set('slug')(v.toLowerCase())}
        error={err('slug')}
        hint={`${location.origin}/${form.slug}`}
      />
      <div class="slug-check">
        <SlugCheck slug={form.slug} current={b.slug} />
      </div>
      <label class="check strict-slots">
        <input
          type="checkbox"
          name="strict_slots"
          checked={form.strict_slots}
          onChange={(e) => (setSaved(false), setForm((f) => ({ ...f, strict_slots: (e.target as HTMLInputElement).checked })))}
        />
        {s('strictSlots')}
      </label>
      <p class="muted field-help">{s('strictSlotsHelp')}</p>
      <SaveRow label={t('save')} savedText={t('saved')} busy={save.busy} saved={saved} />
    </form>
  );
}
