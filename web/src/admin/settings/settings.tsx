/** Business settings: name, phone, address, slug with a live check, strict slots, public link, Telegram, password. */
import { useEffect, useState } from 'preact/hooks';
import { hasCode } from '@shared/api';
import { ErrorBox, SaveRow, TextField, errorFor, generalError, useAction, useDebounced, useLoad } from '@shared/panel-ui';
import { AddressInput } from './address';
import { BookingWindowSettings } from './booking-window';
import { CopyButton } from '../common/copy-button';
import { useT, messages } from '../common/messages';
import { ChangePassword } from '../auth/password';
import { ProfileFields } from './profile-fields';
import { client, useSession } from '../common/state';
import { MastersDecide } from '../masters/masters-decide';
import { TelegramLink } from '../common/telegram-link';
import { EmbedSettings } from './embed-settings';

function SlugCheck(props: { slug: string; current: string }) {
  const t = useT(messages);
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

/** «Подключить Telegram» opens /admin/settings#telegram: that part in view, not the top of Settings. */
function useHashTarget() {
  useEffect(() => {
    const id = location.hash.slice(1);
    if (!id) return;
    // after the cards above have their height (the profile and the Telegram link load on their own)
    const timer = setTimeout(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }), 300);
    return () => clearTimeout(timer);
  }, []);
}

function CopyLink({ url }: { url: string }) {
  return (
    <div class="row">
      <a href={url} target="_blank" rel="noopener" class="tap" data-testid="public-link">
        {url}
      </a>
      <CopyButton text={url} />
    </div>
  );
}

export function SettingsPage() {
  const t = useT(messages);
  const session = useSession();
  const b = session.business;
  const [form, setForm] = useState({ name: b.name, phone: b.phone, address: b.address, slug: b.slug, strict_slots: b.strict_slots });
  const [saved, setSaved] = useState(false);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once on open: the business as the server has it now
  useEffect(() => void client.get('/business').then(session.setBusiness, () => undefined), []);
  useHashTarget();
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
    <div class="stack">
      <div class="topbar">
        <h1>{t('navSettings')}</h1>
      </div>
      <form
        data-testid="business-form"
        class="card"
        onSubmit={(event) => {
          event.preventDefault();
          void save.run();
        }}
      >
        <h2>{t('business')}</h2>
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
        <div style="margin:-6px 0 12px">
          <SlugCheck slug={form.slug} current={b.slug} />
        </div>
        <label class="check" style="margin-bottom:12px">
          <input
            type="checkbox"
            name="strict_slots"
            checked={form.strict_slots}
            onChange={(e) => (setSaved(false), setForm((f) => ({ ...f, strict_slots: (e.target as HTMLInputElement).checked })))}
          />
          {s('strictSlots')}
        </label>
        <p class="muted" style="margin-top:-6px;font-size:.9rem">
          {s('strictSlotsHelp')}
        </p>
        <SaveRow label={t('save')} savedText={t('saved')} busy={save.busy} saved={saved} />
      </form>
      <ProfileFields />
      <BookingWindowSettings />
      <EmbedSettings />
      <section class="card">
        <h2>{s('publicLink')}</h2>
        <CopyLink url={`${location.origin}/${b.slug}`} />
      </section>
      <div id="telegram" class="anchor">
        <TelegramLink />
      </div>
      <MastersDecide />
      <ChangePassword />
    </div>
  );
}
