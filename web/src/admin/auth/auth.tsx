/** Log in, register (CONTRACT.md §3) and recover a password through Telegram (§11); the token goes to localStorage. */
import { useEffect, useState } from 'preact/hooks';
import { hasCode } from '@shared/api';
import { Captcha } from '@shared/captcha';
import { useLang } from '@shared/i18n';
import { ErrorBox, LangSwitch, TextField, errorFor, generalError, useAction } from '@shared/panel-ui';
import { AddressInput } from '../settings/address';
import { useT, messages } from '../common/messages';
import { NewPasswordFields } from './password';
import { client, navigate, setToken, type Business } from '../common/state';

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

function AuthFrame(props: { title: string; children: preact.ComponentChildren }) {
  return (
    <main class="auth">
      <div class="card">
        <div class="row" style="margin-bottom:12px">
          <h1 style="margin:0 auto 0 0">{props.title}</h1>
          <LangSwitch />
        </div>
        {props.children}
      </div>
    </main>
  );
}

/** The token of a `/admin#reset={token}` link from the bot, if the page was opened with one. */
export function resetTokenFromHash(hash: string): string | null {
  const match = /^#reset=([^&]+)$/.exec(hash);
  return match ? decodeURIComponent(match[1]!) : null;
}

function BackToLogin(props: { onBack: () => void }) {
  const t = useT(messages);
  return (
    <p>
      <a href="/admin/login" onClick={(event) => (event.preventDefault(), props.onBack())}>
        {t('backToLogin')}
      </a>
    </p>
  );
}

/** Asks for the email; the answer is the same whether or not a link was sent, so it reveals no accounts. */
function ForgotPassword(props: { email: string; onBack: () => void }) {
  const t = useT(messages);
  const [email, setEmail] = useState(props.email);
  const [sent, setSent] = useState(false);
  const action = useAction(async () => {
    await client.post('/auth/password-reset', { body: { email: email.trim() } });
    setSent(true);
  });
  return (
    <AuthFrame title={t('forgotTitle')}>
      {sent ? (
        <p class="notice success" role="status" data-testid="reset-requested">
          {t('resetRequested')}
        </p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void action.run();
          }}
        >
          <p class="muted" style="margin-top:0">
            {t('forgotHelp')}
          </p>
          <ErrorBox error={generalError(action.error, ['email'])} />
          <TextField
            label={t('email')}
            name="email"
            type="email"
            autocomplete="username"
            required
            value={email}
            onValue={setEmail}
            error={errorFor(action.error, 'email')}
          />
          <button class="btn btn-block" disabled={action.busy}>
            {t('sendResetLink')}
          </button>
        </form>
      )}
      <BackToLogin onBack={props.onBack} />
    </AuthFrame>
  );
}

/** The form behind the bot's reset link: a new password twice, then the owner is logged in. */
export function ResetPassword(props: { token: string; onSession: (business: Business) => void; onBack: () => void }) {
  const t = useT(messages);
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
    <AuthFrame title={t('resetTitle')}>
      {invalid ? (
        <p class="error" role="alert" data-testid="reset-invalid">
          {t('resetInvalid')}
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
            {t('savePassword')}
          </button>
        </form>
      )}
      <BackToLogin onBack={props.onBack} />
    </AuthFrame>
  );
}

export function Login(props: { onSession: (business: Business) => void }) {
  const t = useT(messages);
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
    <AuthFrame title={t('loginTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void action.run();
        }}
      >
        <ErrorBox
          error={
            action.error ? (errorFor(action.error, 'email') || errorFor(action.error, 'password') ? undefined : t('badLogin')) : undefined
          }
        />
        <TextField
          label={t('email')}
          name="email"
          type="email"
          autocomplete="username"
          required
          value={email}
          onValue={setEmail}
          error={errorFor(action.error, 'email')}
        />
        <TextField
          label={t('password')}
          name="password"
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onValue={setPassword}
          error={errorFor(action.error, 'password')}
        />
        <button class="btn btn-block" disabled={action.busy}>
          {t('login')}
        </button>
      </form>
      <p>
        <a href="/admin/login" onClick={(event) => (event.preventDefault(), setForgot(true))}>
          {t('forgotPassword')}
        </a>
      </p>
      <p>
        {t('noAccount')}{' '}
        <a href="/admin/register" onClick={(event) => (event.preventDefault(), navigate('/admin/register'))}>
          {t('register')}
        </a>
      </p>
    </AuthFrame>
  );
}

