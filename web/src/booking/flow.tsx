/**
 * The booking flow of SPEC.md "Clients create bookings": service → master →
 * date and time → details → success. One component for the web page and the
 * mini app; the mini app passes a host that maps Back and Confirm onto
 * Telegram's BackButton and MainButton.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { randomKey } from '@shared/api';
import type { Client } from '@shared/client';
import { formatDate, useLang, useT } from '@shared/i18n';
import { BusinessInfo, NotOpen } from './business-info';
import { errorKey, mastersFor, SlotSource } from './data';
import { priceText } from './terms';
import { enterStep, keepChoices, keptChoices, stepOfEntry, useStepPops, type KeptChoices, type Step } from './history';
import { storedPhone } from '@core/phone-input.js';
import { DetailsStep, detailsProblem, type DetailsProblem, type DetailsValues } from './details';
import { bookingMessages } from './messages';
import { MasterStep, ServiceStep, WhenStep } from './steps';
import { SuccessStep } from './success';
import type { PageChoice } from '@core/reach-links.js';
import { wallNow } from '@shared/wall-clock';
import { chosenByLink, hasChoice, servicesOf } from './preset';
import { PresetMaster } from './preset-note';
import { TakenNotice, type Retaken } from './taken';
import { nearestTimes } from '@core/start-times.js';
import { ANY, type BookingResult, type Business, type InitialData, type Master, type MasterChoice, type Service } from './types';

export interface FlowHost {
  /** A native back button; null hides it. */
  back(handler: (() => void) | null): void;
  /** A native confirm button; null hides it. */
  main(button: { text: string; onClick: () => void; busy: boolean } | null): void;
}

export interface BookingFlowProps {
  api: Client;
  slug: string;
  initial: InitialData;
  host?: FlowHost;
  /** Extra headers of the booking request (the mini app's X-Telegram-Init-Data). */
  bookingHeaders?: () => Record<string, string>;
  defaults?: Partial<DetailsValues>;
  onBooked?(result: BookingResult): void;
  /** Opens the bot link (the mini app's openTelegramLink); a plain link otherwise. */
  openLink?(url: string): void;
  /** What the page's link (or the mini app's start parameter) chose, CONTRACT.md §18: applied once, when the tab kept nothing. */
  preset?: PageChoice;
}

interface Catalog {
  business: Business;
  services: Service[];
}

