/**
 * First steps of a new salon: a master, working hours and the Telegram chat
 * (business.messenger_chat_id) that hears of new bookings. Shown until all three
 * are there, one action each; the Telegram link itself lives in Settings.
 */
import { useLoad } from '@shared/panel-ui';
import { useOwnerT, type OwnerKey } from './owner-messages';
import { setupState, type SetupState } from './rules';
import { client, navigate } from './state';

const STEPS: Array<{ key: keyof SetupState; text: OwnerKey; action: OwnerKey; path: string }> = [
  { key: 'master', text: 'stepMaster', action: 'stepMasterAction', path: '/admin/masters' },
  { key: 'hours', text: 'stepHours', action: 'stepHoursAction', path: '/admin/schedules' },
  { key: 'telegram', text: 'stepTelegram', action: 'stepTelegramAction', path: '/admin/settings' },
];

export function Onboarding() {
  const o = useOwnerT();
  const state = useLoad(async (signal) => {
    const [masters, week, business] = await Promise.all([
      client.get('/masters', { signal }),
      client.get('/schedule', { signal }),
      client.get('/business', { signal }),
    ]);
    return setupState(masters, week, business.messenger_chat_id);
  }, []);
  const done = state.data;
  if (!done || (done.master && done.hours && done.telegram)) return null;
  return (
    <section class="card onboarding" aria-labelledby="onboarding-title" data-testid="onboarding">
      <h2 id="onboarding-title">{o('onboardingTitle')}</h2>
      <p class="muted" style="margin-top:0">
        {o('onboardingHelp')}
      </p>
      <ol class="steps">
        {STEPS.map((step) => (
          <li key={step.key} class={done[step.key] ? 'done' : undefined} data-step={step.key}>
            <span class="step-mark" aria-hidden="true">
              {done[step.key] ? '✓' : '○'}
            </span>
            <span class="step-text">
              {o(step.text)}
              {done[step.key] && <span class="muted"> — {o('stepDone')}</span>}
            </span>
            <button type="button" class={done[step.key] ? 'btn btn-ghost btn-small' : 'btn btn-small'} onClick={() => navigate(step.path)}>
              {o(step.action)}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
