/**
 * A booking the owner enters (walk-in, phone or WhatsApp call): a returning client is
 * found by phone or name among the salon's clients, a new one is typed in; service,
 * master, date and time come prefilled from the calendar cell. POST /bookings.
 */
import { useState } from 'preact/hooks';
import { hasCode } from '@shared/api';
import { formatPhoneInput, storedPhone } from '@core/phone-input.js';
import {
  ErrorBox,
  Modal,
  PhoneField,
  TextField,
  displayPhone,
  errorFor,
  generalError,
  useAction,
  useDebounced,
  useLoad,
} from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { useFirstWeekT } from '../onboarding/first-week-messages';
import { useOwnerT } from '../common/owner-messages';
import { client, type Master } from '../common/state';
import { useNextFree } from './use-next-free';
import { useSetupT } from '../onboarding/setup-messages';

export interface NewBookingSeed {
  masterId: number;
  date: string;
  /** null: the master's next free time from `date` on (the "+ Новая запись" button). */
  time: string | null;
  /** "Записать снова" from the client card: the client and the last service come filled in. */
  serviceId?: number;
  client?: { firstName: string; phone: string };
}

function ClientSearch(props: { onPick: (name: string, phone: string) => void }) {
  const o = useOwnerT();
  const [q, setQ] = useState('');
  const query = useDebounced(q.trim(), 250);
  const found = useLoad(
    (signal) => (query.length < 2 ? Promise.resolve([]) : client.get('/clients', { query: { q: query, limit: 8 }, signal })),
    [query],
  );
  return (
    <div class="field">
      <label for="client-find">
        <span class="muted">{o('clientSearch')}</span>
      </label>
      <input
        id="client-find"
        type="search"
        class="input"
        autocomplete="off"
        value={q}
        onInput={(e) => setQ((e.target as HTMLInputElement).value)}
        aria-describedby="client-find-hint"
      />
      <span id="client-find-hint" class="muted" style="font-size:.85rem">
        {o('clientSearchHint')}
      </span>
      {(found.data ?? []).length > 0 && (
        <div class="chips" role="group" aria-label={o('clientsFound')} style="margin-top:6px">
          {found.data!.map((c) => (
            <button type="button" class="chip" key={c.id} onClick={() => (props.onPick(c.first_name, c.phone), setQ(''))}>
              {c.first_name} · {displayPhone(c.phone)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

export function NewBooking(props: { seed: NewBookingSeed; masters: Master[]; onClose: () => void; onCreated: () => void }) {
  const t = useT(messages);
  const f = useFirstWeekT();
  const o = useOwnerT();
  const [masterId, setMasterId] = useState(props.seed.masterId);
  const s = useSetupT();
  const [date, setDate] = useState(props.seed.date);
  const [time, setTime] = useState(props.seed.time ?? '');
  const [auto, setAuto] = useState(props.seed.time === null);
  const [firstName, setFirstName] = useState(props.seed.client?.firstName ?? '');
  const [phone, setPhone] = useState(props.seed.client ? formatPhoneInput(`+${props.seed.client.phone}`) : '');
  const [notes, setNotes] = useState('');
  const allServices = useLoad((signal) => client.get('/services', { signal }), []);
  const master = props.masters.find((m) => m.id === masterId);
  const services = master && master.services.length > 0 ? master.services : (allServices.data ?? []);
  const [serviceId, setServiceId] = useState<number | null>(props.seed.serviceId ?? null);
  const chosen = services.find((service) => service.id === serviceId) ?? services[0];
  // The master's own duration (their service items carry it) and the service's buffer (CONTRACT.md §17).
  const noFreeTime = useNextFree(auto, masterId, props.seed.date, chosen?.duration, chosen?.buffer_after ?? 0, (nextDate, nextTime) => {
    setDate(nextDate);
    setTime(nextTime);
  });
  const save = useAction(async () => {
    if (!chosen) return;
    await client.post('/bookings', {
      body: {
        service_id: chosen.id,
        master_id: masterId,
        date,
        time,
        first_name: firstName.trim(),
        phone: storedPhone(phone) ? `+${storedPhone(phone)}` : phone,
        notes: notes.trim() || null,
      },
    });
    props.onCreated();
  });
  const taken = hasCode(save.error, 'slot_taken');
  return (
    <Modal title={o('newBooking')} onClose={props.onClose} closeLabel={t('close')}>
      <form
        aria-label={o('newBooking')}
        onSubmit={(event) => {
          event.preventDefault();
          void save.run();
        }}
      >
        <ErrorBox error={taken ? o('slotTaken') : generalError(save.error, ['first_name', 'phone', 'date', 'time'])} />
        <ClientSearch onPick={(name, number) => (setFirstName(name), setPhone(formatPhoneInput(`+${number}`)))} />
        <div class="grid2">
          <TextField
            label={o('firstName')}
            name="first_name"
            required
            value={firstName}
            onValue={setFirstName}
            error={errorFor(save.error, 'first_name')}
          />
          <PhoneField
            label={o('clientPhone')}
            name="phone"
            required
            autocomplete="off"
            placeholder="+7 (7__) ___-__-__"
            value={phone}
            onValue={setPhone}
            error={errorFor(save.error, 'phone')}
          />
        </div>
        <div class="grid2">
          <label class="field">
            <span class="muted">{t('master')}</span>
            <select
              class="input"
              name="master_id"
              value={String(masterId)}
              onChange={(e) => setMasterId(Number((e.target as HTMLSelectElement).value))}
            >
              {props.masters.map((m) => (
                <option key={m.id} value={String(m.id)}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
          <label class="field">
            <span class="muted">{t('service')}</span>
            <select
              class="input"
              name="service_id"
              required
              value={chosen ? String(chosen.id) : ''}
              onChange={(e) => setServiceId(Number((e.target as HTMLSelectElement).value))}
            >
              {services.map((service) => (
                <option key={service.id} value={String(service.id)}>
                  {service.name} ({service.duration}′)
                </option>
              ))}
            </select>
          </label>
        </div>
        <div class="grid2">
          <TextField
            label={o('date')}
            name="date"
            type="date"
            required
            value={date}
            onValue={(value) => (setAuto(false), setDate(value))}
            error={errorFor(save.error, 'date')}
          />
          <TextField
            label={o('time')}
            name="time"
            type="time"
            step={300}
            required
            value={time}
            onValue={(value) => (setAuto(false), setTime(value))}
            error={errorFor(save.error, 'time')}
          />
        </div>
        {auto && time && (
          <p class="muted" style="margin:-6px 0 10px;font-size:.85rem" data-testid="next-free">
            {s('nextFreeTime')}
          </p>
        )}
        {noFreeTime && (
          <p class="notice" role="status">
            {s('noFreeTime')}
          </p>
        )}
        <label class="field">
          <span class="muted">{f('bookingNotes')}</span>
          <textarea class="input" name="notes" rows={2} value={notes} onInput={(e) => setNotes((e.target as HTMLTextAreaElement).value)} />
        </label>
        <div class="row">
          <button class="btn" disabled={save.busy || !chosen}>
            {o('createBooking')}
          </button>
          <button type="button" class="btn btn-ghost" onClick={props.onClose}>
            {t('cancelAction')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