export function Register(props: { onSession: (business: Business) => void }) {
  const t = useT(messages);
  const [form, setForm] = useState({
    business_name: '',
    full_name: '',
    phone: '',
    email: '',
    password: '',
    address: '',
    service: '',
    duration: '30',
    price: '',
  });
  const lang = useLang();
  const [captcha, setCaptcha] = useState<string | undefined>();
  const [captchaReset, setCaptchaReset] = useState(0);
  const [siteKey, setSiteKey] = useState<string | null>(null);
  useEffect(() => void publicConfig().then((config) => setSiteKey(config.captcha_site_key)), []);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const action = useAction(async () => {
    const answer = await client.post('/auth/register', {
      body: {
        business_name: form.business_name.trim(),
        full_name: form.full_name.trim() || form.business_name.trim(),
        phone: form.phone,
        email: form.email.trim(),
        password: form.password,
        address: form.address.trim() || undefined,
        service: {
          name: form.service.trim() || undefined,
          duration: form.duration === '' ? undefined : Number(form.duration),
          price: form.price === '' ? undefined : Number(form.price),
        },
        captcha_token: captcha,
      },
    });
    setToken(answer.access_token);
    props.onSession(answer.business);
  });
  const submit = async () => {
    // a captcha token is good for one request: a failed attempt needs a fresh one
    if (!(await action.run()) && siteKey) setCaptchaReset((n) => n + 1);
  };
  const emailTaken = hasCode(action.error, 'email_taken');
  const err = (field: string) => (field === 'email' && emailTaken ? t('emailTaken') : errorFor(action.error, field));
  const shown = ['business_name', 'full_name', 'phone', 'email', 'password', 'address', 'service'];
  const general = errorFor(action.error, 'captcha_token') ? t('captchaFailed') : emailTaken ? undefined : generalError(action.error, shown);
  return (
    <AuthFrame title={t('registerTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ErrorBox error={general} />
        <TextField
          label={t('businessName')}
          name="business_name"
          required
          value={form.business_name}
          onValue={set('business_name')}
          error={err('business_name')}
        />
        <div class="grid2">
          <TextField
            label={t('ownerName')}
            name="full_name"
            autocomplete="name"
            value={form.full_name}
            onValue={set('full_name')}
            error={err('full_name')}
          />
          <TextField
            label={t('phone')}
            name="phone"
            type="tel"
            autocomplete="tel"
            required
            placeholder="+7 700 000 00 00"
            value={form.phone}
            onValue={set('phone')}
            error={err('phone')}
          />
          <TextField
            label={t('email')}
            name="email"
            type="email"
            autocomplete="username"
            required
            value={form.email}
            onValue={set('email')}
            error={err('email')}
          />
          {emailTaken && (
            <p class="field-note">
              <a href="/admin/login" data-testid="login-instead" onClick={(event) => (event.preventDefault(), navigate('/admin/login'))}>
                {t('loginInstead')}
              </a>
            </p>
          )}
          <TextField
            label={t('password')}
            name="password"
            type="password"
            autocomplete="new-password"
            required
            minLength={8}
            hint={t('passwordHint')}
            value={form.password}
            onValue={set('password')}
            error={err('password')}
          />
        </div>
        <AddressInput value={form.address} onValue={set('address')} error={err('address')} />
        <fieldset style="border:1px solid var(--border);border-radius:var(--radius-small);padding:10px 12px 0;margin:0 0 12px">
          <legend class="muted">{t('firstService')}</legend>
          <TextField
            label={t('serviceName')}
            name="service_name"
            placeholder={t('serviceDefault')}
            value={form.service}
            onValue={set('service')}
            error={err('service.name')}
          />
          <div class="grid2">
            <TextField
              label={t('durationMin')}
              name="service_duration"
              type="number"
              min={1}
              value={form.duration}
              onValue={set('duration')}
              error={err('service.duration')}
            />
            <TextField
              label={t('priceKzt')}
              name="service_price"
              type="number"
              min={0}
              value={form.price}
              onValue={set('price')}
              error={err('service.price')}
            />
          </div>
        </fieldset>
        {siteKey && (
          <Captcha siteKey={siteKey} lang={lang} onToken={(token) => setCaptcha(token ?? undefined)} resetSignal={captchaReset} />
        )}
        <button class="btn btn-block" disabled={action.busy}>
          {t('createAccount')}
        </button>
      </form>
      <p>
        {t('haveAccount')}{' '}
        <a href="/admin/login" onClick={(event) => (event.preventDefault(), navigate('/admin/login'))}>
          {t('login')}
        </a>
      </p>
    </AuthFrame>
  );
}
