/** Register a salon (CONTRACT.md §3): owner, contacts, password, address and a first service; a captcha when the server asks for one. */
import { Captcha } from '@shared/captcha';
import { useLang } from '@shared/i18n';
import { ErrorBox, TextField } from '@shared/panel-ui';
import { AddressInput } from '../settings/address';
import { useT, messages } from '../common/messages';
import { navigate, type Business } from '../common/state';
import { AuthFrame } from './auth';
import { FirstService } from './first-service';
import { useAuthT } from './messages';
import { useRegister } from './use-register';

export function Register(props: { onSession: (business: Business) => void }) {
  const t = useT(messages);
  const ta = useAuthT();
  const lang = useLang();
  const { form, set, err, general, emailTaken, submit, busy, siteKey, setCaptcha, captchaReset } = useRegister(props.onSession);
  return (
    <AuthFrame title={ta('registerTitle')}>
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
            label={ta('ownerName')}
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
            label={ta('email')}
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
                {ta('loginInstead')}
              </a>
            </p>
          )}
          <TextField
            label={ta('password')}
            name="password"
            type="password"
            autocomplete="new-password"
            required
            minLength={8}
            hint={ta('passwordHint')}
            value={form.password}
            onValue={set('password')}
            error={err('password')}
          />
        </div>
        <AddressInput value={form.address} onValue={set('address')} error={err('address')} />
        <FirstService form={form} set={set} err={err} />
        {siteKey && (
          <Captcha siteKey={siteKey} lang={lang} onToken={(token) => setCaptcha(token ?? undefined)} resetSignal={captchaReset} />
        )}
        <button class="btn btn-block" disabled={busy}>
          {ta('createAccount')}
        </button>
      </form>
      <p>
        {ta('haveAccount')}{' '}
        <a href="/admin/login" onClick={(event) => (event.preventDefault(), navigate('/admin/login'))}>
          {ta('login')}
        </a>
      </p>
    </AuthFrame>
  );
}
