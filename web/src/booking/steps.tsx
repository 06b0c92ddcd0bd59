import { useEffect, useState } from 'preact/hooks';
import { formatDate, formatDuration, useLang, type Lang } from '@shared/i18n';
import { wallNow } from '@shared/wall-clock';
import { byDayPart, nextDays, type SlotSource } from './data';
import { durationRange, hasOwnTerms, priceText } from './terms';
import type { BookingT } from './messages';
import { ANY, type Days, type Master, type MasterChoice, type Service } from './types';

interface ServiceStepProps {
  t: BookingT;
  services: Service[];
  onPick(service: Service): void;
}

/** "45 мин" or, over masters with their own durations, "45 мин – 1 ч". */
export function durationText(service: Service, lang: Lang, master?: MasterChoice): string {
  const [min, max] = durationRange(service, master);
  return min === max ? formatDuration(min, lang) : `${formatDuration(min, lang)} – ${formatDuration(max, lang)}`;
}

/** Services grouped by category, in the catalog's order; uncategorised ones last. */
export function ServiceStep({ t, services, onPick }: ServiceStepProps) {
  const lang = useLang();
  if (services.length === 0) return <p class="muted">{t('noServices')}</p>;
  const groups = new Map<string, Service[]>();
  for (const service of [...services].sort((a, b) => (a.category ? 0 : 1) - (b.category ? 0 : 1))) {
    const name = service.category?.name ?? '';
    groups.set(name, [...(groups.get(name) ?? []), service]);
  }
  const named = [...groups.keys()].some(Boolean);
  return (
    <div class="groups">
      {[...groups].map(([category, list]) => (
        <section key={category} class="group">
          {named && <h3 class="group-title">{category || t('other')}</h3>}
          <ul class="choices">
            {list.map((service) => (
              <li key={service.id}>
                <button type="button" class="choice" data-service={service.id} onClick={() => onPick(service)}>
                  <span class="choice-name">{service.name}</span>
                  <span class="choice-meta">
                    <span>{durationText(service, lang)}</span>
                    <b class="price">{priceText(service)}</b>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

interface MasterStepProps {
  t: BookingT;
  masters: Master[];
  /** The service chosen: each master shows their own price and duration for it (CONTRACT.md §17). */
  service?: Service;
  onPick(master: MasterChoice): void;
}

export function MasterStep({ t, masters, service, onPick }: MasterStepProps) {
  const lang = useLang();
  return (
    <ul class="choices">
      <li>
        <button type="button" class="choice" data-master="any" onClick={() => onPick(ANY)}>
          <span class="avatar" aria-hidden="true">
            ★
          </span>
          <span class="choice-name">
            {t('anyMaster')}
            <small class="muted">{t('anyMasterHint')}</small>
          </span>
        </button>
      </li>
      {masters.map((master) => (
        <li key={master.id}>
          <button type="button" class="choice" data-master={master.id} onClick={() => onPick(master)}>
            <span class="avatar" aria-hidden="true">
              {master.name.trim().charAt(0).toUpperCase()}
            </span>
            <span class="choice-name">{master.name}</span>
            {service && hasOwnTerms(service) && (
              <span class="choice-meta">
                <span>{durationText(service, lang, master)}</span>
                <b class="price">{priceText(service, master)}</b>
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}

interface WhenStepProps {
  t: BookingT;
  source: SlotSource;
  timeZone: string;
  service: Service;
  master: MasterChoice;
  eligible: Master[];
  date: string | null;
  onDate(date: string): void;
  onTime(time: string): void;
}

type Load<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed' };

type DayState = 'unknown' | 'open' | 'full' | 'off';

const stateOf = (strip: Days | null, index: number): DayState => {
  const day = strip?.[index];
  if (!day) return 'unknown';
  return day.available ? 'open' : day.day_off ? 'off' : 'full';
};

/** Date strip (next 30 days from one request; days off and fully booked days marked apart) and the chosen day's start times by part of the day. */
export function WhenStep({ t, source, timeZone, service, master, eligible, date, onDate, onTime }: WhenStepProps) {
  const lang = useLang();
  const [days] = useState(() => nextDays(wallNow(timeZone).date));
  const [strip, setStrip] = useState<Days | null>(null);
  const [times, setTimes] = useState<Load<string[]>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    setStrip(null);
    // A failed strip leaves every day clickable: the day's own request then tells.
    source.days(days[0]!, days[days.length - 1]!, service, master).then(
      (value) => alive && setStrip(value),
      () => undefined,
    );
    return () => void (alive = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the strip follows the choice; source and days are derived from it, attempt retries
  }, [service, master, attempt]);

  useEffect(() => {
    if (!date) return;
    let alive = true;
    setTimes({ state: 'loading' });
    source.dayTimes(date, service, master, eligible).then(
      (value) => alive && setTimes({ state: 'ready', value }),
      () => alive && setTimes({ state: 'failed' }),
    );
    return () => void (alive = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the times follow the choice; source and eligible are derived from it, attempt retries
  }, [date, service, master, attempt]);

  return (
    <div>
      <div class="days" role="listbox" aria-label={t('pickDay')}>
        {days.map((day, index) => {
          const state = stateOf(strip, index);
          const closed = state === 'off' || state === 'full';
          return (
            <button
              key={day}
              type="button"
              role="option"
              aria-selected={day === date}
              data-date={day}
              data-open={state === 'unknown' ? 'unknown' : String(state === 'open')}
              data-state={state}
              class={`day${day === date ? ' selected' : ''}${closed ? ` closed ${state}` : ''}`}
              onClick={(event) => {
                event.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'smooth' });
                onDate(day);
              }}
            >
              <span class="day-week">{formatDate(day, lang, { weekday: 'short' })}</span>
              <span class="day-num">{Number(day.slice(8))}</span>
              <span class="day-month">
                {state === 'off' ? t('dayOff') : state === 'full' ? t('dayFull') : formatDate(day, lang, { month: 'short' })}
              </span>
            </button>
          );
        })}
      </div>
      {!date && <p class="muted">{t('pickDay')}</p>}
      {date && <h3 class="when-title">{formatDate(date, lang)}</h3>}
      {date && times.state === 'loading' && <p class="muted">{t('loading')}</p>}
      {date && times.state === 'failed' && (
        <p class="error">
          {t('errLoad')}{' '}
          <button type="button" class="link" onClick={() => (source.forget(), setAttempt(attempt + 1))}>
            {t('retry')}
          </button>
        </p>
      )}
      {date && times.state === 'ready' && times.value.length === 0 && (
        <p class="muted no-times">{t(stateOf(strip, days.indexOf(date)) === 'off' ? 'dayOffText' : 'noTimeDay')}</p>
      )}
      {date && times.state === 'ready' && times.value.length > 0 && (
        <div class="day-parts">
          {byDayPart(times.value).map(([part, list]) => (
            <section key={part} class="day-part" data-part={part}>
              <h4 class="day-part-title">{t(part)}</h4>
              <div class="times">
                {list.map((time) => (
                  <button key={time} type="button" class="time" data-time={time} onClick={() => onTime(time)}>
                    {time}
                  </button>
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
