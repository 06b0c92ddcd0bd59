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
import { errorKey, type SlotSource } from './data';
import { detailsProblem } from './details';
import { keepChoices } from './history';
import { currentQuote } from './flow-state';
import { ANY } from './masters';
import type { BookingT } from './messages';
import type { Quote } from './quote';
import { termsWith } from './terms';
import type { BookingResult, Master } from './types';
import type { PageDispatch, PageState } from './use-flow';

export interface SubmitSetup {
  api: Client;
  slug: string;
  source: SlotSource;
  state: PageState;
  dispatch: PageDispatch;
  eligible: Master[];
  captchaNeeded: boolean;
  t: BookingT;
  /** Extra headers of the booking request (the mini app's X-Telegram-Init-Data). */
  bookingHeaders?: () => Record<string, string>;
  onBooked?(result: BookingResult): void;
}

/** The submit of the newest render, as a function that never changes (the native button keeps it). */
export function useSubmit(setup: SubmitSetup): () => void {
  const sendingNow = useRef(false);
  const idempotency = useRef<{ fingerprint: string; key: string } | null>(null);
  const { api, slug, source, state, dispatch, eligible, captchaNeeded, t } = setup;

  /**
   * The quote the page showed, else read now; for "any master" when nobody is free now, the lowest price
   * among the masters (the server then answers slot_taken, or price_changed for the client to see).
   */
  async function priceToSend(): Promise<Quote> {
    const { service, master, date, time } = state;
    const shown = currentQuote(state);
    if (shown) return shown;
    const read = shown === null ? null : await source.quote(date!, time!, service!, master, eligible).catch(() => null);
    if (read) return read;
    const prices = eligible.map((m) => termsWith(service!, m).price);
    return { masterId: master === ANY ? null : master.id, price: prices.length > 0 ? Math.min(...prices) : service!.price };
  }

  /**
   * «Исправить номер» books the time of the client's own booking just made again: that booking holds the time
   * until the salon rejects it, so this one request goes without if_free, with that booking's master (decision 0074).
   */
  function rebookingOwnTime(): { master_id: number } | null {
    const { booking, date, time } = state;
    return booking && booking.start_at.slice(0, 16) === `${date}T${time}` ? { master_id: booking.master.id } : null;
  }

  async function submit() {
    const { service, master, date, time, values, captchaToken } = state;
    if (sendingNow.current || !service || !date || !time) return;
    const problem = detailsProblem(values, captchaNeeded, captchaToken);
    dispatch({ type: 'submitting', problem });
    if (problem) return;
    sendingNow.current = true;
    try {
      const quote = await priceToSend();
      const own = rebookingOwnTime();
      const body = {
        service_id: service.id,
        date,
        time,
        first_name: values.firstName.trim(),
        phone: `+${storedPhone(values.phone)}`,
        ...(own ?? (master === ANY ? {} : { master_id: master.id })),
        if_free: !own,
        max_price: quote.price,
        ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
      };
      // The same request keeps its key, so a retry after a lost answer returns the first booking.
      const fingerprint = JSON.stringify(body);
      if (idempotency.current?.fingerprint !== fingerprint) idempotency.current = { fingerprint, key: randomKey() };
      const result = await api.post('/public/{slug}/booking', {
        path: { slug },
        body: captchaToken ? { ...body, captcha_token: captchaToken } : body,
        headers: { 'Idempotency-Key': idempotency.current.key, ...setup.bookingHeaders?.() },
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
        return dispatch({ type: 'repriced', price: refused.extra.price });
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
