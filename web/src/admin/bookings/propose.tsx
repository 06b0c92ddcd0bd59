/**
 * Propose a new time: any date, the master's free start times of that date not
 * yet past (free-times.tsx: this booking left out, so it can move within its own
 * time), or a time typed by hand (SPEC.md: availability is not checked).
 */
import { useState } from 'preact/hooks';
import { ErrorBox, errorFor, generalError, useAction } from '@shared/panel-ui';
import { dateOf } from '../common/dates';
import { FreeTimes } from './free-times';
import { useT, messages } from '../common/messages';
import { client, type Booking } from '../common/state';

export function ProposeTime(props: { booking: Booking; onSent?: () => void; onDone: () => void; onCancel: () => void }) {
  const t = useT(messages);
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
        <p style="margin:0 0 8px">{notified ? t('proposalSent') : t('proposalSaved')}</p>
        <button type="button" class="btn btn-small" onClick={props.onDone}>
          OK
        </button>
      </div>
    );
  }
  return (
    <form
      class="card"
      style="margin-bottom:16px;box-shadow:none;border:1px solid var(--border)"
      aria-label={t('proposeTime')}
      onSubmit={(event) => {
        event.preventDefault();
        void send.run();
      }}
    >
      <ErrorBox error={generalError(send.error, ['proposed_date', 'proposed_time'])} />
      <div class="row" style="align-items:end">
        <label class="field" style="margin:0">
          <span>{t('newDate')}</span>
          <input
            class="input small"
            type="date"
            name="proposed_date"
            required
            value={date}
            onChange={(e) => setDate((e.target as HTMLInputElement).value)}
          />
        </label>
        <label class="field" style="margin:0">
          <span>{t('newTime')}</span>
          <input
            class="input small"
            type="time"
            name="proposed_time"
            step={300}
            required
            value={time}
            onInput={(e) => setTime((e.target as HTMLInputElement).value)}
          />
        </label>
      </div>
      {(errorFor(send.error, 'proposed_date') || errorFor(send.error, 'proposed_time')) && (
        <p class="field-error">{errorFor(send.error, 'proposed_date') ?? errorFor(send.error, 'proposed_time')}</p>
      )}
      <FreeTimes booking={b} master={b.master} date={date} time={time} onPick={setTime} />
      <div class="row" style="margin-top:12px">
        <button class="btn btn-small" disabled={send.busy || !time}>
          {t('sendProposal')}
        </button>
        <button type="button" class="btn btn-ghost btn-small" onClick={props.onCancel}>
          {t('cancelAction')}
        </button>
      </div>
    </form>
  );
}
