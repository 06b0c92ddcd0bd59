/** The first-steps card's steps still left, each with its action. */
import type { ComponentChildren } from 'preact';
import type { SetupState } from '../common/rules';
import { client, navigate, type ScheduleAnswerRow } from '../common/state';
import { useOnboardingT } from './messages';
import type { SetupAction } from './use-setup';

export type Step = keyof SetupState;

export function SetupSteps(props: {
  left: Step[];
  firstWeekDay: ScheduleAnswerRow | undefined;
  /** The weekdays the week closes, short names: the owner sees which days clients cannot book. */
  closedDays: string[];
  suggested: string | null;
  act: SetupAction;
}) {
  const s = useOnboardingT();
  const suggested = props.suggested;
  const firstWeekDay = props.firstWeekDay;
  const row = (step: Step, text: ComponentChildren, actions: ComponentChildren) => (
    <li key={step} data-step={step}>
      <span class="step-text">{text}</span>
      <span class="row step-actions">{actions}</span>
    </li>
  );
  const steps: Record<Step, () => ComponentChildren> = {
    master: () =>
      row(
        'master',
        s('stepMaster'),
        <button type="button" class="btn btn-small" onClick={() => navigate('/admin/masters')}>
          {s('stepMasterAction')}
        </button>,
      ),
    hours: () =>
      row(
        'hours',
        <>
          {s('stepHoursCheck')}
          <span class="muted" data-testid="setup-closed-days">
            {' · '}
            {props.closedDays.length > 0 ? s('stepHoursClosed', { days: props.closedDays.join(', ') }) : s('stepHoursNoDayOff')}
          </span>
        </>,
        <>
          {firstWeekDay && (
            <button
              type="button"
              class="btn btn-small"
              disabled={props.act.busy}
              onClick={() => void props.act.run(() => client.put('/schedule/{id}', { path: { id: firstWeekDay.id }, body: {} }))}
            >
              {s('stepHoursConfirm')}
            </button>
          )}
          <button type="button" class="btn btn-ghost btn-small" onClick={() => navigate('/admin/schedules')}>
            {s('stepHoursAction')}
          </button>
        </>,
      ),
    strict: () => (
      <li key="strict" data-step="strict">
        <label class="check step-text">
          <input
            type="checkbox"
            name="setup_strict_slots"
            checked={false}
            disabled={props.act.busy}
            onChange={() => void props.act.run(() => client.put('/business', { body: { strict_slots: true } }))}
          />
          <span>
            {s('stepStrict')}
            <small class="muted step-help">{s('stepStrictHelp')}</small>
          </span>
        </label>
      </li>
    ),
    link: () =>
      suggested
        ? row(
            'link',
            <>
              {s('stepLink')} <b class="nowrap">/{suggested}</b>
            </>,
            <button
              type="button"
              class="btn btn-small"
              disabled={props.act.busy}
              onClick={() => void props.act.run(() => client.put('/business', { body: { slug: suggested } }))}
            >
              {s('stepLinkAction')}
            </button>,
          )
        : row(
            'link',
            s('stepLinkNone'),
            <button type="button" class="btn btn-small" onClick={() => navigate('/admin/settings')}>
              {s('stepLinkSettings')}
            </button>,
          ),
    telegram: () =>
      row(
        'telegram',
        s('stepTelegram'),
        <button type="button" class="btn btn-small" onClick={() => navigate('/admin/settings#telegram')}>
          {s('stepTelegramAction')}
        </button>,
      ),
  };
  return <ol class="steps">{props.left.map((step) => steps[step]())}</ol>;
}
