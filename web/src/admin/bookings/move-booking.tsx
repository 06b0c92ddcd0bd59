/**
 * Moving a booking (CONTRACT.md §12, PATCH date/time/master_id): the "move" action with
 * the chosen master's free start times (the same picker as the proposal's), and the
 * question asked before the client is told, for it and for a drag.
 */
import { useState } from 'preact/hooks';
import { hasCode } from '@shared/api';
import { formatDate, useLang } from '@shared/i18n';
import { ErrorBox, Modal, generalError, useAction, useLoad } from '@shared/panel-ui';
import { dateOf } from '../common/dates';
import { FreeTimes } from './free-times';
import { useT, messages } from '../common/messages';
import { useOwnerT } from '../common/owner-messages';
import { client, type Booking, type Master } from '../common/state';

export interface MoveTarget {
  masterId: number;
  masterName: string;
  date: string;
  time: string;
}

/** "Перенести …? Клиент получит уведомление" with yes/no; the PATCH runs only on yes. */
function MoveQuestion(props: { booking: Booking; target: MoveTarget; onDone: (moved: Booking) => void; onCancel: () => void }) {
  const o = useOwnerT();
  const t = useT(messages);
  const lang = useLang();
  const { booking, target } = props;
  const move = useAction(async () => {
    const body: { date: string; time: string; master_id?: number } = { date: target.date, time: target.time };
    if (target.masterId !== booking.master.id) body.master_id = target.masterId;
    props.onDone(await client.patch('/bookings/{id}', { path: { id: booking.id }, body }));
  });
  const taken = hasCode(move.error, 'slot_taken');
  const when = `${formatDate(target.date, lang, { weekday: 'short', day: 'numeric', month: 'long' })}, ${target.time}`;
  return (
    <div class="notice" role="alertdialog" aria-label={o('moveTitle')} data-testid="move-question">
      <p style="margin:0 0 8px">{o('moveAsk', { client: booking.client.first_name, when, master: target.masterName })}</p>
      <ErrorBox error={taken ? o('slotTaken') : generalError(move.error)} />
      <div class="row">
        <button type="button" class="btn btn-small" disabled={move.busy} onClick={() => void move.run()}>
          {o('moveYes')}
        </button>
        <button type="button" class="btn btn-ghost btn-small" onClick={props.onCancel}>
          {t('cancelAction')}
        </button>
      </div>
    </div>
  );
}

/** A drag on the calendar ended on another time or master: ask, then move. */
export function ConfirmMove(props: { booking: Booking; target: MoveTarget; onClose: () => void; onMoved: () => void }) {
  const o = useOwnerT();
  const t = useT(messages);
  return (
    <Modal title={o('moveTitle')} onClose={props.onClose} closeLabel={t('close')}>
      <MoveQuestion booking={props.booking} target={props.target} onDone={props.onMoved} onCancel={props.onClose} />
    </Modal>
  );
}

/** The phone's way to move: a date, a master, one of the master's free start times (or a typed one). */
export function MoveBooking(props: { booking: Booking; onMoved: (moved: Booking) => void; onCancel: () => void }) {
  const o = useOwnerT();
  const t = useT(messages);
  const b = props.booking;
  const [date, setDate] = useState(dateOf(b.start_at));
  const [masterId, setMasterId] = useState(b.master.id);
  const [time, setTime] = useState('');
  const [asking, setAsking] = useState(false);
  const loaded = useLoad((signal) => client.get('/masters', { signal }), []);
  // An archived master still names the booking: it stays choosable, as "leave it with this master".
  const known: Array<Pick<Master, 'id' | 'name'>> = loaded.data ?? [];
  const masters = known.some((m) => m.id === b.master.id) ? known : [...known, b.master];
  const master = masters.find((m) => m.id === masterId) ?? b.master;
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
      class="card"
      style="margin-bottom:16px;box-shadow:none;border:1px solid var(--border)"
      aria-label={o('moveTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        if (time) setAsking(true);
      }}
    >
      <div class="row" style="align-items:end">
        <label class="field" style="margin:0">
          <span>{t('newDate')}</span>
          <input
            class="input small"
            type="date"
            name="move_date"
            required
            value={date}
            onChange={(e) => (setDate((e.target as HTMLInputElement).value), setTime(''))}
          />
        </label>
        <label class="field" style="margin:0">
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
        <label class="field" style="margin:0">
          <span>{t('newTime')}</span>
          <input
            class="input small"
            type="time"
            name="move_time"
            step={300}
            required
            value={time}
            onInput={(e) => setTime((e.target as HTMLInputElement).value)}
          />
        </label>
      </div>
      <FreeTimes booking={b} master={master} date={date} time={time} onPick={setTime} />
      <div class="row" style="margin-top:12px">
        <button class="btn btn-small" disabled={!time}>
          {o('move')}
        </button>
        <button type="button" class="btn btn-ghost btn-small" onClick={props.onCancel}>
          {t('cancelAction')}
        </button>
      </div>
    </form>
  );
}
