/**
 * A master's own day in the panel (CONTRACT.md §16), after the bot's /panel link: that master's
 * bookings of today, tomorrow or any day; confirm, reject and propose a time only when the owner lets
 * masters decide. No owner menus; one column that fits 360 px.
 */
import { useState } from 'preact/hooks';
import { ErrorBox, LangSwitch, ListState, displayPhone, generalError, useAction, useLoad } from '@shared/panel-ui';
import { BookingActions } from '../bookings/booking-actions';
import { addDays, timeOf, today } from '../common/dates';
import { useT, messages } from '../common/messages';
import { ProposeTime } from '../bookings/propose';
import { StatusBadge } from '../common/status-badge';
import { client, type Booking, type Business, type Status } from '../common/state';
import { useMasterPanelT } from './messages';
import { MasterTimeOff } from './master-time-off';
import './master-panel.css';

export interface MasterUser {
  master_id: number;
  full_name: string;
}

function MasterBooking(props: { booking: Booking; canDecide: boolean; onChange: () => void }) {
  const tm = useMasterPanelT();
  const b = props.booking;
  const [proposing, setProposing] = useState(false);
  const status = useAction(async (next: Status) => {
    await client.patch('/bookings/{id}', { path: { id: b.id }, body: { status: next } });
    props.onChange();
  });
  return (
    <li class="card master-booking" data-testid="master-booking">
      <div class="row master-booking-head">
        <strong>
          {timeOf(b.start_at)}–{timeOf(b.end_at)}
        </strong>
        <StatusBadge status={b.status} />
      </div>
      <div>{b.service.name}</div>
      <div>
        {b.client.first_name} · <a href={`tel:${b.client.phone}`}>{displayPhone(b.client.phone)}</a>
      </div>
      {b.notes && <p class="muted master-booking-notes">{b.notes}</p>}
      {props.canDecide && (
        <div class="master-booking-actions">
          <ErrorBox error={generalError(status.error)} />
          <BookingActions booking={b} busy={status.busy} onStatus={(next) => void status.run(next)} />
          {proposing ? (
            <ProposeTime booking={b} onDone={() => (setProposing(false), props.onChange())} onCancel={() => setProposing(false)} />
          ) : (
            (b.status === 'pending' || b.status === 'confirmed') && (
              <button type="button" class="btn btn-ghost btn-small" onClick={() => setProposing(true)}>
                {tm('propose')}
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
  const tm = useMasterPanelT();
  const [date, setDate] = useState(today());
  const bookings = useLoad((signal) => client.get('/bookings', { query: { date }, signal }), [date]);
  const timeOff = useLoad((signal) => client.get('/time-off', { query: { from: date, to: date }, signal }), [date]);
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
    <main class="main master-day" id="main" data-testid="master-day">
      <div class="topbar row master-day-top">
        <div>
          <h1>{tm('masterDay')}</h1>
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
      <div class="row master-day-pick" role="group" aria-label={tm('pickDay')}>
        {dayButton(t('today'), today())}
        {dayButton(tm('tomorrow'), addDays(today(), 1))}
        <input
          type="date"
          aria-label={tm('pickDay')}
          value={date}
          onChange={(e) => setDate((e.target as HTMLInputElement).value || today())}
        />
      </div>
      {timeOff.data && <MasterTimeOff entries={timeOff.data} />}
      {!canDecide && <p class="muted">{tm('readOnly')}</p>}
      <ListState loaded={bookings} loadingText={t('loading')} emptyText={tm('noBookingsThatDay')}>
        {(items) => (
          <ul class="master-bookings">
            {items.map((b) => (
              <MasterBooking key={b.id} booking={b} canDecide={canDecide} onChange={bookings.reload} />
            ))}
          </ul>
        )}
      </ListState>
    </main>
  );
}
