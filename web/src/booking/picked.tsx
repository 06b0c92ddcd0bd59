/**
 * What is chosen so far, above the step: each item a way back to its own step; "+ ещё услуга" makes the
 * booking a visit of several services (CONTRACT.md §20), listed here each with its master, removable.
 */
import { formatDate, formatPrice, useLang } from '@shared/i18n';
import { toMinutes } from '@core/wallclock.js';
import { canShow, currentQuote, isVisit, partsOf } from './flow-state';
import { ANY, mastersFor } from './masters';
import type { BookingT } from './messages';
import { priceText, visitExactText, visitTotalText } from './terms';
import type { PageDispatch, PageState } from './use-flow';

interface PickedProps {
  t: BookingT;
  state: PageState;
  dispatch: PageDispatch;
}

export function PickedList({ t, state, dispatch }: PickedProps) {
  const { step, service } = state;
  if (!service) return null;
  const more = canShow(state, 'add') && (step === 'master' || step === 'when') && (
    <button type="button" class="link add-service" data-add-service onClick={() => dispatch({ type: 'go', step: 'add' })}>
      {t('addService')}
    </button>
  );
  return (
    <>
      {isVisit(state) ? <VisitItems t={t} state={state} dispatch={dispatch} /> : <OneService t={t} state={state} dispatch={dispatch} />}
      {more}
    </>
  );
}

function OneService({ t, state, dispatch }: PickedProps) {
  const lang = useLang();
  const { step, service, master, masterSkipped, date, time } = state;
  if (!service) return null;
  // On the details step: the master and the price of the chosen time (CONTRACT.md §19), once read.
  const quote = step === 'details' ? currentQuote(state) : undefined;
  const quoted = master === ANY && quote?.masterId ? state.masters.find((m) => m.id === quote.masterId) : undefined;
  return (
    <ol class="picked">
      <li>
        <button type="button" onClick={() => dispatch({ type: 'go', step: 'service' })}>
          <span>{service.name}</span>
          <b data-fact="price">{quote ? formatPrice(quote.price) : priceText(service, master)}</b>
        </button>
      </li>
      {step !== 'master' && (
        <li>
          <button type="button" disabled={masterSkipped} onClick={() => dispatch({ type: 'go', step: 'master' })}>
            <span data-fact="master">{master !== ANY ? master.name : (quoted?.name ?? t('anyMaster'))}</span>
          </button>
        </li>
      )}
      {step === 'details' && date && time && (
        <li>
          <button type="button" onClick={() => dispatch({ type: 'go', step: 'when' })}>
            <span>
              {formatDate(date, lang, { weekday: 'short', day: 'numeric', month: 'long' })}, {time}
            </span>
          </button>
        </li>
      )}
    </ol>
  );
}

/**
 * A visit's services in order: each with its price and master ("any master" by default; a choice per item
 * on the times step), removable while the time is still to be chosen; on the details step each item's
 * master, time and exact price (the quote) and the total sent as `max_price`.
 */
function VisitItems({ t, state, dispatch }: PickedProps) {
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
                <b class="price" data-fact="price">
                  {quoted ? formatPrice(quoted.price) : priceText(service, master)}
                </b>
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
