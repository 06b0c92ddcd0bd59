/**
 * Moving a whole visit (CONTRACT.md §20, PATCH /visits/{id} {date, time}): a date, one of the starts at which every
 * item's master is free for it (visit-move-times.ts) or a typed time, then the question; the items keep their
 * masters and their order. Its own component: a single booking's move (move-booking.tsx) stays as it is.
 */
import { useState } from 'preact/hooks';
import { formatDate, useLang } from '@shared/i18n';
import { ErrorBox, Loading, generalError, useAction, useLoad } from '@shared/panel-ui';
import { DateTimePicker } from '../bookings/date-time-picker';
import { useBookingsT } from '../bookings/messages';
import { dateOf, notBeforeToday, timeOf, today } from '../common/dates';
import { useT, messages } from '../common/messages';
import { client } from '../common/state';
import type { Visit } from './visit-facts';
import { loadVisitDay } from './visit-day';
import { visitMoveTimes } from './visit-move-times';
import { useVisitsT } from './messages';

function VisitTimes(props: { visit: Visit; date: string; time: string; onPick: (time: string) => void }) {
  const t = useT(messages);
  const tv = useVisitsT();
  const { visit, date } = props;
  const masterIds = visit.bookings.map((item) => item.master.id);
  const day = useLoad((signal) => loadVisitDay(masterIds, date, signal), [date, masterIds.join(',')]);
  if (date < today()) return null;
  const notBefore = notBeforeToday(date);
  const current = (time: string) => date === dateOf(visit.start_at) && time === timeOf(visit.start_at);
  const times = day.data ? visitMoveTimes(date, visit.bookings, day.data, notBefore).filter((time) => !current(time)) : [];
  return (
    <>
      <p class="muted free-times-title">{tv('freeVisitTimes')}</p>
      {day.loading ? (
        <Loading text={t('loading')} />
      ) : times.length === 0 ? (
        <p class="muted">{tv('noFreeVisitTimes')}</p>
      ) : (
        <div class="chips" role="group" aria-label={tv('freeVisitTimesLabel')}>
          {times.map((free) => (
            <button type="button" key={free} class="chip" aria-pressed={free === props.time} onClick={() => props.onPick(free)}>
              {free}
            </button>
          ))}
        </div>
      )}
    </>
  );
}

function MoveVisitQuestion(props: { visit: Visit; date: string; time: string; onDone: (moved: Visit) => void; onCancel: () => void }) {
  const tb = useBookingsT();
  const tv = useVisitsT();
  const t = useT(messages);
  const lang = useLang();
  const move = useAction(async () => {
    props.onDone(await client.patch('/visits/{id}', { path: { id: props.visit.id }, body: { date: props.date, time: props.time } }));
  });
  const when = `${formatDate(props.date, lang, { weekday: 'short', day: 'numeric', month: 'long' })}, ${props.time}`;
  return (
    <div class="notice" role="alertdialog" aria-label={tv('moveVisit')} data-testid="visit-move-question">
      <p class="ask-text">{tv('moveVisitAsk', { client: props.visit.bookings[0]!.client.first_name, when })}</p>
      <ErrorBox error={generalError(move.error)} />
      <div class="row">
        <button type="button" class="btn btn-small" disabled={move.busy} onClick={() => void move.run()}>
          {tb('moveYes')}
        </button>
        <button type="button" class="btn btn-ghost btn-small" onClick={props.onCancel}>
          {t('cancelAction')}
        </button>
      </div>
    </div>
  );
}

export function MoveVisit(props: { visit: Visit; onMoved: (moved: Visit) => void; onCancel: () => void }) {
  const tb = useBookingsT();
  const tv = useVisitsT();
  const t = useT(messages);
  const v = props.visit;
  const [date, setDate] = useState(dateOf(v.start_at) < today() ? today() : dateOf(v.start_at));
  const [time, setTime] = useState('');
  const [asking, setAsking] = useState(false);
  if (asking) return <MoveVisitQuestion visit={v} date={date} time={time} onDone={props.onMoved} onCancel={() => setAsking(false)} />;
  return (
    <form
      class="card detail-form"
      aria-label={tv('moveVisit')}
      onSubmit={(event) => {
        event.preventDefault();
        if (time) setAsking(true);
      }}
    >
      <p class="muted">{tv('moveVisitHint')}</p>
      <DateTimePicker
        inline
        names={{ date: 'move_date', time: 'move_time' }}
        labels={{ date: tb('newDate'), time: tb('newTime') }}
        date={date}
        time={time}
        onDate={(value) => (setDate(value), setTime(''))}
        onTime={setTime}
      />
      <VisitTimes visit={v} date={date} time={time} onPick={setTime} />
      <div class="row detail-form-buttons">
        <button class="btn btn-small" disabled={!time}>
          {tb('move')}
        </button>
        <button type="button" class="btn btn-ghost btn-small" onClick={props.onCancel}>
          {t('cancelAction')}
        </button>
      </div>
    </form>
  );
}
