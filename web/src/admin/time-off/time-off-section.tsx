/**
 * "Выходные и отпуска" on the schedules screen (CONTRACT.md §21): what is closed from today on, with
 * "Открыть снова"; the form to close a date, a range or hours; the coming public holidays, each
 * closed for the salon in one tap (never by itself); and the affected bookings after a save.
 */
import { useState } from 'preact/hooks';
import { ErrorBox, Loading, generalError, useAction, useLoad } from '@shared/panel-ui';
import { formatDate, useLang, type Lang } from '@shared/i18n';
import { addDays, today } from '../common/dates';
import { useT, messages } from '../common/messages';
import { client, type Master } from '../common/state';
import { AffectedBookings } from './affected-bookings';
import { groupClosed, holidayName, upcomingHolidayGroups, type HolidayGroup } from './holiday-groups';
import { useTimeOffT } from './messages';
import { TimeOffForm, type Closed } from './time-off-form';
import './time-off.css';

type Entry = Closed['time_off'];

const dateRange = (from: string, to: string, lang: Lang) =>
  from === to
    ? formatDate(from, lang, { weekday: 'short', day: 'numeric', month: 'long' })
    : `${formatDate(from, lang, { day: 'numeric', month: 'long' })} – ${formatDate(to, lang, { day: 'numeric', month: 'long' })}`;

/** "21 марта – 23 марта · 10:00–12:00": an entry's dates and hours, for the list and the confirmation. */
const entryText = (e: Entry, lang: Lang) =>
  `${dateRange(e.date_from, e.date_to, lang)}${e.start_time ? ` · ${e.start_time}–${e.end_time}` : ''}`;

export function TimeOffSection(props: { masters: readonly Master[] }) {
  const t = useT(messages);
  const to = useTimeOffT();
  const lang = useLang();
  const start = today();
  const year = Number(start.slice(0, 4));
  const [closed, setClosed] = useState<Closed | null>(null);
  const list = useLoad((signal) => client.get('/time-off', { query: { from: start, to: addDays(start, 365) }, signal }), []);
  const holidays = useLoad(async (signal) => {
    const [now, next] = await Promise.all([year, year + 1].map((y) => client.get('/time-off/holidays', { query: { year: y }, signal })));
    return upcomingHolidayGroups([...now!, ...next!], start);
  }, []);
  const saved = (answer: Closed) => {
    setClosed(answer);
    list.reload();
  };
  const closeHoliday = useAction(async (group: HolidayGroup) =>
    saved(
      await client.post('/time-off', {
        body: { master_id: null, date_from: group.from, date_to: group.to, note: holidayName(group, lang) },
      }),
    ),
  );
  const reopen = useAction(async (id: number) => {
    await client.del('/time-off/{id}', { path: { id } });
    list.reload();
  });
  const whose = (e: Entry) => (e.master_id === null ? to('wholeBusiness') : (props.masters.find((m) => m.id === e.master_id)?.name ?? ''));
  return (
    <section class="card stack time-off" aria-labelledby="time-off-title">
      <h2 id="time-off-title">{to('timeOffTitle')}</h2>
      <ErrorBox error={generalError(list.error ?? holidays.error ?? closeHoliday.error ?? reopen.error)} />
      {closed && (
        <div class="stack" data-testid="time-off-closed">
          <p class="notice success" role="status">
            {to('closedSaved', { what: `${whose(closed.time_off)} · ${entryText(closed.time_off, lang)}` })}
          </p>
          <AffectedBookings key={closed.time_off.id} bookings={closed.affected} />
        </div>
      )}
      {!list.data ? (
        <Loading text={t('loading')} />
      ) : list.data.length === 0 ? (
        <p class="muted">{to('timeOffNone')}</p>
      ) : (
        <ul class="time-off-list" data-testid="time-off-list">
          {list.data.map((e) => (
            <li key={e.id} class="row time-off-item">
              <span>
                <strong>{entryText(e, lang)}</strong> · {whose(e)}
                {e.note && <span class="muted"> · {e.note}</span>}
              </span>
              <button
                type="button"
                class="btn btn-ghost btn-small"
                aria-label={to('reopenLabel', { what: `${whose(e)} · ${entryText(e, lang)}` })}
                disabled={reopen.busy}
                onClick={() => void reopen.run(e.id)}
              >
                {to('reopen')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <TimeOffForm seed={{ masterId: null, date: start }} masters={props.masters} onClosed={saved} />
      <h3>{to('holidays', { year: `${year}–${year + 1}` })}</h3>
      <p class="muted">{to('holidaysHint')}</p>
      {holidays.data && (
        <ul class="time-off-list" data-testid="holidays">
          {holidays.data.map((group) => {
            const done = groupClosed(group, list.data ?? []);
            const when = dateRange(group.from, group.to, lang);
            const name = holidayName(group, lang);
            return (
              <li key={group.from} class="row time-off-item">
                <span>
                  <strong>{name}</strong> · {when}
                </span>
                {done ? (
                  <span class="muted">{to('holidayClosed')}</span>
                ) : (
                  <button
                    type="button"
                    class="btn btn-ghost btn-small"
                    aria-label={to('closeHolidayLabel', { name, date: when })}
                    disabled={closeHoliday.busy}
                    onClick={() => void closeHoliday.run(group)}
                  >
                    {to('closeHoliday')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
