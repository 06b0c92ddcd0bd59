/** Settings card: the optional words and contacts shown on the booking page (description, Instagram, WhatsApp). */
import { useState } from 'preact/hooks';
import { ErrorBox, Field, SaveRow, TextField, errorFor, generalError, useAction } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { client, useSession, type Business } from '../common/state';
import { useSettingsT } from './messages';

const DESCRIPTION_MAX = 1000;

const formOf = (b: Business) => ({ description: b.description ?? '', instagram: b.instagram ?? '', whatsapp: b.whatsapp ?? '' });

export function ProfileFields() {
  const t = useT(messages);
  const s = useSettingsT();
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
      <h2>{s('profileTitle')}</h2>
      <p class="muted">{s('profileHelp')}</p>
      <ErrorBox error={generalError(save.error, ['description', 'instagram', 'whatsapp'])} />
      <Field label={s('description')} error={errorFor(save.error, 'description')} hint={`${form.description.length} / ${DESCRIPTION_MAX}`}>
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
          label={s('instagram')}
          name="instagram"
          value={form.instagram}
          onValue={set('instagram')}
          error={errorFor(save.error, 'instagram')}
          hint={s('instagramHint')}
          placeholder="@salon"
        />
        <TextField
          label={s('whatsapp')}
          name="whatsapp"
          type="tel"
          value={form.whatsapp}
          onValue={set('whatsapp')}
          error={errorFor(save.error, 'whatsapp')}
          hint={s('whatsappHint')}
        />
      </div>
      <SaveRow label={t('save')} savedText={t('saved')} busy={save.busy} saved={saved} />
    </form>
  );
}
