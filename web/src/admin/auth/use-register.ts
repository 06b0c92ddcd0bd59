/** The registration form's state: fields, captcha (a fresh token after a refused attempt), the request and its errors by field. */
import { useEffect, useState } from 'preact/hooks';
import { hasCode } from '@shared/api';
import { errorFor, generalError, useAction } from '@shared/panel-ui';
import { client, setToken, type Business } from '../common/state';
import { publicConfig } from './auth';
import { useAuthT } from './messages';
import { EMPTY_REGISTER, registerBody, type RegisterForm } from './register-body';

const SHOWN = ['business_name', 'full_name', 'phone', 'email', 'password', 'address', 'service'];

export function useRegister(onSession: (business: Business) => void) {
  const ta = useAuthT();
  const [form, setForm] = useState(EMPTY_REGISTER);
  const [captcha, setCaptcha] = useState<string | undefined>();
  const [captchaReset, setCaptchaReset] = useState(0);
  const [siteKey, setSiteKey] = useState<string | null>(null);
  useEffect(() => void publicConfig().then((config) => setSiteKey(config.captcha_site_key)), []);
  const set = (key: keyof RegisterForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const action = useAction(async () => {
    const answer = await client.post('/auth/register', { body: registerBody(form, captcha) });
    setToken(answer.access_token);
    onSession(answer.business);
  });
  const submit = async () => {
    // a captcha token is good for one request: a failed attempt needs a fresh one
    if (!(await action.run()) && siteKey) setCaptchaReset((n) => n + 1);
  };
  const emailTaken = hasCode(action.error, 'email_taken');
  const err = (field: string) => (field === 'email' && emailTaken ? ta('emailTaken') : errorFor(action.error, field));
  const general = errorFor(action.error, 'captcha_token')
    ? ta('captchaFailed')
    : emailTaken
      ? undefined
      : generalError(action.error, SHOWN);
  return { form, set, err, general, emailTaken, submit, busy: action.busy, siteKey, setCaptcha, captchaReset };
}
