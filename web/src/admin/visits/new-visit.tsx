/**
 * The owner's new visit (CONTRACT.md §20, POST /visits): "+ ещё услуга" in the new-booking form adds items, each
 * a service with its master, back to back after the first; the total shows; before saving, an item on top of
 * another booking of its master asks "Данияр занят 11:00–11:30 (Асель). Записать всё равно?" (then `force: true`,
 * as the owner's single booking); with strict slots nothing is asked and the server's 409 refuses outright.
 */
import { formatDuration, formatPrice, useLang } from '@shared/i18n';
import { addMinutes, combine } from '@core/wallclock.js';
import { MAX_VISIT_ITEMS } from '@core/visit-times.js';
import { client, type Master } from '../common/state';
import { clashOf, servicesOfMaster, type DayBooking } from '../bookings/owner-rules';
import { useVisitsT } from './messages';
import './visits.css';

/** An item after the first, as the form holds it (the service defaults to the master's first). */
export interface ExtraItem {
  masterId: number;
  serviceId: number | null;
}

interface PlanService {
  id: number;
  name: string;
  duration: number;
  price: number;
}

/** One item of the visit as it will be booked: its master and that master's service (duration, price). */
export interface PlannedItem {
  masterId: number;
  masterName: string;
  service: PlanService;
}

type Catalog = readonly PlanService[];

const servicesFor = (masters: readonly Master[], all: Catalog, masterId: number): readonly PlanService[] =>
  servicesOfMaster(
    masters.find((m) => m.id === masterId),
    all,
    masters,
  );

/** The extra items resolved to services; undefined while one has no service to offer. */
export function planExtra(masters: readonly Master[], all: Catalog, extra: readonly ExtraItem[]): PlannedItem[] | undefined {
  const plan: PlannedItem[] = [];
  for (const item of extra) {
    const services = servicesFor(masters, all, item.masterId);
    const service = services.find((s) => s.id === item.serviceId) ?? services[0];
    if (!service) return undefined;
    plan.push({ masterId: item.masterId, masterName: masters.find((m) => m.id === item.masterId)?.name ?? '', service });
  }
  return plan;
}

/** The first item of the plan that sits on another booking of its master, with that booking. */
export async function visitClash(
  plan: readonly PlannedItem[],
  date: string,
  time: string,
): Promise<{ item: PlannedItem; booking: DayBooking } | undefined> {
  const days = new Map<number, Promise<DayBooking[]>>();
  let at = combine(date, time);
  for (const item of plan) {
    const day = at.slice(0, 10);
    const key = item.masterId;
    if (!days.has(key))
      days.set(key, client.get('/bookings', { query: { date_from: day, date_to: day, master_id: item.masterId, limit: 1000 } }));
    const booking = clashOf(await days.get(key)!, day, at.slice(11, 16), item.service.duration);
    if (booking) return { item, booking };
    at = addMinutes(at, item.service.duration);
  }
  return undefined;
}

/** POST /visits: the owner's visit, confirmed at once; `force` books over other bookings (not with strict slots). */
export const postVisit = (
  plan: readonly PlannedItem[],
  fields: { date: string; time: string; first_name: string; phone: string; notes: string | null },
  force: boolean,
) =>
  client.post('/visits', {
    body: { items: plan.map((item) => ({ service_id: item.service.id, master_id: item.masterId })), ...fields, force },
  });

/** "Весь визит: 1 ч 30 мин · 12 000 ₸". */
export function VisitTotal(props: { plan: readonly PlannedItem[] }) {
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
export function ExtraItems(props: {
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
