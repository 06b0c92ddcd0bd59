/**
 * A booking the owner enters (walk-in, phone or WhatsApp call): a returning client is
 * found by phone or name among the salon's clients, a new one is typed in; service,
 * master, date and time come prefilled from the calendar cell. POST /bookings. A booking on top of
 * another of the master's or in closed time (a holiday, the master's time off) asks first ("Записать всё
 * равно?", walk-in-question.tsx), unless strict slots refuse it anyway (the server's 409; decision 0076).
 * "+ ещё услуга" makes it a visit (visits/new-visit.tsx), asked the same way.
 */
import { useState } from 'preact/hooks';
import { hasCode } from '@shared/api';
import { formatPhoneInput, storedPhone } from '@core/phone-input.js';
import { ErrorBox, Modal, errorFor, generalError, useAction, useLoad } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { client, useSession, type Master } from '../common/state';
import { ClientFields } from './client-fields';
import { DateTimePicker } from './date-time-picker';
import { MasterServiceFields } from './master-service-fields';
import { useBookingsT } from './messages';
import { servicesOfMaster } from './owner-rules';
import { useNextFree } from './use-next-free';
import { VisitItemsFields, useVisitItems, type ExtraItem } from '../visits/new-visit';
import { WalkInQuestionText, bookingQuestion, type WalkInQuestion } from './walk-in-question';
import './bookings.css';

export interface NewBookingSeed {
  masterId: number;
  date: string;
  /** null: the master's next free time from `date` on (the "+ Новая запись" button). */
  time: string | null;
  /** "Записать снова" from the client card: the client and the last service come filled in. */
  serviceId?: number;
  client?: { firstName: string; phone: string };
  /** "Записать снова" after a visit: its items after the first (CONTRACT.md §20, the visit repeated). */
  extra?: ExtraItem[];
}

export function NewBooking(props: { seed: NewBookingSeed; masters: Master[]; onClose: () => void; onCreated: () => void }) {
  const t = useT(messages);
  const tb = useBookingsT();
  const [masterId, setMasterId] = useState(props.seed.masterId);
  const [date, setDate] = useState(props.seed.date);
  const [time, setTime] = useState(props.seed.time ?? '');
  const [firstName, setFirstName] = useState(props.seed.client?.firstName ?? '');
  const [phone, setPhone] = useState(props.seed.client ? formatPhoneInput(`+${props.seed.client.phone}`) : '');
  const [notes, setNotes] = useState('');
  const allServices = useLoad((signal) => client.get('/services', { signal }), []);
  const master = props.masters.find((m) => m.id === masterId);
  const services = servicesOfMaster(master, allServices.data ?? [], props.masters);
  const [serviceId, setServiceId] = useState<number | null>(props.seed.serviceId ?? null);
  const chosen = services.find((service) => service.id === serviceId) ?? services[0];
  // The master's own duration (their service items carry it) and the service's buffer (CONTRACT.md §17).
  const follow = (nextDate: string, nextTime: string) => (setDate(nextDate), setTime(nextTime));
  const nextFree = useNextFree(props.seed.time === null, masterId, props.seed.date, chosen?.duration, chosen?.buffer_after ?? 0, follow);
  const { business } = useSession();
  // The booking this one would sit on or the time off it would fall in, once the owner was told: the next press books all the same.
  const [clash, setClash] = useState<WalkInQuestion | null>(null);
  const visit = useVisitItems(props.masters, allServices.data ?? [], props.seed.extra, masterId, chosen); // CONTRACT.md §20
  const save = useAction(async () => {
    if (!chosen) return;
    const fields = { date, time, first_name: firstName.trim(), phone: storedPhone(phone) ? `+${storedPhone(phone)}` : phone };
    if (visit.active) {
      const asked = await visit.book({ ...fields, notes: notes.trim() || null }, business.strict_slots, clash !== null);
      return asked ? setClash(asked) : props.onCreated();
    }
    if (!business.strict_slots && !clash) {
      const found = await bookingQuestion(masterId, date, time, chosen.duration);
      if (found) return setClash(found);
    }
    await client.post('/bookings', { body: { service_id: chosen.id, master_id: masterId, ...fields, notes: notes.trim() || null } });
    props.onCreated();
  });
  const taken = hasCode(save.error, 'slot_taken');
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => (setClash(null), set(value));
  return (
    <Modal title={tb('newBooking')} onClose={props.onClose} closeLabel={t('close')}>
      <form
        aria-label={tb('newBooking')}
        onSubmit={(event) => {
          event.preventDefault();
          void save.run();
        }}
      >
        <ErrorBox error={taken ? tb('slotTaken') : generalError(save.error, ['first_name', 'phone', 'date', 'time'])} />
        <ClientFields
          firstName={firstName}
          phone={phone}
          onFirstName={setFirstName}
          onPhone={setPhone}
          errors={{ firstName: errorFor(save.error, 'first_name'), phone: errorFor(save.error, 'phone') }}
        />
        <MasterServiceFields
          masters={props.masters}
          masterId={masterId}
          onMaster={changed(setMasterId)}
          services={services}
          serviceId={chosen?.id}
          onService={changed(setServiceId)}
        />
        <VisitItemsFields visit={visit} onChange={() => setClash(null)} />
        <DateTimePicker
          names={{ date: 'date', time: 'time' }}
          labels={{ date: tb('date'), time: tb('time') }}
          date={date}
          time={time}
          onDate={(value) => (nextFree.stop(), setClash(null), setDate(value))}
          onTime={(value) => (nextFree.stop(), setClash(null), setTime(value))}
          errors={{ date: errorFor(save.error, 'date'), time: errorFor(save.error, 'time') }}
        />
        {nextFree.auto && time && (
          <p class="muted next-free" data-testid="next-free">
            {tb('nextFreeTime')}
          </p>
        )}
        {nextFree.noFreeTime && (
          <p class="notice" role="status">
            {tb('noFreeTime')}
          </p>
        )}
        <label class="field">
          <span class="muted">{tb('bookingNotes')}</span>
          <textarea class="input" name="notes" rows={2} value={notes} onInput={(e) => setNotes((e.target as HTMLTextAreaElement).value)} />
        </label>
        {clash && <WalkInQuestionText question={clash} masterName={master?.name ?? ''} />}
        <div class="row">
          <button class="btn" disabled={save.busy || !chosen}>
            {clash ? tb('bookAnyway') : tb('createBooking')}
          </button>
          <button type="button" class="btn btn-ghost" onClick={props.onClose}>
            {t('cancelAction')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
