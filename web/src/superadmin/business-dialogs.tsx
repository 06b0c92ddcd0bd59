/** The two questions before a business is changed for good: delete (the slug typed as confirmation) and reset its admin's password. */
import { useState } from 'preact/hooks';
import { useT } from '@shared/i18n';
import { Modal } from '@shared/modal';
import { generalError } from '@shared/panel-errors';
import { TextField } from '@shared/panel-fields';
import { useAction } from '@shared/panel-hooks';
import { ErrorBox } from '@shared/panel-states';
import { messages } from './messages';
import { client, type BusinessListRow } from './state';

export function DeleteDialog(props: { business: BusinessListRow; onClose: () => void; onDeleted: () => void }) {
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

/** A reset ends the admin's current password at once, so it asks first; a lockdown (CONTRACT.md §11) beside it, for a takeover. */
export function ResetDialog(props: { business: BusinessListRow; busy: boolean; onYes: (lockdown: boolean) => void; onClose: () => void }) {
  const t = useT(messages);
  return (
    <Modal title={t('resetPassword')} onClose={props.onClose} closeLabel={t('close')}>
      <p>{t('resetAsk', { email: props.business.admin_email ?? props.business.name })}</p>
      <p class="muted">{t('lockdownWhen')}</p>
      <div class="row">
        <button type="button" class="btn btn-danger" disabled={props.busy} onClick={() => props.onYes(false)}>
          {t('resetYes')}
        </button>
        <button type="button" class="btn btn-danger" disabled={props.busy} onClick={() => props.onYes(true)} data-testid="lockdown">
          {t('lockdownYes')}
        </button>
        <button type="button" class="btn btn-ghost" onClick={props.onClose}>
          {t('cancel')}
        </button>
      </div>
    </Modal>
  );
}
