/** The form behind the bot's reset link (CONTRACT.md §11): a new password twice, then the owner is logged in. */
import { useState } from 'preact/hooks';
import { hasCode } from '@shared/api';
import { ErrorBox, errorFor, generalError, useAction } from '@shared/panel-ui';
import { client, setToken, type Business } from '../common/state';
import { AuthFrame, BackToLogin } from './auth';
import { useAuthT } from './messages';
import { NewPasswordFields } from './password';

/** The token of a `/admin#reset={token}` link from the bot, if the page was opened with one. */
export function resetTokenFromHash(hash: string): string | null {
  const match = /^#reset=([^&]+)$/.exec(hash);
  return match ? decodeURIComponent(match[1]!) : null;
}

export function ResetPassword(props: { token: string; onSession: (business: Business) => void; onBack: () => void }) {
  const ta = useAuthT();
  const [form, setForm] = useState({ next: '', repeat: '' });
  const [mismatch, setMismatch] = useState(false);
  const action = useAction(async () => {
    const answer = await client.post('/auth/password-reset/confirm', { body: { token: props.token, new_password: form.next } });
    setToken(answer.access_token);
    props.onSession(answer.business);
  });
  const passwordError = errorFor(action.error, 'new_password');
  // used, expired or never issued, or not even shaped like a token
  const invalid = hasCode(action.error, 'reset_link_invalid') || errorFor(action.error, 'token') !== undefined;
  const set = (key: 'next' | 'repeat') => (value: string) => (setMismatch(false), setForm((f) => ({ ...f, [key]: value })));
  return (
    <AuthFrame title={ta('resetTitle')}>
      {invalid ? (
        <p class="error" role="alert" data-testid="reset-invalid">
          {ta('resetInvalid')}
        </p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (form.next !== form.repeat) return setMismatch(true);
            void action.run();
          }}
        >
          <ErrorBox error={generalError(action.error, ['new_password'])} />
          <NewPasswordFields
            next={form.next}
            repeat={form.repeat}
            onNext={set('next')}
            onRepeat={set('repeat')}
            error={passwordError}
            mismatch={mismatch}
          />
          <button class="btn btn-block" disabled={action.busy}>
            {ta('savePassword')}
          </button>
        </form>
      )}
      <BackToLogin onBack={props.onBack} />
    </AuthFrame>
  );
}
