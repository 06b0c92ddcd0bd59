/** The operator's login form: a wrong password and a /superadmin without credentials each say so. */
import { useState } from 'preact/hooks';
import { hasCode } from '@shared/api';
import { useT } from '@shared/i18n';
import { LangSwitch } from '@shared/lang-switch';
import { generalError } from '@shared/panel-errors';
import { TextField } from '@shared/panel-fields';
import { useAction } from '@shared/panel-hooks';
import { ErrorBox } from '@shared/panel-states';
import { messages } from './messages';
import { client } from './state';

export function Login(props: { onToken: (token: string) => void }) {
  const t = useT(messages);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const action = useAction(async () => {
    props.onToken((await client.post('/superadmin/login', { body: { username, password } })).access_token);
  });
  return (
    <main class="auth">
      <form
        class="card"
        onSubmit={(event) => {
          event.preventDefault();
          void action.run();
        }}
      >
        <div class="row login-head">
          <h1>{t('loginTitle')}</h1>
          <LangSwitch />
        </div>
        <ErrorBox
          error={
            hasCode(action.error, 'invalid_credentials')
              ? t('badLogin')
              : hasCode(action.error, 'not_configured')
                ? t('disabled')
                : generalError(action.error)
          }
        />
        <TextField label={t('username')} name="username" autocomplete="username" required value={username} onValue={setUsername} />
        <TextField
          label={t('password')}
          name="password"
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onValue={setPassword}
        />
        <button class="btn btn-block" disabled={action.busy}>
          {t('login')}
        </button>
      </form>
    </main>
  );
}
