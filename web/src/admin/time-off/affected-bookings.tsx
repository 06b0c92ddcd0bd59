/**
 * The bookings a new time off leaves inside closed time (POST /time-off's `affected`, CONTRACT.md
 * §21), right after saving: each with "Предложить другое время" (the bookings screen's ProposeTime,
 * the client notified), and one action proposing each the same time on the nearest open day (a client the
 * bot cannot reach named with their number, as the bookings screen's proposal says).
 */
import { useState } from 'preact/hooks';
import { ErrorBox, displayPhone, generalError, useAction } from '@shared/panel-ui';
import { formatDate, useLang } from '@shared/i18n';
import { ProposeTime } from '../bookings/propose';
import { timeOf } from '../common/dates';
import { client, type Booking } from '../common/state';
import { useTimeOffT } from './messages';
import { OPEN_DAY_HORIZON, nearestOpenDay } from './nearest-open-day';
import './time-off.css';

/** `notified`: whether the client got the proposal in Telegram (POST /reschedule's answer). */
type Outcome = { date: string; time: string; notified: boolean } | 'none';

function AffectedRow(props: { booking: Booking; outcome: Outcome | undefined }) {
  const to = useTimeOffT();
  const lang = useLang();
  const b = props.booking;
  const [proposing, setProposing] = useState(false);
  const outcome = props.outcome;
  return (
    <li class="card affected-booking" data-testid="affected-booking">
      <div>
        <strong>
          {formatDate(b.start_at.slice(0, 10), lang, { weekday: 'short', day: 'numeric', month: 'short' })} {timeOf(b.start_at)}
        </strong>{' '}
        · {b.client.first_name} · {b.service.name} · {b.master.name}
      </div>
      {outcome === 'none' ? (
        <p class="muted">{to('noOpenDay', { n: OPEN_DAY_HORIZON })}</p>
      ) : outcome ? (
        <p class="notice success" role="status">
          {to('proposedOn', {
            date: formatDate(outcome.date, lang, { weekday: 'short', day: 'numeric', month: 'short' }),
            time: outcome.time,
          })}
          {!outcome.notified && <> {to('proposedUnheard', { phone: displayPhone(b.client.phone) })}</>}
        </p>
      ) : null}
      {proposing ? (
        <ProposeTime booking={b} onDone={() => setProposing(false)} onCancel={() => setProposing(false)} />
      ) : (
        <button type="button" class="btn btn-ghost btn-small" onClick={() => setProposing(true)}>
          {to('proposeOther')}
        </button>
      )}
    </li>
  );
}

export function AffectedBookings(props: { bookings: Booking[] }) {
  const to = useTimeOffT();
  const [outcomes, setOutcomes] = useState<Map<string, Outcome>>(new Map());
  const record = (id: string, outcome: Outcome) => setOutcomes((map) => new Map(map).set(id, outcome));
  const sameTime = useAction(async () => {
    for (const booking of props.bookings) {
      const found = await nearestOpenDay(booking);
      if (!found) {
        record(booking.id, 'none');
        continue;
      }
      const answer = await client.post('/reschedule/{booking_id}', {
        path: { booking_id: booking.id },
        body: { proposed_date: found.date, proposed_time: found.time },
      });
      record(booking.id, { ...found, notified: answer.notified });
    }
  });
  if (props.bookings.length === 0) return <p class="muted">{to('affectedNone')}</p>;
  return (
    <section class="stack affected" aria-label={to('affectedTitle', { n: props.bookings.length })}>
      <h3>{to('affectedTitle', { n: props.bookings.length })}</h3>
      <ErrorBox error={generalError(sameTime.error)} />
      <button type="button" class="btn btn-small" disabled={sameTime.busy} onClick={() => void sameTime.run()}>
        {to('proposeSameTime')}
      </button>
      <ul class="stack affected-list">
        {props.bookings.map((b) => (
          <AffectedRow key={b.id} booking={b} outcome={outcomes.get(b.id)} />
        ))}
      </ul>
    </section>
  );
}
