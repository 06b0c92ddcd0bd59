/**
 * The flow's state (flow-state.ts) tied to the browser: each move forward is a history entry, Back and
 * Forward land on their step, the tab keeps what was picked and typed for a reload (history.ts), and a
 * first open applies what the page's link chose (CONTRACT.md §18).
 */
import { useEffect, useLayoutEffect, useReducer } from 'preact/hooks';
import type { PageChoice } from '@core/reach-links.js';
import { wallNow } from '@shared/wall-clock';
import { flowReducer, initialFlow, keptOf, type DetailsValues, type FlowAction, type FlowState } from './flow-state';
import { enterStep, keepChoices, keptChoices, openedByAnotherLink, stepOfEntry, watchStepPops } from './history';
import { chosenByLink, hasChoice } from './preset';
import type { Catalog } from './use-catalog';
import { ANY, mastersFor } from './masters';
import type { Booked, Master, Service } from './types';

export interface PageFlow {
  service: Service;
  master: Master;
  booking: Booked;
}

/** A visit to book again (the mini app's «Записаться снова», CONTRACT.md §20): its services and masters in order (null: "any master"). */
export type RepeatedVisit = readonly { serviceId: number; masterId: number | null }[];
export type PageState = FlowState<PageFlow>;
export type PageDispatch = (action: FlowAction<PageFlow>) => void;

interface FlowSetup {
  slug: string;
  catalog: Catalog | null;
  masters: Promise<Master[]>;
  timeZone: string;
  defaults?: Partial<DetailsValues>;
  preset?: PageChoice;
  repeat?: RepeatedVisit;
}

export function useFlow({ slug, catalog, masters, timeZone, defaults, preset, repeat }: FlowSetup): [PageState, PageDispatch] {
  const [state, dispatch] = useReducer<PageState, FlowAction<PageFlow>, Partial<DetailsValues> | undefined>(
    flowReducer,
    defaults,
    initialFlow,
  );

  useEffect(() => watchStepPops((step) => dispatch({ type: 'popped', step })), []);

  const { move, step } = state;
  useLayoutEffect(() => {
    if (move.count === 0) return;
    if (move.entry !== 'none') enterStep(step, move.entry === 'replace');
    window.scrollTo(0, 0);
  }, [move, step]);

  // Once the catalog is there: what this tab kept before a reload, else what a link chose (a reload
  // restores what the tab kept instead; another link opened in the same tab chooses, CONTRACT.md §18),
  // with the masters and the step the history entry names.
  const { started } = state;
  useEffect(() => {
    if (started || !catalog) return;
    const kept = hasChoice(preset) && openedByAnotherLink(slug) ? null : keptChoices(slug);
    if (!kept && !hasChoice(preset) && !repeat) return dispatch({ type: 'started' });
    let alive = true;
    void masters
      .catch(() => [] as Master[])
      .then((list) => {
        if (!alive) return;
        if (kept) dispatch({ type: 'restored', kept, services: catalog.services, masters: list, wanted: stepOfEntry() });
        else if (repeat) dispatch({ type: 'repeated', masters: list, parts: repeatedParts(repeat, catalog.services, list) });
        else if (hasChoice(preset))
          dispatch({ type: 'linked', masters: list, ...chosenByLink(preset, catalog.services, list, wallNow(timeZone).date) });
      });
    return () => void (alive = false);
  }, [started, catalog, slug, masters, preset, repeat, timeZone]);

  useEffect(() => {
    if (state.started && state.step !== 'done') keepChoices(slug, keptOf(state));
  }, [slug, state]);

  return [state, dispatch];
}

/** A visit's services still offered, each with its master when that master still does it ("any master" otherwise). */
function repeatedParts(repeat: RepeatedVisit, services: readonly Service[], masters: readonly Master[]) {
  return repeat.flatMap(({ serviceId, masterId }) => {
    const service = services.find((s) => s.id === serviceId);
    if (!service) return [];
    const master = mastersFor(service, masters).find((m) => m.id === masterId);
    return [{ service, master: master ?? (ANY as typeof ANY) }];
  });
}
