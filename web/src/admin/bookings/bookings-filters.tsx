/** The bookings page's filters: a date range, a status, a master (the server applies them). */
import { useT, messages } from '../common/messages';
import { STATUSES, type Master, type Status } from '../common/state';
import { useBookingsT } from './messages';

export interface BookingFilters {
  date_from: string;
  date_to: string;
  status: Status | '';
  master_id: string;
}

export function BookingsFilters(props: { filters: BookingFilters; masters: Master[]; onChange: (filters: BookingFilters) => void }) {
  const t = useT(messages);
  const tb = useBookingsT();
  const { filters } = props;
  const set = (key: keyof BookingFilters) => (event: Event) =>
    props.onChange({ ...filters, [key]: (event.target as HTMLInputElement).value });
  return (
    <form class="row card bookings-filters" aria-label={tb('filters')} onSubmit={(e) => e.preventDefault()}>
      <label class="field">
        <span>{t('from')}</span>
        <input class="input small" type="date" name="date_from" value={filters.date_from} onChange={set('date_from')} />
      </label>
      <label class="field">
        <span>{t('to')}</span>
        <input class="input small" type="date" name="date_to" value={filters.date_to} onChange={set('date_to')} />
      </label>
      <label class="field">
        <span>{t('status')}</span>
        <select class="input small" name="status" value={filters.status} onChange={set('status')}>
          <option value="">{tb('all')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status_${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span>{t('master')}</span>
        <select class="input small" name="master_id" value={filters.master_id} onChange={set('master_id')}>
          <option value="">{tb('all')}</option>
          {props.masters.map((m) => (
            <option key={m.id} value={String(m.id)}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
