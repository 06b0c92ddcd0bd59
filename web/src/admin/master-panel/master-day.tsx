/**
 * A master's own day in the panel (CONTRACT.md §16), after the bot's /panel link: that master's
 * bookings of today, tomorrow or any day; confirm, reject and propose a time only when the owner lets
 * masters decide. No owner menus; one column that fits 360 px.
 */
import { useState } from 'preact/hooks';
import { ErrorBox, LangSwitch, ListState, displayPhone, generalError, useAction, useLoad } from '@shared/panel-ui';
import { BookingActions } from '../bookings/booking-actions';
import { addDays, timeOf, today } from '../common/dates';
import { useMasterT } from '../masters/master-access-messages';
import { useT, messages } from '../common/messages';
import { ProposeTime } from '../bookings/propose';
import { StatusBadge } from '../common/status-badge';
import { client, type Booking, type Business, type Status } from '../common/state';

export interface MasterUser {
  master_id: number;
  full_name: string;
}

function MasterBooking(props: { booking: Booking; canDecide: boolean; onChange: () => void }) {
  const m = useMasterT();
  const b = props.booking;
  const [proposing, setProposing] = useState(false);
  const status = useAction(async (next: Status) => {
    await client.patch('/bookings/{id}', { path: { id: b.id }, body: { status: next } });
    props.onChange();
  });
  return (
    <li class="card" style="margin:0 0 8px" data-testid="master-booking">
      <div class="row" style="justify-content:space-between">
        <strong>
          {timeOf(b.start_at)}–{timeOf(b.end_at)}
        </strong>
        <StatusBadge status={b.status} />
      </div>
      <div>{b.service.name}</div>
      <div>
        {b.client.first_name} · <a href={`tel:${b.client.phone}`}>{displayPhone(b.client.phone)}</a>
      </div>
      {b.notes && (
        <p class="muted" style="margin:4px 0">
          {b.notes}
        </p>
      )}
      {props.canDecide && (
        <div style="margin-top:8px">
          <ErrorBox error={generalError(status.error)} />
          <BookingActions booking={b} busy={status.busy} onStatus={(next) => void status.run(next)} />
          {proposing ? (
            <ProposeTime booking={b} onDone={() => (setProposing(false), props.onChange())} onCancel={() => setProposing(false)} />
          ) : (
            (b.status === 'pending' || b.status === 'confirmed') && (
              <button type="button" class="btn btn-ghost btn-small" onClick={() => setProposing(true)}>
                {m('propose')}
              </button>
            )
          )}
        </div>
      )}
    </li>
  );
}

export function MasterDay(props: { me: MasterUser; business: Business; onLogout: () => void }) {
  const t = useT(messages);
  const m = useMasterT();
  const [date, setDate] = useState(today());
  const bookings = useLoad((signal) => client.get('/bookings', { query: { date }, signal }), [date]);
  const canDecide = props.business.masters_can_decide;
  const dayButton = (label: string, day: string) => (
    <button
      type="button"
      class={date === day ? 'btn btn-small' : 'btn btn-ghost btn-small'}
      aria-pressed={date === day}
      onClick={() => setDate(day)}
    >
      {label}
    </button>
  );
  return (
    <main class="main" id="main" style="max-width:640px;margin:0 auto;padding:12px" data-testid="master-day">
      <div class="topbar row" style="justify-content:space-between">
        <div>
          <h1 style="margin:0">{m('masterDay')}</h1>
          <div class="muted">
            {props.me.full_name} · {props.business.name}
          </div>
        </div>
        <div class="row">
          <LangSwitch />
          <button type="button" class="btn btn-ghost btn-small" onClick={props.onLogout}>
            {t('logout')}
          </button>
        </div>
      </div>
      <div class="row" role="group" aria-label={m('pickDay')} style="margin:12px 0">
        {dayButton(t('today'), today())}
        {dayButton(m('tomorrow'), addDays(today(), 1))}
        <input
          type="date"
          aria-label={m('pickDay')}
          value={date}
          onChange={(e) => setDate((e.target as HTMLInputElement).value || today())}
        />
      </div>
      {!canDecide && <p class="muted">{m('readOnly')}</p>}
      <ListState loaded={bookings} loadingText={t('loading')} emptyText={m('noBookingsThatDay')}>
        {(items) => (
          <ul style="list-style:none;padding:0;margin:0">
            {items.map((b) => (
              <MasterBooking key={b.id} booking={b} canDecide={canDecide} onChange={bookings.reload} />
            ))}
          </ul>
        )}
      </ListState>
    </main>
  );
}
