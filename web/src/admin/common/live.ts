/**
 * The live panel (CONTRACT.md §13): one GET /events stream per tab, read with fetch streaming
 * (EventSource cannot send the Authorization header), followed again after any end with a
 * growing pause. Pages that show bookings reload on a change; each time the stream answers (the
 * first time too) they reload, since changes made before it did were never heard.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { readSse, reconnectDelay } from '@shared/sse';
import { today } from './dates';
import { client, getToken } from './state';

export interface BookingChange {
  id: string;
  status: string;
  change: 'created' | 'updated' | 'deleted';
}

/** A change, or null after a reconnection: anything may have changed meanwhile. */
export type ChangeListener = (change: BookingChange | null) => void;

const listeners = new Set<ChangeListener>();

function emit(change: BookingChange | null): void {
  for (const listener of listeners) listener(change);
}

/** Calls `onChange` (its latest version) for every booking change while the component is shown. */
export function useBookingChanges(onChange: ChangeListener): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const listener: ChangeListener = (change) => latest.current(change);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

async function follow(signal: AbortSignal): Promise<void> {
  let attempt = 0;
  while (!signal.aborted) {
    const token = getToken();
    if (!token) return;
    try {
      const response = await fetch('/api/v1/events', { headers: { authorization: `Bearer ${token}` }, signal });
      // A refused session ends the panel's other requests too, which show the login screen.
      if (response.status === 401 || response.status === 403) return;
      if (response.ok) {
        // Pages loaded before the stream answered (the first time too) may have missed a change.
        emit(null);
        attempt = 0;
        await readSse(response, (message) => {
          if (message.event === 'booking') emit(JSON.parse(message.data) as BookingChange);
        });
      } else {
        await response.body?.cancel();
      }
    } catch {
      // the network or the instance went away: try again after the pause
    }
    if (!signal.aborted) await pause(reconnectDelay(attempt++), signal);
  }
}

/** Follows the stream until the returned stop is called (the panel's shell is left: logout). */
export function startLive(): () => void {
  const controller = new AbortController();
  void follow(controller.signal);
  return () => controller.abort();
}

/**
 * Requests waiting for the owner's answer (pending, from today on), for the menu badge and the tab
 * title: counted by the server (X-Total-Count), again after every change. A new request buzzes a
 * phone gently where the browser allows it.
 */
export function usePendingCount(): number {
  const [count, setCount] = useState(0);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    client
      .get('/bookings', {
        query: { status: 'pending', date_from: today(), limit: 1 },
        signal: controller.signal,
        onHeaders: (headers) => setCount(Number(headers.get('x-total-count') ?? 0)),
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [tick]);
  useBookingChanges((change) => {
    if (change?.change === 'created' && change.status === 'pending') navigator.vibrate?.(200);
    setTick((n) => n + 1);
  });
  return count;
}
