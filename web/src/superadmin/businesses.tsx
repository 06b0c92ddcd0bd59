/** Businesses with counts; seed a demo, reset an admin password (shown once), delete with the slug typed as confirmation. */
import { useState } from 'preact/hooks';
import { useT } from '@shared/i18n';
import type { Answer } from '@shared/client';
import { generalError } from '@shared/panel-errors';
import { useAction, useDebounced, useLoad } from '@shared/panel-hooks';
import { ErrorBox, ListTable } from '@shared/panel-states';
import { DeleteDialog, ResetDialog } from './business-dialogs';
import { BusinessListRow } from './business-row';
import { messages } from './messages';
import { client, type BusinessListRow as Business } from './state';

/** A screenful; the search (by the server) reaches the rest. */
const BUSINESSES_SHOWN = 100;

export function BusinessesPage() {
  const t = useT(messages);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 250);
  const businesses = useLoad(
    (signal) => client.get('/superadmin/businesses', { query: { q: q || undefined, limit: BUSINESSES_SHOWN }, signal }),
    [q],
  );
  const [seeded, setSeeded] = useState<Answer<'/superadmin/seed', 'post'> | null>(null);
  const [password, setPassword] = useState<{ email: string; value: string; lockdown: boolean } | null>(null);
  const [deleting, setDeleting] = useState<Business | null>(null);
  const [resetting, setResetting] = useState<Business | null>(null);
  const [notice, setNotice] = useState('');
  const seed = useAction(async () => {
    setSeeded(await client.post('/superadmin/seed'));
    businesses.reload();
  });
  const reset = useAction(async (b: Business, lockdown: boolean) => {
    const answer = await client.post('/superadmin/businesses/{id}/reset-password', { path: { id: b.id }, body: { lockdown } });
    setPassword({ email: b.admin_email ?? b.name, value: answer.new_password, lockdown: answer.lockdown });
  });
  return (
    <div class="stack">
      <div class="row">
        <button type="button" class="btn" disabled={seed.busy} onClick={() => void seed.run()}>
          {t('seed')}
        </button>
        <input
          type="search"
          class="input small business-search"
          aria-label={t('searchBusinesses')}
          placeholder={t('searchBusinesses')}
          value={search}
          onInput={(e) => setSearch((e.target as HTMLInputElement).value)}
        />
      </div>
      <ErrorBox error={generalError(seed.error ?? reset.error)} />
      {notice && (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
      {seeded && (
        <div class="notice success" role="status" data-testid="seeded">
          {t('seeded', { name: seeded.business.name })} <code>{seeded.login.email}</code> / <code>{seeded.login.password}</code>
        </div>
      )}
      {password && (
        <div class="notice success" role="status" data-testid="new-password">
          {t('newPassword', { email: password.email })} <code>{password.value}</code>{' '}
          {password.lockdown && <span data-testid="locked-down">{t('lockedDown')} </span>}
          <button type="button" class="btn btn-ghost btn-small" onClick={() => setPassword(null)}>
            {t('close')}
          </button>
        </div>
      )}
      <ListTable
        cap={{ limit: BUSINESSES_SHOWN, text: t('businessesCapped') }}
        loaded={businesses}
        loadingText={t('loading')}
        emptyText={t('noBusinesses')}
        head={
          <>
            <th>{t('name')}</th>
            <th>{t('admin')}</th>
            <th>{t('counts')}</th>
            <th>{t('telegram')}</th>
            <th />
          </>
        }
      >
        {(items) =>
          items.map((b) => (
            <BusinessListRow
              key={b.id}
              business={b}
              resetBusy={reset.busy}
              onReset={() => setResetting(b)}
              onDelete={() => setDeleting(b)}
            />
          ))
        }
      </ListTable>
      {resetting && (
        <ResetDialog
          business={resetting}
          busy={reset.busy}
          onClose={() => setResetting(null)}
          onYes={(lockdown) => void reset.run(resetting, lockdown).then(() => setResetting(null))}
        />
      )}
      {deleting && (
        <DeleteDialog
          business={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setNotice(t('deleted', { name: deleting.name }));
            setDeleting(null);
            businesses.reload();
          }}
        />
      )}
    </div>
  );
}
