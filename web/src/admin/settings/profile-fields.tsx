/** Settings card: the optional words and contacts shown on the booking page (description, Instagram, WhatsApp). */
import { useState } from 'preact/hooks';
import { defineMessages, useT } from '@shared/i18n';
import { ErrorBox, Field, SaveRow, TextField, errorFor, generalError, useAction } from '@shared/panel-ui';
import { client, useSession, type Business } from '../common/state';

const DESCRIPTION_MAX = 1000;

const profileMessages = defineMessages({
  ru: {
    title: 'Страница записи',
    help: 'Необязательно. Показываются клиентам на странице записи; описание — и в превью ссылки.',
    description: 'Описание салона',
    instagram: 'Instagram',
    instagramHint: 'Имя аккаунта или ссылка',
    whatsapp: 'WhatsApp',
    whatsappHint: 'Номер, например +7 701 234 56 78',
    save: 'Сохранить',
    saved: 'Сохранено',
  },
  kk: {
    title: 'Жазылу беті',
    help: 'Міндетті емес. Клиенттерге жазылу бетінде көрсетіледі; сипаттама сілтеме алдын ала көрінісінде де.',
    description: 'Салон сипаттамасы',
    instagram: 'Instagram',
    instagramHint: 'Аккаунт аты немесе сілтеме',
    whatsapp: 'WhatsApp',
    whatsappHint: 'Нөмір, мысалы +7 701 234 56 78',
    save: 'Сақтау',
    saved: 'Сақталды',
  },
  en: {
    title: 'Booking page',
    help: 'Optional. Shown to clients on the booking page; the description also in link previews.',
    description: 'About the salon',
    instagram: 'Instagram',
    instagramHint: 'Account name or link',
    whatsapp: 'WhatsApp',
    whatsappHint: 'Number, e.g. +7 701 234 56 78',
    save: 'Save',
    saved: 'Saved',
  },
});

const formOf = (b: Business) => ({ description: b.description ?? '', instagram: b.instagram ?? '', whatsapp: b.whatsapp ?? '' });

export function ProfileFields() {
  const t = useT(profileMessages);
  const session = useSession();
  const [form, setForm] = useState(() => formOf(session.business));
  const [saved, setSaved] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => {
    setSaved(false);
    setForm((f) => ({ ...f, [key]: value }));
  };
  // Empty fields are sent as null: the server clears them.
  const save = useAction(async () => {
    const orNull = (value: string) => (value.trim() ? value : null);
    const next = await client.put('/business', {
      body: { description: orNull(form.description), instagram: orNull(form.instagram), whatsapp: orNull(form.whatsapp) },
    });
    session.setBusiness(next);
    setForm(formOf(next));
    setSaved(true);
  });
  return (
    <form
      class="card"
      data-testid="profile-fields"
      onSubmit={(event) => {
        event.preventDefault();
        void save.run();
      }}
    >
      <h2>{t('title')}</h2>
      <p class="muted">{t('help')}</p>
      <ErrorBox error={generalError(save.error, ['description', 'instagram', 'whatsapp'])} />
      <Field label={t('description')} error={errorFor(save.error, 'description')} hint={`${form.description.length} / ${DESCRIPTION_MAX}`}>
        {(id, describedBy) => (
          <textarea
            id={id}
            name="description"
            class="input"
            rows={3}
            maxLength={DESCRIPTION_MAX}
            value={form.description}
            aria-describedby={describedBy}
            onInput={(event) => set('description')((event.target as HTMLTextAreaElement).value)}
          />
        )}
      </Field>
      <div class="grid2">
        <TextField
          label={t('instagram')}
          name="instagram"
          value={form.instagram}
          onValue={set('instagram')}
          error={errorFor(save.error, 'instagram')}
          hint={t('instagramHint')}
          placeholder="@salon"
        />
        <TextField
          label={t('whatsapp')}
          name="whatsapp"
          type="tel"
          value={form.whatsapp}
          onValue={set('whatsapp')}
          error={errorFor(save.error, 'whatsapp')}
          hint={t('whatsappHint')}
        />
      </div>
      <SaveRow label={t('save')} savedText={t('saved')} busy={save.busy} saved={saved} />
    </form>
  );
}
