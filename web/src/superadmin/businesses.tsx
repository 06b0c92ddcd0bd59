/** Businesses with counts; seed a demo, reset an admin password (shown once), delete with the slug typed as confirmation. */
import { useState } from 'preact/hooks';
import { formatDate, useLang, useT } from '@shared/i18n';
import { ErrorBox, ListTable, Modal, TextField, displayPhone, generalError, useAction, useDebounced, useLoad } from '@shared/panel-ui';
import type { Answer } from '@shared/client';
import { client, type BusinessRow } from './state';
import { messages } from './messages';

function DeleteDialog(props: { business: BusinessRow; onClose: () => void; onDeleted: () => void }) {
  const t = useT(messages);
  const [typed, setTyped] = useState('');
  const remove = useAction(async () => {
    await client.del('/superadmin/businesses/{id}', { path: { id: props.business.id } });
    props.onDeleted();
  });
  return (
    <Modal title={t('deleteTitle', { name: props.business.name })} onClose={props.onClose} closeLabel={t('close')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (typed === props.business.slug) void remove.run();
        }}
      >
        <p>{t('deleteHelp', { slug: props.business.slug })}</p>
        <ErrorBox error={generalError(remove.error)} />
        <TextField label={t('confirmSlug')} name="confirm_slug" autocomplete="off" value={typed} onValue={setTyped} />
        <div class="row">
          <button class="btn btn-danger" disabled={typed !== props.business.slug || remove.busy}>
            {t('deleteForever')}
          </button>
          <button type="button" class="btn btn-ghost" onClick={props.onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A reset ends the admin's current password at once, so it asks first. */
function ResetDialog(props: { business: BusinessRow; busy: boolean; onYes: () => void; onClose: () => void }) {
  const t = useT(messages);
  return (
    <Modal title={t('resetPassword')} onClose={props.onClose} closeLabel={t('close')}>
      <p>{t('resetAsk', { email: props.business.admin_email ?? props.business.name })}</p>
      <div class="row">
        <button type="button" class="btn btn-danger" disabled={props.busy} onClick={props.onYes}>
          {t('resetYes')}
        </button>
        <button type="button" class="btn btn-ghost" onClick={props.onClose}>
          {t('cancel')}
        </button>
      </div>
    </Modal>
  );
}

/** A screenful; the search (by the server) reaches the rest. */
const BUSINESSES_SHOWN = 100;

export function BusinessesPage() {
  const t = useT(messages);
  const lang = useLang();
  const when = (stamp: string) =>
    `${formatDate(stamp.slice(0, 10), lang, { day: 'numeric', month: 'short', year: 'numeric' })}, ${stamp.slice(11, 16)}`;
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 250);
  const businesses = useLoad(
    (signal) => client.get('/superadmin/businesses', { query: { q: q || undefined, limit: BUSINESSES_SHOWN }, signal }),
    [q],
  );
  const [seeded, setSeeded] = useState<Answer<'/superadmin/seed', 'post'> | null>(null);
  const [password, setPassword] = useState<{ email: string; value: string } | null>(null);
  const [deleting, setDeleting] = useState<BusinessRow | null>(null);
  const [resetting, setResetting] = useState<BusinessRow | null>(null);
  const [notice, setNotice] = useState('');
  const seed = useAction(async () => {
    setSeeded(await client.post('/superadmin/seed'));
    businesses.reload();
  });
  const reset = useAction(async (b: BusinessRow) => {
    const answer = await client.post('/superadmin/businesses/{id}/reset-password', { path: { id: b.id } });
    setPassword({ email: b.admin_email ?? b.name, value: answer.new_password });
  });
  return (
    <div class="stack">
      <div class="row">
        <button type="button" class="btn" disabled={seed.busy} onClick={() => void seed.run()}>
          {t('seed')}
        </button>
        <input
          type="search"
          class="input small"
          style="min-width:240px"
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
            <tr key={b.id} data-business={b.slug}>
              <td>
                <strong>{b.name}</strong>
                <div>
                  <a href={`/${b.slug}`} target="_blank" rel="noopener">
                    /{b.slug}
                  </a>
                </div>
              </td>
              <td data-label={t('admin')}>
                {b.admin_email ?? '—'}
                <div class="muted">{b.phone ? displayPhone(b.phone) : '—'}</div>
                <div class="muted" style="font-size:.85rem">
                  {t('signedUp')}: <time dateTime={b.created_at}>{when(b.created_at)}</time>
                </div>
                <div class="muted" style="font-size:.85rem" data-testid="last-activity">
                  {t('lastActivity')}:{' '}
                  {b.last_activity_at ? <time dateTime={b.last_activity_at}>{when(b.last_activity_at)}</time> : t('noActivity')}
                </div>
              </td>
              <td>
                <strong>{b.bookings_total}</strong> {t('total')}
                <div class="chips" style="margin-top:4px">
                  {(Object.entries(b.bookings_by_status) as Array<[keyof typeof b.bookings_by_status, number]>)
                    .filter(([, n]) => n > 0)
                    .map(([status, n]) => (
                      <span key={status} class={`badge st-${status}`}>
                        {t(`status_${status}`)}: {n}
                      </span>
                    ))}
                </div>
              </td>
              <td data-label={t('telegram')}>{b.messenger_chat_id ? t('linked') : t('notLinked')}</td>
              <td>
                <div class="row" style="justify-content:flex-end">
                  <button
                    type="button"
                    class="btn btn-ghost btn-small"
                    disabled={reset.busy}
                    onClick={() => setResetting(b)}
                    aria-label={`${t('resetPassword')}: ${b.name}`}
                  >
                    {t('resetPassword')}
                  </button>
                  <button
                    type="button"
                    class="btn btn-ghost btn-small danger"
                    onClick={() => setDeleting(b)}
                    aria-label={`${t('delete')}: ${b.name}`}
                  >
                    {t('delete')}
                  </button>
                </div>
              </td>
            </tr>
          ))
        }
      </ListTable>
      {resetting && (
        <ResetDialog
          business={resetting}
          busy={reset.busy}
          onClose={() => setResetting(null)}
          onYes={() => void reset.run(resetting).then(() => setResetting(null))}
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
