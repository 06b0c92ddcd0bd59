/**
 * Status buttons of one booking, grouped by what they mean: a pending request is
 * confirmed or declined (the bot sends nothing on a decline, so the owner is told to call),
 * a confirmed booking is completed (only once it has started) or cancelled (a client
 * subscribed to the bot is told; the question says so and gives the phone).
 */
import { useState } from 'preact/hooks';
import { AskFirst } from './ask-first';
import { hm, nowMinute, today } from '../common/dates';
import type { Booking, Status } from '../common/state';
import { useBookingsT } from './messages';
import './bookings.css';

/** The booking's start is not in the future on the business's wall clock. */
export const hasStarted = (startAt: string): boolean => startAt.slice(0, 16) <= `${today()}T${hm(nowMinute())}`;

type Asking = 'cancelled' | 'rejected' | null;

export function BookingActions(props: { booking: Booking; busy: boolean; onStatus: (status: Status) => void }) {
  const tb = useBookingsT();
  const [asking, setAsking] = useState<Asking>(null);
  const b = props.booking;
  const started = hasStarted(b.start_at);
  if (asking) {
    const cancel = asking === 'cancelled';
    return (
      <AskFirst
        label={cancel ? tb('cancelBooking') : tb('rejectRequest')}
        ask={cancel ? tb('cancelAsk') : tb('rejectAsk')}
        yes={cancel ? tb('cancelYes') : tb('rejectYes')}
        client={b.client}
        busy={props.busy}
        onYes={() => (props.onStatus(asking), setAsking(null))}
        onKeep={() => setAsking(null)}
      />
    );
  }
  if (b.status === 'pending') {
    return (
      <div class="row actions-group booking-actions" role="group" aria-label={tb('requestActions')}>
        <button type="button" class="btn btn-small" disabled={props.busy} onClick={() => props.onStatus('confirmed')}>
          {tb('confirm')}
        </button>
        <button type="button" class="btn btn-ghost btn-small danger" disabled={props.busy} onClick={() => setAsking('rejected')}>
          {tb('rejectRequest')}
        </button>
      </div>
    );
  }
  if (b.status === 'confirmed') {
    return (
      <div class="stack booking-actions">
        <div class="row actions-group" role="group" aria-label={tb('bookingActions')}>
          {started && (
            <button type="button" class="btn btn-small" disabled={props.busy} onClick={() => props.onStatus('completed')}>
              {tb('complete')}
            </button>
          )}
          <button type="button" class="btn btn-ghost btn-small danger" disabled={props.busy} onClick={() => setAsking('cancelled')}>
            {tb('cancelBooking')}
          </button>
        </div>
        {!started && <p class="muted complete-not-yet">{tb('completeNotYet')}</p>}
      </div>
    );
  }
  if (b.status === 'cancelled' || b.status === 'rejected') {
    return (
      <div class="row booking-actions">
        <button type="button" class="btn btn-ghost btn-small" disabled={props.busy} onClick={() => props.onStatus('confirmed')}>
          {tb('confirm')}
        </button>
      </div>
    );
  }
  return null;
}
