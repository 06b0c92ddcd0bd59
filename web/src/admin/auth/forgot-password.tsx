/** Asks for the email (CONTRACT.md §11); the answer is the same whether or not a link was sent, so it reveals no accounts. */
import { useState } from 'preact/hooks';
import { ErrorBox, TextField, errorFor, generalError, useAction } from '@shared/panel-ui';
import { client } from '../common/state';
import { AuthFrame, BackToLogin } from './auth';
import { useAuthT } from './messages';

export function ForgotPassword(props: { email: string; onBack: () => void }) {
  const ta = useAuthT();
  const [email, setEmail] = useState(props.email);
  const [sent, setSent] = useState(false);
  const action = useAction(async () => {
    await client.post('/auth/password-reset', { body: { email: email.trim() } });
    setSent(true);
  });
  return (
    <AuthFrame title={ta('forgotTitle')}>
      {sent ? (
        <p class="notice success" role="status" data-testid="reset-requested">
          {ta('resetRequested')}
        </p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void action.run();
          }}
        >
          <p class="muted auth-help">{ta('forgotHelp')}</p>
          <ErrorBox error={generalError(action.error, ['email'])} />
          <TextField
            label={ta('email')}
            name="email"
            type="email"
            autocomplete="username"
            required
            value={email}
            onValue={setEmail}
            error={errorFor(action.error, 'email')}
          />
          <button class="btn btn-block" disabled={action.busy}>
            {ta('sendResetLink')}
          </button>
        </form>
      )}
      <BackToLogin onBack={props.onBack} />
    </AuthFrame>
  );
}
