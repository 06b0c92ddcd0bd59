import type { ComponentChildren } from 'preact';
import { Captcha } from '@shared/captcha';
import { useLang } from '@shared/i18n';
import type { BookingT } from './messages';
import { looksLikeMobile, storedPhone } from '@core/phone-input.js';
import { PhoneInput } from '@shared/phone-field';
import type { DetailsProblem, DetailsValues } from './flow-state';

export function detailsProblem(values: DetailsValues, captchaNeeded: boolean, captchaToken: string | null): DetailsProblem | null {
  if (!values.firstName.trim()) return 'needName';
  if (!storedPhone(values.phone)) return 'needPhone';
  if (captchaNeeded && !captchaToken) return 'needCaptcha';
  return null;
}

interface DetailsStepProps {
  t: BookingT;
  values: DetailsValues;
  onChange(values: DetailsValues): void;
  captchaSiteKey: string | null;
  captchaReset: number;
  onCaptcha(token: string | null): void;
  problem: DetailsProblem | null;
  error: string | null;
  /** What the check just before sending found (the time taken meanwhile), beside the confirm button. */
  notice?: ComponentChildren;
  sending: boolean;
  /** False in the mini app, where Telegram's MainButton submits. */
  showSubmit: boolean;
  onSubmit(): void;
}

export function DetailsStep(props: DetailsStepProps) {
  const { t, values, onChange, problem, error, sending } = props;
  const lang = useLang();
  return (
    <form
      class="details"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <label class="field">
        <span>{t('firstName')}</span>
        <input
          class="input"
          name="first_name"
          autoComplete="given-name"
          maxLength={100}
          value={values.firstName}
          aria-invalid={problem === 'needName'}
          onInput={(event) => onChange({ ...values, firstName: event.currentTarget.value })}
        />
      </label>
      <label class="field">
        <span>{t('phone')}</span>
        <PhoneInput
          class="input"
          name="phone"
          placeholder="+7 (7__) ___-__-__"
          value={values.phone}
          aria-invalid={problem === 'needPhone'}
          onValue={(phone) => onChange({ ...values, phone })}
        />
      </label>
      {/* Soft, never blocking: the API keeps SPEC.md's phone rule, and an unusual number may be right. */}
      {!looksLikeMobile(values.phone) && (
        <p class="notice small" role="status" data-testid="phone-unusual">
          {t('phoneUnusual')}
        </p>
      )}
      <label class="field">
        <span>{t('notes')}</span>
        <textarea
          class="input"
          name="notes"
          rows={2}
          maxLength={2000}
          placeholder={t('notesHint')}
          value={values.notes}
          onInput={(event) => onChange({ ...values, notes: event.currentTarget.value })}
        />
      </label>
      {props.captchaSiteKey && (
        <Captcha siteKey={props.captchaSiteKey} lang={lang} resetSignal={props.captchaReset} onToken={props.onCaptcha} />
      )}
      {problem && (
        <p class="error" role="alert">
          {t(problem)}
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {props.notice}
      {props.showSubmit && (
        <button type="submit" class="btn btn-block confirm" disabled={sending}>
          {sending ? t('sending') : t('confirm')}
        </button>
      )}
    </form>
  );
}
