/**
 * First steps of a new salon, so its first week takes bookings: a master, working hours the owner set or confirmed, no two clients
 * with one master at one time (strict slots), a link made from the name instead of the phone, the Telegram
 * chat that hears of new bookings. Each step counts done only when the owner did it; the card says whether
 * clients can book already, and folds to one line (remembered per business) until every step is done.
 */
import { ErrorBox, generalError } from '@shared/panel-ui';
import { formatDate, useLang, type Lang } from '@shared/i18n';
import { addDays } from '../common/dates';
import { clientsCanBook, setupState } from '../common/rules';
import { useOnboardingT, type OnboardingKey } from './messages';
import { SetupSteps, type Step } from './setup-steps';
import { useSetup } from './use-setup';

const ORDER: Step[] = ['master', 'hours', 'strict', 'link', 'telegram'];
const DONE_NAME: Record<Step, OnboardingKey> = {
  master: 'doneMaster',
  hours: 'doneHours',
  strict: 'doneStrict',
  link: 'doneLink',
  telegram: 'doneTelegram',
};

/** The card names the days the week closes ("сб, вс"), so an owner sees a Mon-Fri default before clients meet it. */
const closedWeekdays = (week: readonly { day_of_week: number; is_active: boolean }[], lang: Lang): string[] =>
  week
    .filter((row) => !row.is_active)
    .sort((a, b) => a.day_of_week - b.day_of_week)
    // 2024-01-01 was a Monday: day_of_week 0
    .map((row) => formatDate(addDays('2024-01-01', row.day_of_week), lang, { weekday: 'short' }));

export function Onboarding() {
  const s = useOnboardingT();
  const lang = useLang();
  const { business, loaded, act, folded, fold } = useSetup();
  if (!loaded.data) return null;
  const { masters, week, suggested } = loaded.data;
  const done = setupState(masters, business);
  const left = ORDER.filter((step) => !done[step]);
  if (left.length === 0) return null;
  const progress = s('setupProgress', { done: ORDER.length - left.length, total: ORDER.length });
  if (folded) {
    return (
      <div class="row onboarding-folded" data-testid="onboarding">
        <span class="muted">{progress}</span>
        <button type="button" class="btn btn-ghost btn-small" aria-expanded="false" onClick={() => fold(false)}>
          {s('setupShow')}
        </button>
      </div>
    );
  }
  const doneNames = ORDER.filter((step) => done[step]).map((step) => s(DONE_NAME[step]));
  const firstWeekDay = week.find((row) => row.is_active) ?? week[0];
  const closedDays = closedWeekdays(week, lang);
  return (
    <section class="card onboarding" aria-labelledby="onboarding-title" data-testid="onboarding">
      <div class="row onboarding-head">
        <h2 id="onboarding-title">{progress}</h2>
        <button type="button" class="btn btn-ghost btn-small" aria-expanded="true" onClick={() => fold(true)}>
          {s('setupHide')}
        </button>
      </div>
      <p class="muted onboarding-help" data-testid="onboarding-help">
        {clientsCanBook(masters, week) ? s('setupCanBook') : s('setupCannotBook')}
      </p>
      <ErrorBox error={generalError(act.error)} />
      <SetupSteps left={left} firstWeekDay={firstWeekDay} closedDays={closedDays} suggested={suggested} act={act} />
      {doneNames.length > 0 && (
        <p class="muted onboarding-done" data-testid="onboarding-done">
          ✓ {s('setupDone', { steps: doneNames.join(', ') })}
        </p>
      )}
    </section>
  );
}
