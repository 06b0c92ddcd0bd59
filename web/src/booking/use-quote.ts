/**
 * On the details step: the master and the price of the chosen time (data.ts quote), read once per choice,
 * so the client sees before «Записаться» what the booking will be and the booking sends that price as
 * `max_price` (CONTRACT.md §19).
 */
import { useEffect } from 'preact/hooks';
import type { SlotSource, VisitPart } from './data';
import { quoteKey } from './flow-state';
import type { Master } from './types';
import type { PageDispatch, PageState } from './use-flow';

export function useQuote(
  source: SlotSource,
  state: PageState,
  dispatch: PageDispatch,
  eligible: readonly Master[],
  visit: readonly VisitPart[] | null,
): void {
  const key = quoteKey(state);
  const known = key !== null && state.quote?.key === key;
  const { step, service, master, date, time } = state;
  useEffect(() => {
    if (step !== 'details' || !key || known || !service || !date || !time) return;
    let alive = true;
    const read = visit ? source.visitQuote(date, time, visit) : source.quote(date, time, service, master, eligible);
    read.then(
      (quote) => alive && dispatch({ type: 'quoted', key, quote }),
      // Unread (no network): the booking reads it again before it goes out.
      () => undefined,
    );
    return () => void (alive = false);
  }, [source, dispatch, eligible, visit, step, key, known, service, master, date, time]);
}
