/**
 * The owner's new visit in the new-booking form (CONTRACT.md §20): "+ ещё услуга" adds items, each a service with
 * its master, back to back after the first (5 at most in all); the visit's total duration and price show.
 * The data and the post: new-visit-plan.ts.
 */
import { formatDuration, formatPrice, useLang } from '@shared/i18n';
import { MAX_VISIT_ITEMS } from '@core/visit-times.js';
import type { Master } from '../common/state';
import { servicesFor, type Catalog, type ExtraItem, type PlannedItem, type VisitItems } from './new-visit-plan';
import { useVisitsT } from './messages';
import './visits.css';

export { useVisitItems, type ExtraItem } from './new-visit-plan';

/** "Весь визит: 1 ч 30 мин · 12 000 ₸". */
function VisitTotal(props: { plan: readonly PlannedItem[] }) {
  const tv = useVisitsT();
  const lang = useLang();
  const duration = props.plan.reduce((sum, item) => sum + item.service.duration, 0);
  const price = props.plan.reduce((sum, item) => sum + item.service.price, 0);
  return (
    <p class="notice" data-testid="visit-total">
      {tv('visitTotal', { duration: formatDuration(duration, lang), price: formatPrice(price) })}
    </p>
  );
}

/** The items after the first: a master and a service each, removable; "+ ещё услуга" adds one (5 at most in all). */
function ExtraItems(props: {
  masters: Master[];
  services: Catalog;
  items: readonly ExtraItem[];
  /** The master a new item starts with (the previous item's). */
  lastMasterId: number;
  onItems: (items: ExtraItem[]) => void;
}) {
  const tv = useVisitsT();
  const set = (index: number, change: Partial<ExtraItem>) =>
    props.onItems(props.items.map((item, i) => (i === index ? { ...item, ...change } : item)));
  return (
    <>
      {props.items.map((item, index) => {
        const n = index + 2;
        const services = servicesFor(props.masters, props.services, item.masterId);
        const chosen = services.find((s) => s.id === item.serviceId) ?? services[0];
        return (
          <div class="visit-extra" key={index} data-testid="visit-item">
            <div class="row visit-extra-head">
              <strong>{tv('serviceN', { n })}</strong>
              <button
                type="button"
                class="btn btn-ghost btn-small"
                aria-label={tv('removeService', { n })}
                onClick={() => props.onItems(props.items.filter((_, i) => i !== index))}
              >
                ✕
              </button>
            </div>
            <div class="grid2">
              <label class="field">
                <span class="muted">{tv('masterN', { n })}</span>
                <select
                  class="input"
                  value={String(item.masterId)}
                  onChange={(e) => set(index, { masterId: Number((e.target as HTMLSelectElement).value), serviceId: null })}
                >
                  {props.masters.map((m) => (
                    <option key={m.id} value={String(m.id)}>
                      {m.name}
                    </option>
                  ))}
                </select>
              </label>
              <label class="field">
                <span class="muted">{tv('serviceN', { n })}</span>
                <select
                  class="input"
                  required
                  value={chosen ? String(chosen.id) : ''}
                  onChange={(e) => set(index, { serviceId: Number((e.target as HTMLSelectElement).value) })}
                >
                  {services.map((service) => (
                    <option key={service.id} value={String(service.id)}>
                      {service.name} ({service.duration}′)
                    </option>
                  ))}
                </select>
              </label>
            </div>
          </div>
        );
      })}
      {props.items.length + 1 < MAX_VISIT_ITEMS && (
        <div class="row">
          <button
            type="button"
            class="btn btn-ghost btn-small"
            onClick={() =>
              props.onItems([...props.items, { masterId: props.items.at(-1)?.masterId ?? props.lastMasterId, serviceId: null }])
            }
          >
            {tv('addService')}
          </button>
        </div>
      )}
    </>
  );
}

/** The extra items and, once there are some, the visit's total; `onChange` after any change of the items. */
export function VisitItemsFields(props: { visit: VisitItems; onChange: () => void }) {
  const { visit } = props;
  return (
    <>
      <ExtraItems
        masters={visit.masters}
        services={visit.all}
        items={visit.extra}
        lastMasterId={visit.masterId}
        onItems={(items) => (props.onChange(), visit.setExtra(items))}
      />
      {visit.plan && <VisitTotal plan={visit.plan} />}
    </>
  );
}
