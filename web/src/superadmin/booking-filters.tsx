/** The bookings' filters: a business by name or address, the dates, a status. */
import { useT } from '@shared/i18n';
import { messages } from './messages';
import { STATUSES } from './state';

export interface Filters {
  business: string;
  date_from: string;
  date_to: string;
  status: string;
}

export const NO_FILTERS: Filters = { business: '', date_from: '', date_to: '', status: '' };

export function BookingFilters(props: { filters: Filters; onFilters: (change: (filters: Filters) => Filters) => void }) {
  const t = useT(messages);
  const { filters } = props;
  const set = (key: keyof Filters) => (event: Event) => props.onFilters((f) => ({ ...f, [key]: (event.target as HTMLInputElement).value }));
  return (
    <div class="row card filters" role="group" aria-label={t('bookings')}>
      <label class="field">
        <span>{t('business')}</span>
        <input
          class="input small"
          type="search"
          name="business"
          placeholder={t('searchBusinesses')}
          value={filters.business}
          onInput={set('business')}
        />
      </label>
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
          <option value="">{t('all')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status_${s}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
