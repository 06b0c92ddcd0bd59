/**
 * Status buttons of one booking, grouped by what they mean: a pending request is
 * confirmed or declined (the bot sends nothing on a decline, so the owner is told to call),
 * a confirmed booking is completed (only once it has started) or cancelled (a client
 * subscribed to the bot is told; the question says so and gives the phone).
 */
import { useState } from 'preact/hooks';
import { displayPhone } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { useOwnerT } from '../common/owner-messages';
import { hm, nowMinute, today } from '../common/dates';
import type { Booking, Status } from '../common/state';

/** The booking's start is not in the future on the business's wall clock. */
export const hasStarted = (startAt: string): boolean => startAt.slice(0, 16) <= `${today()}T${hm(nowMinute())}`;

type Asking = 'cancelled' | 'rejected' | null;

export function BookingActions(props: { booking: Booking; busy: boolean; onStatus: (status: Status) => void }) {
  const t = useT(messages);
  const o = useOwnerT();
  const [asking, setAsking] = useState<Asking>(null);
  const b = props.booking;
  const started = hasStarted(b.start_at);
  if (asking) {
    const cancel = asking === 'cancelled';
    return (
      <div class="notice" role="alertdialog" aria-label={cancel ? o('cancelBooking') : o('rejectRequest')} style="margin-bottom:12px">
        <p style="margin:0 0 8px">
          {(cancel ? o('cancelAsk') : o('rejectAsk'))
            .replace('{client}', b.client.first_name)
            .replace('{phone}', displayPhone(b.client.phone))}
        </p>
        <div class="row">
          <button
            type="button"
            class="btn btn-danger btn-small"
            disabled={props.busy}
            onClick={() => (props.onStatus(asking), setAsking(null))}
          >
            {cancel ? o('cancelYes') : o('rejectYes')}
          </button>
          <button type="button" class="btn btn-ghost btn-small" onClick={() => setAsking(null)}>
            {t('keep')}
          </button>
        </div>
      </div>
    );
  }
  if (b.status === 'pending') {
    return (
      <div class="row actions-group" role="group" aria-label={o('requestActions')} style="margin-bottom:12px">
        <button type="button" class="btn btn-small" disabled={props.busy} onClick={() => props.onStatus('confirmed')}>
          {t('confirm')}
        </button>
        <button type="button" class="btn btn-ghost btn-small danger" disabled={props.busy} onClick={() => setAsking('rejected')}>
          {o('rejectRequest')}
        </button>
      </div>
    );
  }
  if (b.status === 'confirmed') {
    return (
      <div class="stack" style="margin-bottom:12px;gap:6px">
        <div class="row actions-group" role="group" aria-label={o('bookingActions')}>
          {started && (
            <button type="button" class="btn btn-small" disabled={props.busy} onClick={() => props.onStatus('completed')}>
              {t('complete')}
            </button>
          )}
          <button type="button" class="btn btn-ghost btn-small danger" disabled={props.busy} onClick={() => setAsking('cancelled')}>
            {o('cancelBooking')}
          </button>
        </div>
        {!started && (
          <p class="muted" style="margin:0;font-size:.85rem">
            {o('completeNotYet')}
          </p>
        )}
      </div>
    );
  }
  if (b.status === 'cancelled' || b.status === 'rejected') {
    return (
      <div class="row" style="margin-bottom:12px">
        <button type="button" class="btn btn-ghost btn-small" disabled={props.busy} onClick={() => props.onStatus('confirmed')}>
          {t('confirm')}
        </button>
      </div>
    );
  }
  return null;
}
