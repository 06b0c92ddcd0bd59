/**
 * First steps of a new salon (issue #35): a master, working hours the owner set or confirmed, no two clients
 * with one master at one time (strict slots), a link made from the name instead of the phone, the Telegram
 * chat that hears of new bookings. Each step counts done only when the owner did it; the card says whether
 * clients can book already, and folds to one line (remembered per business) until every step is done.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ErrorBox, generalError, useAction, useLoad } from '@shared/panel-ui';
import { slugFromName } from '@core/slug-from-name.js';
import { useFirstWeekT, type FirstWeekKey } from './first-week-messages';
import { useNarrowScreen } from '../common/narrow-screen';
import { useOwnerT } from '../common/owner-messages';
import { clientsCanBook, isPhoneSlug, setupState, type SetupState } from '../common/rules';
import { client, navigate, useSession } from '../common/state';

type Step = keyof SetupState;
const ORDER: Step[] = ['master', 'hours', 'strict', 'link', 'telegram'];
const DONE_NAME: Record<Step, FirstWeekKey> = {
  master: 'doneMaster',
  hours: 'doneHours',
  strict: 'doneStrict',
  link: 'doneLink',
  telegram: 'doneTelegram',
};

const foldKey = (businessId: number) => `setup_folded:${businessId}`;

/** The first free slug among the name's, name-2, name-3 (the live check of Settings answers each). */
async function freeNameSlug(name: string, current: string): Promise<string | null> {
  const base = slugFromName(name);
  if (!base) return null;
  for (const slug of [base, `${base}-2`, `${base}-3`]) {
    if (slug === current) return null;
    const check = await client.get('/business/slug-available', { query: { slug } });
    if (check.available) return slug;
  }
  return null;
}

export function Onboarding() {
  const f = useFirstWeekT();
  const o = useOwnerT();
  const session = useSession();
  const business = session.business;
  const narrow = useNarrowScreen();
  // On a phone the card starts as one line above the day's calendar; the owner's own choice is remembered.
  const [stored, setStored] = useState(() => localStorage.getItem(foldKey(business.id)));
  const folded = stored === null ? narrow : stored === '1';
  const loaded = useLoad(async (signal) => {
    const [masters, week, fresh] = await Promise.all([
      client.get('/masters', { signal }),
      client.get('/schedule', { signal }),
      client.get('/business', { signal }),
    ]);
    session.setBusiness(fresh);
    const suggested = !isPhoneSlug(fresh.slug) ? null : await freeNameSlug(fresh.name, fresh.slug).catch(() => null);
    return { masters, week, suggested };
  }, []);
  const act = useAction(async (change: () => Promise<unknown>) => {
    await change();
    session.setBusiness(await client.get('/business'));
  });
  if (!loaded.data) return null;
  const { masters, week, suggested } = loaded.data;
  const done = setupState(masters, business);
  const left = ORDER.filter((step) => !done[step]);
  if (left.length === 0) return null;
  const fold = (next: boolean) => {
    const value = next ? '1' : '0';
    localStorage.setItem(foldKey(business.id), value);
    setStored(value);
  };
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
  const doneNames = ORDER.filter((step) => done[step]).map((step) => f(DONE_NAME[step]));
  const firstWeekDay = week.find((row) => row.is_active) ?? week[0];
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
        s('stepHoursCheck'),
        <>
          {firstWeekDay && (
            <button
              type="button"
              class="btn btn-small"
              disabled={act.busy}
              onClick={() => void act.run(() => client.put('/schedule/{id}', { path: { id: firstWeekDay.id }, body: {} }))}
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
            disabled={act.busy}
            onChange={() => void act.run(() => client.put('/business', { body: { strict_slots: true } }))}
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
              disabled={act.busy}
              onClick={() => void act.run(() => client.put('/business', { body: { slug: suggested } }))}
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
      <ol class="steps">{left.map((step) => steps[step]())}</ol>
      {doneNames.length > 0 && (
        <p class="muted onboarding-done" data-testid="onboarding-done">
          ✓ {s('setupDone', { steps: doneNames.join(', ') })}
        </p>
      )}
    </section>
  );
}
