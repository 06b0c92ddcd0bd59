/** The new API key, once: a read-only field to select, a copy button and the warning that it will not be shown again. */
import { useRef, useState } from 'preact/hooks';
import { useIntegrationsT } from './messages';

export type Created = { name: string; key: string };

export function NewKey(props: { created: Created; onDone: () => void }) {
  const t = useIntegrationsT();
  const created = props.created;
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);
  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopy('copied');
    } catch {
      input.current?.select();
      setCopy('failed');
    }
  };
  return (
    <div class="card stack" role="alert" data-testid="new-api-key">
      <h2 class="integrations-flat">{t('createdTitle', { name: created.name })}</h2>
      <p class="notice integrations-flat">{t('createdWarning')}</p>
      <label for="new-api-key-value">{t('keyLabel')}</label>
      <div class="row">
        <input
          ref={input}
          id="new-api-key-value"
          class="input api-key-value"
          readOnly
          value={created.key}
          onFocus={(event) => (event.target as HTMLInputElement).select()}
        />
        <button type="button" class="btn btn-small" onClick={() => void copyKey()}>
          {copy === 'copied' ? t('copied') : t('copy')}
        </button>
      </div>
      {copy === 'failed' && <p class="field-error">{t('copyFailed')}</p>}
      <div>
        <button type="button" class="btn btn-ghost btn-small" onClick={props.onDone}>
          {t('done')}
        </button>
      </div>
    </div>
  );
}
