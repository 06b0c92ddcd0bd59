/**
 * Sending the booking: the details checked, the chosen time checked again (issue #35: taken meanwhile
 * → the nearest free times of that day), "any master" turned into a free one, the POST with its
 * idempotency key and the captcha's token, and the outcome into the flow's state.
 */
import { useCallback, useRef } from 'preact/hooks';
import { randomKey } from '@shared/api';
import type { Client } from '@shared/client';
import { storedPhone } from '@core/phone-input.js';
import { nearestTimes } from '@core/start-times.js';
import { errorKey, type SlotSource } from './data';
import { detailsProblem } from './details';
import { keepChoices } from './history';
import { ANY } from './masters';
import type { BookingT } from './messages';
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
   * The day's start times fetched again: null while the chosen time is still free (or the check itself
   * failed, or the time is the client's own booking being made again: the API then decides), else the
   * free times of that day.
   */
  async function stillFree(day: string, chosen: string): Promise<string[] | null> {
    const { service, master, booking } = state;
    if (!service) return null;
    // «Исправить номер» books the same time again: the client's own first booking does not take it from them.
    if (booking && booking.start_at.slice(0, 16) === `${day}T${chosen}`) return null;
    source.forget();
    const times = await source.dayTimes(day, service, master, eligible).catch(() => null);
    return times && !times.includes(chosen) ? times : null;
  }

  async function submit() {
    const { service, master, date, time, values, captchaToken } = state;
    if (sendingNow.current || !service || !date || !time) return;
    const problem = detailsProblem(values, captchaNeeded, captchaToken);
    dispatch({ type: 'submitting', problem });
    if (problem) return;
    sendingNow.current = true;
    try {
      const free = await stillFree(date, time);
      if (free) return dispatch({ type: 'taken', time, offered: nearestTimes(free, time) });
      const masterId = master === ANY ? await source.freeMaster(date, time, service, eligible) : master.id;
      const body = {
        service_id: service.id,
        date,
        time,
        first_name: values.firstName.trim(),
        phone: `+${storedPhone(values.phone)}`,
        ...(masterId !== null ? { master_id: masterId } : {}),
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
