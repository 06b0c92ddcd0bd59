/**
 * Settings → the booking page on the salon's own site (CONTRACT.md §18): the
 * snippet to paste (the script, or a plain iframe for builders that take only
 * that) and the sites allowed to show the page, one https:// address a line.
 */
import { useState } from 'preact/hooks';
import { ErrorBox, Field, SaveRow, errorFor, generalError, useAction } from '@shared/panel-ui';
import { CopyButton } from '../common/copy-button';
import { useT, messages } from '../common/messages';
import { client, useSession } from '../common/state';
import { useSettingsT } from './messages';

function Snippet({ label, code, testId }: { label: string; code: string; testId: string }) {
  return (
    <div class="snippet">
      <div class="muted small-print">{label}</div>
      <div class="row snippet-line">
        <code class="snippet-code" data-testid={testId}>
          {code}
        </code>
        <CopyButton text={code} />
      </div>
    </div>
  );
}

export function EmbedSettings() {
  const t = useT(messages);
  const s = useSettingsT();
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
      <h2>{s('embedTitle')}</h2>
      <p class="muted flush-top">{s('embedHelp')}</p>
      <Snippet label={s('script')} code={`<script src="${origin}/embed.js" data-slug="${b.slug}"></script>`} testId="embed-script" />
      <Snippet
        label={s('iframe')}
        code={`<iframe src="${origin}/${b.slug}?embed=1" style="width:100%;height:900px;border:0" title="${b.name.replace(/"/g, '&quot;')}"></iframe>`}
        testId="embed-iframe"
      />
      <ErrorBox error={generalError(save.error, ['embed_origins'])} />
      <Field label={s('sites')} hint={s('sitesHint')} error={errorFor(save.error, 'embed_origins')}>
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