function useCatalog(api: Client, slug: string, initial: InitialData) {
  const [catalog, setCatalog] = useState<Catalog | null>(
    initial.business && initial.services ? { business: initial.business, services: initial.services } : null,
  );
  const [failed, setFailed] = useState(false);
  const masters = useMemo(
    () => (initial.masters ? Promise.resolve(initial.masters) : api.get('/public/{slug}/masters', { path: { slug } })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- api and initial are fixed for the page; only a new slug is a new catalog
    [slug],
  );
  // Known at once from the page's data; the mini app learns it from its request.
  const [masterCount, setMasterCount] = useState<number | null>(initial.masters ? initial.masters.length : null);
  useEffect(() => {
    masters.then(
      (list) => setMasterCount(list.length),
      () => undefined,
    );
  }, [masters]);
  useEffect(() => {
    if (catalog) return;
    const path = { slug };
    Promise.all([api.get('/public/{slug}', { path }), api.get('/public/{slug}/services', { path })]).then(
      ([business, services]) => setCatalog({ business, services }),
      () => setFailed(true),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- api and initial are fixed for the page; only a new slug is a new catalog
  }, [slug]);
  return { catalog, failed, masters, masterCount };
}

export function BookingFlow({ api, slug, initial, host, bookingHeaders, defaults, onBooked, openLink, preset }: BookingFlowProps) {
  const t = useT(bookingMessages);
  const lang = useLang();
  const timeZone = initial.config.timezone;
  const { catalog, failed, masters: mastersPromise, masterCount } = useCatalog(api, slug, initial);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- api and the time zone are fixed for the page; only a new slug is a new source
  const source = useMemo(() => new SlotSource(api, slug, timeZone), [slug]);

  const [step, setStep] = useState<Step>('service');
  const [allMasters, setAllMasters] = useState<Master[]>([]);
  const [service, setService] = useState<Service | null>(null);
  const [master, setMaster] = useState<MasterChoice>(ANY);
  const [masterSkipped, setMasterSkipped] = useState(false);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [values, setValues] = useState<DetailsValues>({ firstName: '', phone: '', notes: '', ...defaults });
  const [problem, setProblem] = useState<DetailsProblem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [retaken, setRetaken] = useState<Retaken | null>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [booking, setBooking] = useState<BookingResult | null>(null);
  const sendingNow = useRef(false);
  const idempotency = useRef<{ fingerprint: string; key: string } | null>(null);
  // A master's link: the service step offers that master's services only, and the master is taken.
  const [onlyMaster, setOnlyMaster] = useState<Master | null>(null);
  const linkDate = useRef<string | null>(null);

  const eligible = service ? mastersFor(service, allMasters) : [];
  const show = (next: Step) => {
    setStep(next);
    setError(null);
    setProblem(null);
    setRetaken(null);
    window.scrollTo(0, 0);
  };
  /** Forward to a step: a history entry of its own, so Back comes back here. */
  const go = (next: Step, replace = false) => {
    enterStep(next, replace);
    show(next);
  };
  const picked = useRef({ service, date, time, booking });
  picked.current = { service, date, time, booking };
  useStepPops((wanted) => {
    const now = picked.current;
    const possible =
      wanted === 'service' || (now.service && (wanted !== 'details' || (now.date && now.time)) && (wanted !== 'done' || now.booking));
    show(possible ? wanted : 'service');
  });
  // A link that chose (CONTRACT.md §18), on a first open: a reload restores what the tab kept instead.
  const applyLink = hasChoice(preset)
    ? (masters: Master[]) => {
        if (!catalog) return;
        const chosen = chosenByLink(preset, catalog.services, masters, wallNow(timeZone).date);
        setAllMasters(masters);
        setOnlyMaster(chosen.master);
        linkDate.current = chosen.date;
        if (chosen.service) void pickService(chosen.service, chosen.master);
      }
    : undefined;
  const restored = useRestoredChoices(slug, catalog, mastersPromise, applyLink, (kept, masters, wanted) => {
    setValues((current) => ({ ...current, ...kept.values }));
    const keptService = catalog?.services.find((s) => s.id === kept.serviceId);
    if (!keptService || !wanted || wanted === 'service' || wanted === 'done') return;
    setAllMasters(masters);
    setService(keptService);
    setMasterSkipped(kept.masterSkipped);
    setMaster(kept.masterId === ANY ? ANY : (masters.find((m) => m.id === kept.masterId) ?? ANY));
    setDate(kept.date);
    setTime(kept.time);
    show(wanted === 'details' && !(kept.date && kept.time) ? 'when' : wanted);
  });
  useEffect(() => {
    if (!restored || step === 'done') return;
    const masterId = master === ANY ? ANY : master.id;
    keepChoices(slug, { serviceId: service?.id ?? null, masterId, masterSkipped, date, time, values });
  }, [restored, slug, step, service, master, masterSkipped, date, time, values]);

  async function pickService(picked: Service, fixed: Master | null = onlyMaster) {
    setService(picked);
    setDate(linkDate.current);
    linkDate.current = null;
    setTime(null);
    const masters = await mastersPromise.catch(() => [] as Master[]);
    setAllMasters(masters);
    const linked = fixed ? [fixed] : mastersFor(picked, masters);
    const skip = linked.length <= 1;
    setMasterSkipped(skip);
    setMaster(linked.length === 1 ? linked[0]! : ANY);
    go(skip ? 'when' : 'master');
  }

  const previous: Record<Step, Step | null> = {
    service: null,
    master: 'service',
    when: masterSkipped ? 'service' : 'master',
    details: 'when',
    done: null,
  };
  const back = previous[step] ? () => history.back() : null;

  async function submit() {
    if (sendingNow.current || !service || !date || !time) return;
    const found = detailsProblem(values, Boolean(initial.config.captcha_site_key), captchaToken);
    setProblem(found);
    if (found) return;
    sendingNow.current = true;
    setSending(true);
    setError(null);
    setRetaken(null);
    try {
      const free = await stillFree(date, time);
      if (free) return setRetaken({ time, offered: nearestTimes(free, time) });
      const masterId = master === ANY ? await source.freeMaster(date, time, service, eligible) : master.id;
      const body = {
        service_id: service.id,
        date,
        time,
        first_name: values.firstName.trim(),
        phone: `+${storedPhone(values.phone)}`,
        ...(masterId !== null ? { master_id: masterId } : {}),
        ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
      };
      // The same request keeps its key, so a retry after a lost answer returns the first booking.
      const fingerprint = JSON.stringify(body);
      if (idempotency.current?.fingerprint !== fingerprint) idempotency.current = { fingerprint, key: randomKey() };
      const result = await api.post('/public/{slug}/booking', {
        path: { slug },
        body: captchaToken ? { ...body, captcha_token: captchaToken } : body,
        headers: { 'Idempotency-Key': idempotency.current.key, ...bookingHeaders?.() },
      });
      source.forget();
      idempotency.current = null;
      setBooking(result);
      keepChoices(slug, null);
      // The success screen takes the details' entry: Back from it never lands on a filled form that would book twice.
      go('done', true);
      onBooked?.(result);
    } catch (caught) {
      const key = errorKey(caught);
      setError(t(key));
      if (initial.config.captcha_site_key) setCaptchaReset((n) => n + 1);
      if (key === 'errTaken') source.forget();
    } finally {
      sendingNow.current = false;
      setSending(false);
    }
  }

  // The native button calls the newest submit: set during render, it holds what was typed in the last
  // keystroke even when the press lands before the effect below rebinds the button (a slow phone).
  const newestSubmit = useRef(submit);
  newestSubmit.current = submit;
  /**
   * The day's start times fetched again: null while the chosen time is still free (or the check itself
   * failed, or the time is the client's own booking being made again: the API then decides), else the
   * free times of that day.
   */
  async function stillFree(day: string, chosen: string): Promise<string[] | null> {
    if (!service) return null;
    // «Исправить номер» books the same time again: the client's own first booking does not take it from them.
    if (booking && booking.start_at.slice(0, 16) === `${day}T${chosen}`) return null;
    source.forget();
    const times = await source.dayTimes(day, service, master, eligible).catch(() => null);
    return times && !times.includes(chosen) ? times : null;
  }

  useEffect(() => {
    if (!host) return;
    host.back(back);
    host.main(
      step === 'details'
        ? { text: sending ? t('sending') : t('confirm'), onClick: () => void newestSubmit.current(), busy: sending }
        : null,
    );
  });

  if (!catalog) {
    return <main class="page">{failed ? <p class="error">{t('errLoad')}</p> : <p class="muted">{t('loading')}</p>}</main>;
  }
  const { business, services } = catalog;
  const stepTitle: Record<Step, string> = {
    service: t('stepService'),
    master: t('stepMaster'),
    when: t('stepWhen'),
    details: t('stepDetails'),
    done: '',
  };

  return (
    <main class="page" data-step={step}>
      <BusinessInfo t={t} business={business} hours={initial.hours} />
      {masterCount === 0 && step === 'service' && <NotOpen t={t} business={business} />}

      {step !== 'service' && step !== 'done' && service && (
        <ol class="picked">
          <li>
            <button type="button" onClick={() => go('service')}>
              <span>{service.name}</span>
              <b data-fact="price">{priceText(service, master)}</b>
            </button>
          </li>
          {step !== 'master' && (
            <li>
              <button type="button" disabled={masterSkipped} onClick={() => go('master')}>
                <span>{master === ANY ? t('anyMaster') : master.name}</span>
              </button>
            </li>
          )}
          {step === 'details' && date && time && (
            <li>
              <button type="button" onClick={() => go('when')}>
                <span>
                  {formatDate(date, lang, { weekday: 'short', day: 'numeric', month: 'long' })}, {time}
                </span>
              </button>
            </li>
          )}
        </ol>
      )}

      {!(masterCount === 0 && step === 'service') && (
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
          {step === 'service' && onlyMaster && <PresetMaster master={onlyMaster} onClear={() => setOnlyMaster(null)} />}
          {step === 'service' && (
            <ServiceStep
              t={t}
              services={onlyMaster ? servicesOf(onlyMaster, services, allMasters) : services}
              onPick={(s) => void pickService(s)}
            />
          )}
          {step === 'master' && (
            <MasterStep
              t={t}
              masters={eligible}
              service={service ?? undefined}
              onPick={(m) => {
                setMaster(m);
                setDate(null);
                go('when');
              }}
            />
          )}
          {step === 'when' && service && (
            <>
              {eligible.length === 0 && <p class="muted">{t('noMasters')}</p>}
              <WhenStep
                t={t}
                source={source}
                timeZone={timeZone}
                service={service}
                master={master}
                eligible={eligible}
                date={date}
                onDate={setDate}
                onTime={(picked) => {
                  setTime(picked);
                  go('details');
                }}
              />
            </>
          )}
          {step === 'details' && (
            <DetailsStep
              t={t}
              values={values}
              onChange={(next) => {
                setValues(next);
                setProblem(null);
              }}
              captchaSiteKey={initial.config.captcha_site_key}
              captchaReset={captchaReset}
              onCaptcha={setCaptchaToken}
              problem={problem}
              error={error}
              notice={
                retaken && (
                  <TakenNotice
                    t={t}
                    retaken={retaken}
                    onPick={(free) => {
                      setTime(free);
                      setRetaken({ changedTo: free });
                    }}
                    onOtherDay={() => go('when')}
                  />
                )
              }
              sending={sending}
              showSubmit={!host}
              onSubmit={() => void submit()}
            />
          )}
          {step === 'done' && booking && (
            <SuccessStep
              t={t}
              booking={booking}
              business={business}
              timeZone={timeZone}
              telegram={Boolean(initial.config.bot_username)}
              openLink={openLink}
              onAgain={() => {
                setBooking(null);
                setService(null);
                go('service');
              }}
              onFixPhone={() => {
                go('details');
                requestAnimationFrame(() => document.querySelector<HTMLInputElement>('input[name="phone"]')?.focus());
              }}
            />
          )}
        </section>
      )}
    </main>
  );
}

/**
 * Once the catalog is there: what this tab kept before a reload, handed to
 * `apply` with the masters and the step the history entry names. True once
 * done (or when there was nothing to restore), so nothing is kept before.
 */
function useRestoredChoices(
  slug: string,
  catalog: Catalog | null,
  masters: Promise<Master[]>,
  /** With nothing kept: what a link chose, once the masters are known. */
  fresh: ((masters: Master[]) => void) | undefined,
  apply: (kept: KeptChoices, masters: Master[], wanted: Step | null) => void,
): boolean {
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (restored || !catalog) return;
    const kept = keptChoices(slug);
    if (!kept && !fresh) return setRestored(true);
    void masters
      .catch(() => [] as Master[])
      .then((list) => {
        if (kept) apply(kept, list, stepOfEntry());
        else fresh?.(list);
        setRestored(true);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the catalog first arrives
  }, [catalog]);
  return restored;
}
