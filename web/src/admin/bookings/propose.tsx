/**
 * Propose a new time: any date, the master's free start times of that date not
 * yet past (free-times.tsx: this booking left out, so it can move within its own
 * time), or a time typed by hand (SPEC.md: availability is not checked).
 */
import { useState } from 'preact/hooks';
import { ErrorBox, errorFor, generalError, useAction } from '@shared/panel-ui';
import { dateOf } from '../common/dates';
import { DateTimePicker } from './date-time-picker';
import { FreeTimes } from './free-times';
import { useT, messages } from '../common/messages';
import { client, type Booking } from '../common/state';
import { useBookingsT } from './messages';
import './bookings.css';

export function ProposeTime(props: { booking: Booking; onSent?: () => void; onDone: () => void; onCancel: () => void }) {
  const t = useT(messages);
  const tb = useBookingsT();
  const b = props.booking;
  const [date, setDate] = useState(dateOf(b.start_at));
  const [time, setTime] = useState('');
  const [notified, setNotified] = useState<boolean | null>(null);
  const send = useAction(async () => {
    const answer = await client.post('/reschedule/{booking_id}', {
      path: { booking_id: b.id },
      body: { proposed_date: date, proposed_time: time },
    });
    setNotified(answer.notified);
    // The history below shows the new proposal at once, not only after "OK".
    props.onSent?.();
  });
  if (notified !== null) {
    return (
      <div class="notice success" role="status">
        <p class="ask-text">{notified ? tb('proposalSent') : tb('proposalSaved')}</p>
        <button type="button" class="btn btn-small" onClick={props.onDone}>
          OK
        </button>
      </div>
    );
  }
  return (
    <form
      class="card detail-form"
      aria-label={tb('proposeTime')}
      onSubmit={(event) => {
        event.preventDefault();
        void send.run();
      }}
    >
      <ErrorBox error={generalError(send.error, ['proposed_date', 'proposed_time'])} />
      <DateTimePicker
        inline
        names={{ date: 'proposed_date', time: 'proposed_time' }}
        labels={{ date: tb('newDate'), time: tb('newTime') }}
        date={date}
        time={time}
        onDate={setDate}
        onTime={setTime}
        errors={{ date: errorFor(send.error, 'proposed_date'), time: errorFor(send.error, 'proposed_time') }}
      />
      <FreeTimes booking={b} master={b.master} date={date} time={time} onPick={setTime} />
      <div class="row detail-form-buttons">
        <button class="btn btn-small" disabled={send.busy || !time}>
          {tb('sendProposal')}
        </button>
        <button type="button" class="btn btn-ghost btn-small" onClick={props.onCancel}>
          {t('cancelAction')}
        </button>
      </div>
    </form>
  );
}
