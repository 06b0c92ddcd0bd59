/** An API key in the list: its name, when it was made and last used, and its revocation (asked first). */
import { useState } from 'preact/hooks';
import { ErrorBox, generalError, useAction } from '@shared/panel-ui';
import { formatDate, useLang } from '@shared/i18n';
import type { Answer } from '@shared/client';
import { dateOf, timeOf } from '../common/dates';
import { client } from '../common/state';
import { useIntegrationsT } from './messages';

export type KeyRow = Answer<'/api-keys'>[number];

function when(value: string, lang: ReturnType<typeof useLang>): string {
  return `${formatDate(dateOf(value), lang, { day: 'numeric', month: 'short', year: 'numeric' })}, ${timeOf(value)}`;
}

export function KeyItem(props: { row: KeyRow; onRevoked: (row: KeyRow) => void }) {
  const t = useIntegrationsT();
  const row = props.row;
  const lang = useLang();
  const [asking, setAsking] = useState(false);
  const revoke = useAction(async () => {
    await client.del('/api-keys/{id}', { path: { id: row.id } });
    props.onRevoked(row);
  });
  return (
    <tr data-testid="api-key-row">
      <td>
        <strong>{row.name}</strong>
      </td>
      <td data-label={t('created')}>{when(row.created_at, lang)}</td>
      <td data-label={t('lastUsed')}>{row.last_used_at ? when(row.last_used_at, lang) : t('neverUsed')}</td>
      <td>
        {asking ? (
          <div class="notice" role="alert" data-testid="revoke-confirm">
            <p class="revoke-ask">{t('revokeAsk', { name: row.name })}</p>
            <div class="row">
              <button type="button" class="btn btn-small btn-danger" disabled={revoke.busy} onClick={() => void revoke.run()}>
                {t('revokeYes')}
              </button>
              <button type="button" class="btn btn-ghost btn-small" onClick={() => setAsking(false)}>
                {t('cancel')}
              </button>
            </div>
            {revoke.error && <ErrorBox error={generalError(revoke.error)} />}
          </div>
        ) : (
          <button type="button" class="btn btn-ghost btn-small" onClick={() => setAsking(true)}>
            {t('revoke')}
          </button>
        )}
      </td>
    </tr>
  );
}
