/** A visit's services above the step (CONTRACT.md §20): each with its master and price, removable, and the total. */
import { formatDate, formatPrice, useLang } from '@shared/i18n';
import { toMinutes } from '@core/wallclock.js';
import { currentQuote, partsOf } from './flow-state';
import { ANY, mastersFor } from './masters';
import type { BookingT } from './messages';
import { priceText, visitExactText, visitTotalText } from './terms';
import type { Master, MasterChoice, Service } from './types';
import type { PageDispatch, PageState } from './use-flow';

/** What the chosen-so-far list reads and changes. */
export interface PickedProps {
  t: BookingT;
  state: PageState;
  dispatch: PageDispatch;
}

/**
 * A visit's services in order: each with its price and master ("any master" by default; a choice per item
 * on the times step), removable while the time is still to be chosen; on the details step each item's
 * master, time and exact price (the quote) and the total sent as `max_price`. After 409 price_changed the
 * server told only the new total: the items' prices the page knows are stale, so they are not shown.
 */
export function VisitItems({ t, state, dispatch }: PickedProps) {
  const lang = useLang();
  const { step, date, time } = state;
  const parts = partsOf(state);
  const quote = step === 'details' ? currentQuote(state) : undefined;
  const removable = step === 'add' || step === 'when';
  const first = quote?.items?.[0];
  const last = quote?.items?.at(-1);
  const total =
    quote && first && last ? visitExactText(toMinutes(last.end) - toMinutes(first.start), quote.price, lang) : visitTotalText(parts, lang);
  return (
    <section class="visit" aria-label={t('services')}>
      <ol class="visit-items">
        {parts.map((part, index) => {
          const { service, master } = part;
          const quoted = quote?.items?.[index];
          const eligible = mastersFor(service, state.masters);
          const named = master !== ANY ? master : eligible.find((m) => m.id === quoted?.masterId);
          const shownMaster = named?.name ?? (eligible.length === 1 ? eligible[0]!.name : t('anyMaster'));
          return (
            <li key={`${index}-${service.id}`} class="visit-item" data-item={index} data-service-id={service.id}>
              <div class="visit-line">
                <span class="visit-name">
                  {quoted && <span data-fact="time">{quoted.start} </span>}
                  {service.name}
                </span>
                {state.repriced === null && (
                  <b class="price" data-fact="price">
                    {quoted ? formatPrice(quoted.price) : priceText(service, master)}
                  </b>
                )}
                {removable && (
                  <button
                    type="button"
                    class="remove"
                    data-remove={index}
                    aria-label={t('removeItem', { name: service.name })}
                    onClick={() => dispatch({ type: 'removeItem', index })}
                  >
                    ×
                  </button>
                )}
              </div>
              {step === 'when' && eligible.length > 1 ? (
                <ItemMaster t={t} index={index} service={service} master={master} eligible={eligible} dispatch={dispatch} />
              ) : (
                <span class="muted visit-master" data-fact="master">
                  {shownMaster}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <p class="visit-total">
        <span>{t('total')}</span> <b data-fact="total">{total}</b>
      </p>
      {step === 'details' && date && time && (
        <ol class="picked">
          <li>
            <button type="button" onClick={() => dispatch({ type: 'go', step: 'when' })}>
              <span>
                {formatDate(date, lang, { weekday: 'short', day: 'numeric', month: 'long' })}, {time}
              </span>
            </button>
          </li>
        </ol>
      )}
    </section>
  );
}

interface ItemMasterProps {
  t: BookingT;
  index: number;
  service: Service;
  master: MasterChoice;
  eligible: readonly Master[];
  dispatch: PageDispatch;
}

/** The master of one item, chosen on the times step: "any master" or one who does the service. */
function ItemMaster({ t, index, service, master, eligible, dispatch }: ItemMasterProps) {
  return (
    <label class="visit-master">
      <span class="visually-hidden">{t('masterFor', { name: service.name })}</span>
      <select
        class="input"
        data-item-master={index}
        value={master === ANY ? ANY : String(master.id)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          const picked = value === ANY ? ANY : eligible.find((m) => String(m.id) === value);
          if (picked) dispatch({ type: 'pickItemMaster', index, master: picked });
        }}
      >
        <option value={ANY}>{t('anyMaster')}</option>
        {eligible.map((m) => (
          <option key={m.id} value={String(m.id)}>
            {m.name}
          </option>
        ))}
      </select>
    </label>
  );
}
