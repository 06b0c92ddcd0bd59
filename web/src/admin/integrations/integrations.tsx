/**
 * Интеграции (CONTRACT.md §14): the business's API keys for a CRM, an accounting system or a
 * script. A new key is shown once, with a copy button and a warning; the list never holds a key;
 * revoking asks first, and the key stops working at once.
 */
import { useState } from 'preact/hooks';
import { Empty, ErrorBox, Loading, TextField, errorFor, generalError, useAction, useLoad } from '@shared/panel-ui';
import { client } from '../common/state';
import { KeyItem } from './key-item';
import { useIntegrationsT } from './messages';
import { NewKey, type Created } from './new-key';
import './integrations.css';

export function IntegrationsPage() {
  const t = useIntegrationsT();
  const keys = useLoad((signal) => client.get('/api-keys', { signal }), []);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<Created | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);
  const create = useAction(async () => {
    const answer = await client.post('/api-keys', { body: { name: name.trim() } });
    setCreated({ name: answer.name, key: answer.key });
    setRevoked(null);
    setName('');
    keys.reload();
  });

  let list;
  if (keys.error && !keys.data) list = <ErrorBox error={generalError(keys.error)} />;
  else if (!keys.data) list = <Loading text={t('loading')} />;
  else if (keys.data.length === 0) list = <Empty text={t('noKeys')} />;
  else
    list = (
      <div class="table-wrap">
        <table class="table cards">
          <thead>
            <tr>
              <th>{t('keyName')}</th>
              <th>{t('created')}</th>
              <th>{t('lastUsed')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {keys.data.map((row) => (
              <KeyItem
                key={row.id}
                row={row}
                onRevoked={(gone) => {
                  setRevoked(gone.name);
                  keys.reload();
                }}
              />
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <div class="stack">
      <div class="topbar">
        <h1>{t('title')}</h1>
      </div>
      <p class="muted">
        {t('intro')}{' '}
        <a href="/api/docs" target="_blank" rel="noopener">
          {t('docs')}
        </a>
      </p>
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      <form
        class="card stack"
        onSubmit={(event) => {
          event.preventDefault();
          void create.run();
        }}
      >
        <h2 class="integrations-flat">{t('newKey')}</h2>
        <TextField
          label={t('keyName')}
          hint={t('keyNameHint')}
          value={name}
          onValue={setName}
          required
          error={errorFor(create.error, 'name')}
        />
        {generalError(create.error, ['name']) && <ErrorBox error={generalError(create.error, ['name'])} />}
        <div>
          <button class="btn" disabled={create.busy || !name.trim()}>
            {t('create')}
          </button>
        </div>
      </form>
      <h2>{t('keys')}</h2>
      {revoked && (
        <p class="notice success" role="status">
          {t('revoked', { name: revoked })}
        </p>
      )}
      {list}
    </div>
  );
}
