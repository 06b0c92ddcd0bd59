/** One booking of the provider's day list, with the moves that fit its status. */
import type { Answer } from '@shared/client';
import { formatPrice } from '@shared/i18n';
import { formatPhone } from '@core/phone.js';
import type { MiniT } from './messages';

export type DayBooking = Answer<'/bookings'>[number];

/** Which buttons a booking gets: SPEC.md lets PATCH set any status; these are the useful moves. */
export type Action = 'confirmed' | 'completed' | 'cancelled' | 'rejected';
const ACTIONS: Partial<Record<DayBooking['status'], Action[]>> = {
  pending: ['confirmed', 'rejected'],
  confirmed: ['completed', 'cancelled'],
};
const ACTION_LABEL = { confirmed: 'confirm', completed: 'complete', cancelled: 'cancel', rejected: 'reject' } as const;

interface RowProps {
  t: MiniT;
  booking: DayBooking;
  /** Only a booking that has begun can be completed (and count as done). */
  started: boolean;
  busy: boolean;
  canDecide: boolean;
  onChange(status: Action): void;
}

export function BookingRow({ t, booking, started, busy, canDecide, onChange }: RowProps) {
  const { status } = booking;
  const actions = canDecide ? (ACTIONS[status] ?? []).filter((next) => next !== 'completed' || started) : [];
  return (
    <li class="booking" data-booking={booking.id} data-status={status}>
      <div class="booking-head">
        <b class="booking-time">
          {booking.start_at.slice(11, 16)}–{booking.end_at.slice(11, 16)}
        </b>
        <span class={`badge badge-${status}`}>{t(status) || status}</span>
      </div>
      <div>
        {booking.service.name} · {formatPrice(booking.price_snapshot)}
      </div>
      <div class="muted">
        {booking.client.first_name}, <a href={`tel:+${booking.client.phone}`}>{formatPhone(booking.client.phone)}</a> ·{' '}
        {booking.master.name}
      </div>
      {booking.notes && <div class="muted notes">{booking.notes}</div>}
      {actions.length > 0 && (
        <div class="actions">
          {actions.map((next) => (
            <button
              key={next}
              type="button"
              class={`btn ${next === 'cancelled' || next === 'rejected' ? 'btn-ghost' : ''}`}
              data-action={next}
              disabled={busy}
              onClick={() => onChange(next)}
            >
              {t(ACTION_LABEL[next])}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}
