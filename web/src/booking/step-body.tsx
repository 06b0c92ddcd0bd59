/** The body of the step shown: each step's component, its choices turned into the flow's actions. */
import { formatPrice } from '@shared/i18n';
import type { SlotSource, VisitPart } from './data';
import { DetailsStep } from './details';
import { quotedMaster, servicesToAdd } from './flow-state';
import { MasterStep } from './master-step';
import type { BookingT } from './messages';
import { servicesOf } from './preset';
import { PresetMaster } from './preset-note';
import { ServiceStep } from './service-step';
import { SuccessStep } from './success';
import { TakenNotice } from './taken';
import type { InitialData, Master, Service } from './types';
import type { Catalog } from './use-catalog';
import type { PageDispatch, PageState } from './use-flow';
import { WhenStep } from './when-step';

interface StepBodyProps {
  t: BookingT;
  state: PageState;
  dispatch: PageDispatch;
  catalog: Catalog;
  masters: Promise<Master[]>;
  eligible: Master[];
  /** A visit of several services (CONTRACT.md §20); null for one service. */
  visit: readonly VisitPart[] | null;
  source: SlotSource;
  initial: InitialData;
  /** In the mini app Telegram's MainButton confirms: the form has no button of its own. */
  inMiniApp: boolean;
  submit(): void;
  openLink?(url: string): void;
}

export function StepBody(props: StepBodyProps) {
  const { t, state, dispatch, catalog, masters, eligible, visit, source, initial, inMiniApp, submit, openLink } = props;
  const { step, service, onlyMaster } = state;
  const pickService = (picked: Service) =>
    void masters.catch(() => [] as Master[]).then((list) => dispatch({ type: 'pickService', service: picked, masters: list }));
  if (step === 'service') {
    return (
      <>
        {onlyMaster && <PresetMaster master={onlyMaster} onClear={() => dispatch({ type: 'clearMaster' })} />}
        <ServiceStep
          t={t}
          services={onlyMaster ? servicesOf(onlyMaster, catalog.services, state.masters) : catalog.services}
          master={onlyMaster ?? undefined}
          onPick={pickService}
        />
      </>
    );
  }
  if (step === 'add') {
    // "+ ещё услуга": the salon's services not in the visit yet; a master's link keeps that master for the services they do (flow-state.ts).
    const services = servicesToAdd(state, catalog.services);
    return <ServiceStep t={t} services={services} onPick={(added) => dispatch({ type: 'addService', service: added })} />;
  }
  if (step === 'master') {
    return (
      <MasterStep t={t} masters={eligible} service={service ?? undefined} onPick={(m) => dispatch({ type: 'pickMaster', master: m })} />
    );
  }
  if (step === 'when' && service) {
    return (
      <>
        {eligible.length === 0 && <p class="muted">{t('noMasters')}</p>}
        <WhenStep
          t={t}
          source={source}
          timeZone={initial.config.timezone}
          service={service}
          master={state.master}
          eligible={eligible}
          visit={visit}
          date={state.date}
          onDate={(date) => dispatch({ type: 'pickDate', date })}
          onTime={(time) => dispatch({ type: 'pickTime', time })}
        />
      </>
    );
  }
  if (step === 'details') {
    const { retaken, repriced } = state;
    const chosen = quotedMaster(state);
    return (
      <DetailsStep
        t={t}
        values={state.values}
        onChange={(values) => dispatch({ type: 'edit', values })}
        captchaSiteKey={initial.config.captcha_site_key}
        captchaReset={state.captchaReset}
        onCaptcha={(token) => dispatch({ type: 'captcha', token })}
        problem={state.problem}
        error={state.error}
        notice={
          <>
            {retaken && (
              <TakenNotice
                t={t}
                retaken={retaken}
                onPick={(time) => dispatch({ type: 'pickOffered', time })}
                onOtherDay={() => dispatch({ type: 'go', step: 'when' })}
              />
            )}
            {repriced !== null && (
              <p class="notice" role="alert" data-testid="price-changed">
                {repriced.masterTaken && chosen
                  ? t('masterTaken', { master: chosen.name, price: formatPrice(repriced.price) })
                  : t('priceChanged', { price: formatPrice(repriced.price) })}
              </p>
            )}
          </>
        }
        sending={state.sending}
        showSubmit={!inMiniApp}
        onSubmit={submit}
      />
    );
  }
  if (step === 'done' && state.booking) {
    return (
      <SuccessStep
        t={t}
        booking={state.booking}
        business={catalog.business}
        timeZone={initial.config.timezone}
        telegram={Boolean(initial.config.bot_username)}
        openLink={openLink}
        onAgain={() => dispatch({ type: 'again' })}
        onFixPhone={() => {
          dispatch({ type: 'go', step: 'details' });
          requestAnimationFrame(() => document.querySelector<HTMLInputElement>('input[name="phone"]')?.focus());
        }}
      />
    );
  }
  return null;
}
