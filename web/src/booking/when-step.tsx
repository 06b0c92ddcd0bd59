/** The date and time step: the date strip (GET /days) and the chosen day's start times (GET /slots). */
import { useEffect, useState } from 'preact/hooks';
import { formatDate, useLang } from '@shared/i18n';
import { wallNow } from '@shared/wall-clock';
import { byDayPart, nextDays, type SlotSource, type VisitPart } from './data';
import { useChosenDayInSight } from './chosen-day-in-sight';
import { ANY } from './masters';
import type { BookingT } from './messages';
import type { Days, Master, MasterChoice, Service } from './types';

interface WhenStepProps {
  t: BookingT;
  source: SlotSource;
  timeZone: string;
  service: Service;
  master: MasterChoice;
  eligible: Master[];
  /** A visit of several services (CONTRACT.md §20): its strip and times are the whole visit's; null for one service. */
  visit: readonly VisitPart[] | null;
  date: string | null;
  onDate(date: string): void;
  onTime(time: string): void;
}

type Load<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed' };

type DayState = 'unknown' | 'open' | 'full' | 'over' | 'off';

/** Today (the strip's first day) with nothing bookable left is over, not "busy" (in red, after hours, it read as a full salon). */
const stateOf = (strip: Days | null, index: number): DayState => {
  const day = strip?.[index];
  if (!day) return 'unknown';
  if (day.available) return 'open';
  if (day.day_off) return 'off';
  return index === 0 ? 'over' : 'full';
};

const DAY_WORD = { off: 'dayOff', full: 'dayFull', over: 'dayOver' } as const;
const NO_TIMES_TEXT = { off: 'dayOffText', over: 'dayOverText' } as const;

/** A day off of "any master" or of a visit is nobody's working day (a salon's holiday, §21), not one master's. */
const noTimesText = (state: DayState, anyone: boolean) =>
  state === 'off' && anyone ? 'dayOffAnyText' : state === 'off' || state === 'over' ? NO_TIMES_TEXT[state] : 'noTimeDay';

/** Date strip (next 30 days from one request; days off and fully booked days marked apart) and the chosen day's start times by part of the day. */
export function WhenStep({ t, source, timeZone, service, master, eligible, visit, date, onDate, onTime }: WhenStepProps) {
  const lang = useLang();
  const [days] = useState(() => nextDays(wallNow(timeZone).date));
  const [strip, setStrip] = useState<Days | null>(null);
  const [times, setTimes] = useState<Load<string[]>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const stripBox = useChosenDayInSight();
  useEffect(() => {
    let alive = true;
    setStrip(null);
    // A failed strip leaves every day clickable: the day's own request then tells.
    const [from, to] = [days[0]!, days[days.length - 1]!];
    const read = visit
      ? source.visitDays(
          from,
          to,
          visit.map((part) => part.service),
        )
      : source.days(from, to, service, master);
    read.then(
      (value) => alive && setStrip(value),
      () => undefined,
    );
    return () => void (alive = false);
    // source and days stay as long as the step; attempt retries
  }, [source, days, service, master, visit, attempt]);

  useEffect(() => {
    if (!date) return;
    let alive = true;
    setTimes({ state: 'loading' });
    (visit ? source.visitTimes(date, visit) : source.dayTimes(date, service, master, eligible)).then(
      (value) => alive && setTimes({ state: 'ready', value }),
      () => alive && setTimes({ state: 'failed' }),
    );
    return () => void (alive = false);
    // eligible changes with the service only (flow.tsx); attempt retries
  }, [source, date, service, master, eligible, visit, attempt]);

  return (
    <div>
      <div class="days" role="listbox" aria-label={t('pickDay')} ref={stripBox}>
        {days.map((day, index) => {
          const state = stateOf(strip, index);
          const closed = state === 'off' || state === 'full' || state === 'over';
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
                {state === 'off' || state === 'full' || state === 'over' ? t(DAY_WORD[state]) : formatDate(day, lang, { month: 'short' })}
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
        <p class="muted no-times">
          {t(noTimesText(stateOf(strip, days.indexOf(date)), visit !== null || (master === ANY && eligible.length > 1)))}
        </p>
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
