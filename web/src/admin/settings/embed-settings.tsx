/**
 * Settings → the booking page on the salon's own site (CONTRACT.md §18): the
 * snippet to paste (the script, or a plain iframe for builders that take only
 * that) and the sites allowed to show the page, one https:// address a line.
 */
import { useState } from 'preact/hooks';
import { defineMessages, useT } from '@shared/i18n';
import { ErrorBox, Field, SaveRow, errorFor, generalError, useAction } from '@shared/panel-ui';
import { CopyButton } from '../common/copy-button';
import { client, useSession } from '../common/state';

const embedMessages = defineMessages({
  ru: {
    title: 'Запись на вашем сайте',
    help: 'Вставьте код на страницу сайта (Tilda, Taplink, WordPress): запись откроется прямо на сайте, высота подстроится сама.',
    script: 'Код для сайта',
    iframe: 'Если конструктор принимает только iframe',
    sites: 'Сайты, где можно показывать запись',
    sitesHint: 'По одному адресу в строке, начиная с https://, до 10 сайтов. Например https://salon.kz',
    save: 'Сохранить',
    saved: 'Сохранено',
  },
  kk: {
    title: 'Сайтыңыздағы жазылу',
    help: 'Кодты сайт бетіне қойыңыз (Tilda, Taplink, WordPress): жазылу сайттың өзінде ашылады, биіктігі өзі реттеледі.',
    script: 'Сайтқа арналған код',
    iframe: 'Егер конструктор тек iframe қабылдаса',
    sites: 'Жазылуды көрсетуге болатын сайттар',
    sitesHint: 'Әр жолға бір мекенжай, https:// басталады, 10 сайтқа дейін. Мысалы https://salon.kz',
    save: 'Сақтау',
    saved: 'Сақталды',
  },
  en: {
    title: 'Booking on your site',
    help: 'Paste the code into a page of your site (Tilda, Taplink, WordPress): booking opens right there and sizes itself.',
    script: 'Code for your site',
    iframe: 'If your site builder takes only an iframe',
    sites: 'Sites allowed to show the booking page',
    sitesHint: 'One address a line, starting with https://, up to 10 sites. For example https://salon.kz',
    save: 'Save',
    saved: 'Saved',
  },
});

function Snippet({ label, code, testId }: { label: string; code: string; testId: string }) {
  return (
    <div style="margin:8px 0">
      <div class="muted" style="font-size:.9rem">
        {label}
      </div>
      <div class="row" style="align-items:center;gap:8px">
        <code style="overflow-wrap:anywhere;flex:1;min-width:12em" data-testid={testId}>
          {code}
        </code>
        <CopyButton text={code} />
      </div>
    </div>
  );
}

export function EmbedSettings() {
  const t = useT(embedMessages);
  const session = useSession();
  const b = session.business;
  const [text, setText] = useState(b.embed_origins.join('\n'));
  const [saved, setSaved] = useState(false);
  const save = useAction(async () => {
    const embed_origins = text
      .split(/[\s,]+/)
      .map((line) => line.trim())
      .filter(Boolean);
    const next = await client.put('/business', { body: { embed_origins } });
    session.setBusiness(next);
    setText(next.embed_origins.join('\n'));
    setSaved(true);
  });
  const origin = location.origin;
  return (
    <form
      class="card"
      data-testid="embed-settings"
      onSubmit={(event) => {
        event.preventDefault();
        void save.run();
      }}
    >
      <h2>{t('title')}</h2>
      <p class="muted" style="margin-top:0">
        {t('help')}
      </p>
      <Snippet label={t('script')} code={`<script src="${origin}/embed.js" data-slug="${b.slug}"></script>`} testId="embed-script" />
      <Snippet
        label={t('iframe')}
        code={`<iframe src="${origin}/${b.slug}?embed=1" style="width:100%;height:900px;border:0" title="${b.name.replace(/"/g, '&quot;')}"></iframe>`}
        testId="embed-iframe"
      />
      <ErrorBox error={generalError(save.error, ['embed_origins'])} />
      <Field label={t('sites')} hint={t('sitesHint')} error={errorFor(save.error, 'embed_origins')}>
        {(id, describedBy) => (
          <textarea
            id={id}
            class="input"
            name="embed_origins"
            rows={3}
            value={text}
            aria-describedby={describedBy}
            onInput={(event) => (setSaved(false), setText((event.target as HTMLTextAreaElement).value))}
          />
        )}
      </Field>
      <SaveRow label={t('save')} savedText={t('saved')} busy={save.busy} saved={saved} />
    </form>
  );
}
