/** Log in (CONTRACT.md §3) with the way to a forgotten password and to registration. */
import { useState } from 'preact/hooks';
import { ErrorBox, TextField, errorFor, useAction } from '@shared/panel-ui';
import { client, navigate, setToken, type Business } from '../common/state';
import { AuthFrame } from './auth';
import { ForgotPassword } from './forgot-password';
import { useAuthT } from './messages';

export function Login(props: { onSession: (business: Business) => void }) {
  const ta = useAuthT();
  const [forgot, setForgot] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const action = useAction(async () => {
    const answer = await client.post('/auth/login', { body: { email: email.trim(), password } });
    setToken(answer.access_token);
    props.onSession(answer.business);
  });
  if (forgot) return <ForgotPassword email={email} onBack={() => setForgot(false)} />;
  return (
    <AuthFrame title={ta('loginTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void action.run();
        }}
      >
        <ErrorBox
          error={
            action.error ? (errorFor(action.error, 'email') || errorFor(action.error, 'password') ? undefined : ta('badLogin')) : undefined
          }
        />
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
        <TextField
          label={ta('password')}
          name="password"
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onValue={setPassword}
          error={errorFor(action.error, 'password')}
        />
        <button class="btn btn-block" disabled={action.busy}>
          {ta('login')}
        </button>
      </form>
      <p>
        <a href="/admin/login" onClick={(event) => (event.preventDefault(), setForgot(true))}>
          {ta('forgotPassword')}
        </a>
      </p>
      <p>
        {ta('noAccount')}{' '}
        <a href="/admin/register" onClick={(event) => (event.preventDefault(), navigate('/admin/register'))}>
          {ta('register')}
        </a>
      </p>
    </AuthFrame>
  );
}
