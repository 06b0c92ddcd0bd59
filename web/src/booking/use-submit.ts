/**
 * Sending the booking (CONTRACT.md §19): the details checked, the master and price shown (the quote) sent
 * as `if_free: true` and `max_price`, "any master" sent without a master (the server chooses by the same
 * rule the quote read), the POST with its idempotency key and the captcha's token, and the outcome into the
 * flow's state: 409 slot_taken offers its `free_times`, 409 price_changed shows the new price to accept,
 * everything typed kept.
 */
import { useCallback, useRef } from 'preact/hooks';
import { ApiError, randomKey } from '@shared/api';
import type { Client } from '@shared/client';
import { storedPhone } from '@core/phone-input.js';
import { errorKey, type SlotSource, type VisitPart } from './data';
import { detailsProblem } from './details';
import { keepChoices } from './history';
import { currentQuote } from './flow-state';
import { ANY } from './masters';
import type { BookingT } from './messages';
import type { Quote } from './quote';
import { termsWith } from './terms';
import { isVisitResult, type Booked, type Master } from './types';
import type { PageDispatch, PageState } from './use-flow';

export interface SubmitSetup {
  api: Client;
  slug: string;
  source: SlotSource;
  state: PageState;
  dispatch: PageDispatch;
  eligible: Master[];
  /** A visit of several services (CONTRACT.md §20): sent to POST /public/{slug}/visits; null for one service. */
  visit: readonly VisitPart[] | null;
  captchaNeeded: boolean;
  t: BookingT;
  /** Extra headers of the booking request (the mini app's X-Telegram-Init-Data). */
  bookingHeaders?: () => Record<string, string>;
  onBooked?(result: Booked): void;
}

/** The submit of the newest render, as a function that never changes (the native button keeps it). */
export function useSubmit(setup: SubmitSetup): () => void {
  const sendingNow = useRef(false);
  const idempotency = useRef<{ fingerprint: string; key: string } | null>(null);
  const { api, slug, source, state, dispatch, eligible, visit, captchaNeeded, t } = setup;

  /**
   * The quote the page showed, else read now; for "any master" when nobody is free now, the lowest price
   * among the masters (the server then answers slot_taken, or price_changed for the client to see).
   */
  async function priceToSend(): Promise<Quote> {
    const { service, master, date, time } = state;
    const shown = currentQuote(state);
    if (shown) return shown;
    if (visit) return (await source.visitQuote(date!, time!, visit).catch(() => null)) ?? lowestVisitPrice(visit);
    const read = shown === null ? null : await source.quote(date!, time!, service!, master, eligible).catch(() => null);
    if (read) return read;
    const prices = eligible.map((m) => termsWith(service!, m).price);
    return { masterId: master === ANY ? null : master.id, price: prices.length > 0 ? Math.min(...prices) : service!.price };
  }

  /** The master and price of the chosen time read again (after price_changed, "any master" may be someone else now). */
  function quoteNow(): Promise<Quote | null> {
    const { service, master, date, time } = state;
    return visit ? source.visitQuote(date!, time!, visit) : source.quote(date!, time!, service!, master, eligible);
  }

  /**
   * «Исправить номер» books the time of the client's own booking just made again: that booking holds the time
   * until the salon rejects it, so this one request goes without if_free, with that booking's master (decision 0074).
   */
  function rebookingOwnTime(): { master_id: number } | null {
    const { booking, date, time } = state;
    return booking && !isVisitResult(booking) && booking.start_at.slice(0, 16) === `${date}T${time}`
      ? { master_id: booking.master.id }
      : null;
  }

  /** A visit nobody can take now: the lowest total over its masters (the server answers slot_taken, or price_changed to see). */
  function lowestVisitPrice(parts: readonly VisitPart[]): Quote {
    const lowest = ({ service, master, eligible: who }: VisitPart) => {
      const prices = (master === ANY ? who : [master]).map((m) => termsWith(service, m).price);
      return prices.length > 0 ? Math.min(...prices) : service.price;
    };
    return { masterId: null, price: parts.reduce((sum, part) => sum + lowest(part), 0) };
  }

  /** The request's headers: the same request keeps its key, so a retry after a lost answer returns the first booking. */
  function headersFor(body: object): Record<string, string> {
    const fingerprint = JSON.stringify(body);
    if (idempotency.current?.fingerprint !== fingerprint) idempotency.current = { fingerprint, key: randomKey() };
    return { 'Idempotency-Key': idempotency.current.key, ...setup.bookingHeaders?.() };
  }

  /** The POST: a visit's items in order (no master_id for "any master"; a visit is always if_free), or the one booking. */
  function send(details: {
    date: string;
    time: string;
    first_name: string;
    phone: string;
    max_price: number;
    notes?: string;
  }): Promise<Booked> {
    const { service, master, captchaToken } = state;
    const captcha = captchaToken ? { captcha_token: captchaToken } : {};
    if (visit) {
      const items = visit.map((part) => ({ service_id: part.service.id, ...(part.master === ANY ? {} : { master_id: part.master.id }) }));
      const body = { items, ...details };
      return api.post('/public/{slug}/visits', { path: { slug }, body: { ...body, ...captcha }, headers: headersFor(body) });
    }
    const own = rebookingOwnTime();
    const body = { service_id: service!.id, ...details, ...(own ?? (master === ANY ? {} : { master_id: master.id })), if_free: !own };
    return api.post('/public/{slug}/booking', { path: { slug }, body: { ...body, ...captcha }, headers: headersFor(body) });
  }

  async function submit() {
    const { service, date, time, values, captchaToken } = state;
    if (sendingNow.current || !service || !date || !time) return;
    const problem = detailsProblem(values, captchaNeeded, captchaToken);
    dispatch({ type: 'submitting', problem });
    if (problem) return;
    sendingNow.current = true;
    try {
      const quote = await priceToSend();
      const result = await send({
        date,
        time,
        first_name: values.firstName.trim(),
        phone: `+${storedPhone(values.phone)}`,
        max_price: quote.price,
        ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
      });
      source.forget();
      idempotency.current = null;
      keepChoices(slug, null);
      dispatch({ type: 'booked', booking: result });
      setup.onBooked?.(result);
    } catch (caught) {
      const refused = caught instanceof ApiError ? caught : null;
      if (refused?.code === 'slot_taken' && refused.extra.free_times) {
        source.forget();
        return dispatch({ type: 'taken', time, offered: refused.extra.free_times });
      }
      if (refused?.code === 'price_changed' && refused.extra.price !== undefined) {
        source.forget();
        return dispatch({ type: 'repriced', price: refused.extra.price, quote: await quoteNow().catch(() => null) });
      }
      const key = errorKey(caught);
      dispatch({ type: 'failed', error: t(key), resetCaptcha: captchaNeeded });
      if (key === 'errTaken') source.forget();
    } finally {
      sendingNow.current = false;
    }
  }

  // The native button calls the newest submit: set during render, it holds what was typed in the last
  // keystroke even when the press lands before the effect that rebinds the button runs (a slow phone).
  const newest = useRef(submit);
  newest.current = submit;
  return useCallback(() => void newest.current(), []);
}
