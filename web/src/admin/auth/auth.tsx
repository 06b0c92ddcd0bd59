/**
 * What the entry pages share (CONTRACT.md §3, §11): the public config (captcha site key,
 * bot username) and the frame around a form. The forms live beside it: login.tsx,
 * register.tsx, forgot-password.tsx, reset-password.tsx; the token goes to localStorage.
 */
import { LangSwitch } from '@shared/panel-ui';
import { client } from '../common/state';
import { useAuthT } from './messages';
import './auth.css';

interface PublicConfig {
  captcha_site_key: string | null;
  bot_username: string | null;
}

let configPromise: Promise<PublicConfig> | undefined;
/** GET /public-config once per page load (captcha site key, bot username). */
export function publicConfig(): Promise<PublicConfig> {
  configPromise ??= client.get('/public-config').catch(() => ({ captcha_site_key: null, bot_username: null }));
  return configPromise;
}

export function AuthFrame(props: { title: string; children: preact.ComponentChildren }) {
  return (
    <main class="auth">
      <div class="card">
        <div class="row auth-head">
          <h1>{props.title}</h1>
          <LangSwitch />
        </div>
        {props.children}
      </div>
    </main>
  );
}

export function BackToLogin(props: { onBack: () => void }) {
  const ta = useAuthT();
  return (
    <p>
      <a href="/admin/login" onClick={(event) => (event.preventDefault(), props.onBack())}>
        {ta('backToLogin')}
      </a>
    </p>
  );
}
