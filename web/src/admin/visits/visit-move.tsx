/**
 * Moving a whole visit (CONTRACT.md §20, PATCH /visits/{id} {date, time}): a date, one of the starts the server
 * offers for the whole visit (GET /visits/{id}/free-times, the bot's own rule) or a typed time, then the
 * question; the items keep their masters and their order. The picker and the question are the booking move's
 * (bookings/free-times.tsx, bookings/move-question.tsx) with the visit's words.
 */
import { useState } from 'preact/hooks';
import { useLoad } from '@shared/panel-ui';
import { DateTimePicker } from '../bookings/date-time-picker';
import { FreeTimesList } from '../bookings/free-times';
import { useBookingsT } from '../bookings/messages';
import { MoveAsk, useMoveWhen } from '../bookings/move-question';
import { dateOf, today } from '../common/dates';
import { useT, messages } from '../common/messages';
import { client } from '../common/state';
import type { Visit } from './visit-facts';
import { useVisitsT } from './messages';

function VisitTimes(props: { visit: Visit; date: string; time: string; onPick: (time: string) => void }) {
  const tv = useVisitsT();
  const { visit, date } = props;
  const day = useLoad(
    (signal) => client.get('/visits/{id}/free-times', { path: { id: visit.id }, query: { date }, signal }),
    [visit.id, date],
  );
  const words = { title: tv('freeVisitTimes'), none: tv('noFreeVisitTimes'), label: tv('freeVisitTimesLabel') };
  // The answer's `works` is the first item's master's (decision 0095).
  const master = visit.bookings[0]!.master.name;
  return <FreeTimesList day={day} words={words} master={master} time={props.time} onPick={props.onPick} />;
}

function MoveVisitQuestion(props: { visit: Visit; date: string; time: string; onDone: (moved: Visit) => void; onCancel: () => void }) {
  const tv = useVisitsT();
  const when = useMoveWhen();
  const { visit, date, time } = props;
  const move = async () => props.onDone(await client.patch('/visits/{id}', { path: { id: visit.id }, body: { date, time } }));
  return (
    <MoveAsk
      label={tv('moveVisit')}
      testId="visit-move-question"
      ask={tv('moveVisitAsk', { client: visit.bookings[0]!.client.first_name, when: when(date, time) })}
      move={move}
      onCancel={props.onCancel}
    />
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
