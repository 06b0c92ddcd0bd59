/**
 * The booking flow of SPEC.md "Clients create bookings": service → master →
 * date and time → details → success. One component for the web page and the
 * mini app; the mini app passes a host that maps Back and Confirm onto
 * Telegram's BackButton and MainButton. The steps and their rules are a
 * reducer (flow-state.ts); this file wires it to the page.
 */
import { useMemo, useState } from 'preact/hooks';
import type { Client } from '@shared/client';
import { useT } from '@shared/i18n';
import type { PageChoice } from '@core/reach-links.js';
import { BusinessInfo, NotOpen } from './business-info';
import { SlotSource, type VisitPart } from './data';
import { previousStep, type DetailsValues, type Step } from './flow-state';
import { useHostButtons, type FlowHost } from './host';
import { mastersFor } from './masters';
import { bookingMessages } from './messages';
import { PickedList } from './picked';
import { StepBody } from './step-body';
import type { Booked, InitialData } from './types';
import { useCatalog } from './use-catalog';
import { useFlow, type RepeatedVisit } from './use-flow';
import { useQuote } from './use-quote';
import { useSubmit } from './use-submit';

export interface BookingFlowProps {
  api: Client;
  slug: string;
  initial: InitialData;
  host?: FlowHost;
  /** Extra headers of the booking request (the mini app's X-Telegram-Init-Data). */
  bookingHeaders?: () => Record<string, string>;
  defaults?: Partial<DetailsValues>;
  onBooked?(result: Booked): void;
  /** Opens the bot link (the mini app's openTelegramLink); a plain link otherwise. */
  openLink?(url: string): void;
  /** What the page's link (or the mini app's start parameter) chose, CONTRACT.md §18: applied once, when the tab kept nothing. */
  preset?: PageChoice;
  /** A visit to book again (the mini app's «Мои записи», CONTRACT.md §20): applied once, when the tab kept nothing. */
  repeat?: RepeatedVisit;
}

export function BookingFlow(props: BookingFlowProps) {
  const { api, slug, initial, host, bookingHeaders, defaults, onBooked, openLink, preset, repeat } = props;
  const t = useT(bookingMessages);
  const timeZone = initial.config.timezone;
  const captchaNeeded = Boolean(initial.config.captcha_site_key);
  const { catalog, failed, masters, masterCount } = useCatalog(api, slug, initial);
  // A flow is for one salon: its slot source lives as long as the flow.
  const [source] = useState(() => new SlotSource(api, slug, timeZone));
  const [state, dispatch] = useFlow({ slug, catalog, masters, timeZone, defaults, preset, repeat });
  // One list per choice of service (the day's times are fetched again when it changes).
  const { service, master, more, masters: known } = state;
  const eligible = useMemo(() => (service ? mastersFor(service, known) : []), [service, known]);
  // A visit of several services (CONTRACT.md §20): every item with its master choice and who may do it; null for one service.
  const visit = useMemo<VisitPart[] | null>(
    () =>
      service && more.length > 0
        ? [{ service, master }, ...more].map((part) => ({ ...part, eligible: mastersFor(part.service, known) }))
        : null,
    [service, master, more, known],
  );
  useQuote(source, state, dispatch, eligible, visit);
  const submit = useSubmit({ api, slug, source, state, dispatch, eligible, visit, captchaNeeded, t, bookingHeaders, onBooked });

  const { step, sending } = state;
  const back = previousStep(state) ? () => history.back() : null;
  useHostButtons(host, back, step === 'details' ? { text: sending ? t('sending') : t('confirm'), onClick: submit, busy: sending } : null);

  if (!catalog) {
    return <main class="page">{failed ? <p class="error">{t('errLoad')}</p> : <p class="muted">{t('loading')}</p>}</main>;
  }
  const closed = masterCount === 0 && step === 'service';
  const stepTitle: Record<Step, string> = {
    service: t('stepService'),
    add: t('stepAdd'),
    master: t('stepMaster'),
    when: t('stepWhen'),
    details: t('stepDetails'),
    done: '',
  };

  return (
    <main class="page" data-step={step}>
      <BusinessInfo t={t} business={catalog.business} hours={initial.hours} />
      {closed && <NotOpen t={t} business={catalog.business} />}
      {step !== 'service' && step !== 'done' && <PickedList t={t} state={state} dispatch={dispatch} />}
      {!closed && (
        <section class="card step">
          {stepTitle[step] && (
            <div class="step-head">
              {back && !host && (
                <button type="button" class="link back" onClick={back}>
                  ← {t('back')}
                </button>
              )}
              <h2>{stepTitle[step]}</h2>
            </div>
          )}
          <StepBody
            t={t}
            state={state}
            dispatch={dispatch}
            catalog={catalog}
            masters={masters}
            eligible={eligible}
            visit={visit}
            source={source}
            initial={initial}
            inMiniApp={Boolean(host)}
            submit={submit}
            openLink={openLink}
          />
        </section>
      )}
    </main>
  );
}
