/**
 * A visit's status buttons (CONTRACT.md §20: PATCH /visits/{id} {status} gives every booking that status), grouped
 * as a single booking's (booking-actions.tsx): a pending visit is confirmed or declined, a confirmed one completed
 * once it has started or cancelled (asked first, with the client's phone), a cancelled one confirmed again; a
 * `mixed` one is confirmed or cancelled as a whole.
 */
import { useState } from 'preact/hooks';
import { AskFirst } from '../bookings/ask-first';
import { hasStarted } from '../bookings/booking-actions';
import { useBookingsT } from '../bookings/messages';
import type { Status } from '../common/state';
import type { Visit } from './visit-facts';
import { useVisitsT } from './messages';

type Asking = 'cancelled' | 'rejected' | null;

export function VisitActions(props: { visit: Visit; busy: boolean; onStatus: (status: Status) => void }) {
  const tb = useBookingsT();
  const tv = useVisitsT();
  const [asking, setAsking] = useState<Asking>(null);
  const v = props.visit;
  const who = v.bookings[0]!.client;
  const button = (label: string, status: Status, danger = false) => (
    <button
      type="button"
      class={danger ? 'btn btn-ghost btn-small danger' : 'btn btn-small'}
      disabled={props.busy}
      onClick={() => (danger ? setAsking(status as Asking) : props.onStatus(status))}
    >
      {label}
    </button>
  );
  if (asking) {
    const cancel = asking === 'cancelled';
    return (
      <AskFirst
        label={cancel ? tv('cancelAll') : tb('rejectRequest')}
        ask={cancel ? tv('cancelVisitAsk') : tb('rejectAsk')}
        yes={cancel ? tv('cancelVisitYes') : tb('rejectYes')}
        client={who}
        busy={props.busy}
        onYes={() => (props.onStatus(asking), setAsking(null))}
        onKeep={() => setAsking(null)}
      />
    );
  }
  const started = hasStarted(v.start_at);
  switch (v.status) {
    case 'pending':
      return (
        <div class="row actions-group booking-actions" role="group" aria-label={tb('requestActions')}>
          {button(tb('confirm'), 'confirmed')}
          {button(tb('rejectRequest'), 'rejected', true)}
        </div>
      );
    case 'confirmed':
      return (
        <div class="stack booking-actions">
          <div class="row actions-group" role="group" aria-label={tb('bookingActions')}>
            {started && button(tb('complete'), 'completed')}
            {button(tv('cancelAll'), 'cancelled', true)}
          </div>
          {!started && <p class="muted complete-not-yet">{tb('completeNotYet')}</p>}
        </div>
      );
    case 'cancelled':
    case 'rejected':
      return <div class="row booking-actions">{button(tb('confirm'), 'confirmed')}</div>;
    case 'mixed':
      return (
        <div class="row actions-group booking-actions" role="group" aria-label={tb('bookingActions')}>
          {button(tv('confirmAll'), 'confirmed')}
          {button(tv('cancelAll'), 'cancelled', true)}
        </div>
      );
    default:
      return null;
  }
}
