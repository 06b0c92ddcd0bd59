/**
 * What is chosen so far, above the step: each item a way back to its own step; "+ ещё услуга" makes the
 * booking a visit of several services (CONTRACT.md §20), listed here each with its master, removable.
 */
import { formatDate, formatPrice, useLang } from '@shared/i18n';
import { canShow, currentQuote, isVisit, quotedMaster } from './flow-state';
import { ANY } from './masters';
import { priceText } from './terms';
import { VisitItems, type PickedProps } from './visit-items';

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
  const quoted = master === ANY && step === 'details' ? quotedMaster(state) : undefined;
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
