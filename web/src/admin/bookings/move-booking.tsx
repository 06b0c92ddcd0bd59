/**
 * Moving a booking (CONTRACT.md §12): the phone's way, in a booking's detail: a date, a master,
 * one of the master's free start times (the same picker as the proposal's) or a typed one; then
 * the question of move-question.tsx, which a drag on the calendar asks too. Only the masters who do
 * the booking's service are offered (CONTRACT.md §19 master_not_for_service); another master's line
 * says who takes it and that the price stays, with that master's own price beside it (decision 0076).
 */
import { useState } from 'preact/hooks';
import { formatPrice } from '@shared/i18n';
import { useLoad } from '@shared/panel-ui';
import { dateOf, timeOf } from '../common/dates';
import { DateTimePicker } from './date-time-picker';
import { FreeTimes } from './free-times';
import { MoveQuestion } from './move-question';
import { useT, messages } from '../common/messages';
import { client, type Booking, type Master } from '../common/state';
import { useBookingsT } from './messages';
import { mastersForService, priceOf } from './owner-rules';

/** "11:00 Ерлан → 11:00 Данияр" and the price: the booking's price_snapshot never changes (SPEC.md). */
function MasterChange(props: { booking: Booking; master: Pick<Master, 'name' | 'services'>; time: string }) {
  const tb = useBookingsT();
  const b = props.booking;
  const price = priceOf(props.master, b.service.id);
  return (
    <div class="master-change" data-testid="move-change">
      <p>
        <strong>
          {timeOf(b.start_at)} {b.master.name} → {props.time || '…'} {props.master.name}
        </strong>
      </p>
      <p class="muted">
        {tb('priceStays', { price: formatPrice(b.price_snapshot) })}
        {price !== undefined && price !== b.price_snapshot && (
          <> {tb('masterPrice', { master: props.master.name, price: formatPrice(price) })}</>
        )}
      </p>
    </div>
  );
}

export function MoveBooking(props: { booking: Booking; onMoved: (moved: Booking) => void; onCancel: () => void }) {
  const tb = useBookingsT();
  const t = useT(messages);
  const b = props.booking;
  const [date, setDate] = useState(dateOf(b.start_at));
  const [masterId, setMasterId] = useState(b.master.id);
  const [time, setTime] = useState('');
  const [asking, setAsking] = useState(false);
  const loaded = useLoad((signal) => client.get('/masters', { signal }), []);
  // An archived master still names the booking: it stays choosable, as "leave it with this master".
  const current: Pick<Master, 'id' | 'name' | 'services'> = { ...b.master, services: [] };
  const known: Array<Pick<Master, 'id' | 'name' | 'services'>> = loaded.data ?? [];
  const masters = mastersForService(known, b.service.id, known.find((m) => m.id === b.master.id) ?? current);
  const master = masters.find((m) => m.id === masterId) ?? current;
  if (asking) {
    return (
      <MoveQuestion
        booking={b}
        target={{ masterId, masterName: master.name, date, time }}
        onDone={props.onMoved}
        onCancel={() => setAsking(false)}
      />
    );
  }
  return (
    <form
      class="card detail-form"
      aria-label={tb('moveTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        if (time) setAsking(true);
      }}
    >
      <DateTimePicker
        inline
        names={{ date: 'move_date', time: 'move_time' }}
        labels={{ date: tb('newDate'), time: tb('newTime') }}
        date={date}
        time={time}
        onDate={(value) => (setDate(value), setTime(''))}
        onTime={setTime}
      >
        <label class="field">
          <span>{t('master')}</span>
          <select
            class="input small"
            name="move_master"
            value={String(masterId)}
            onChange={(e) => (setMasterId(Number((e.target as HTMLSelectElement).value)), setTime(''))}
          >
            {masters.map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      </DateTimePicker>
      <FreeTimes booking={b} master={master} date={date} time={time} onPick={setTime} />
      {master.id !== b.master.id && <MasterChange booking={b} master={master} time={time} />}
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
