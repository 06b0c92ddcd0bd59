/**
 * The booking flow's steps as browser history entries: the phone's Back (and
 * Telegram's BackButton, which calls history.back) goes one step back with the
 * choices kept, and a reload comes back to the step with what was picked and
 * typed (sessionStorage: this tab only, gone when it closes, cleared once booked).
 */
import type { KeptChoices, Step } from './flow-state';

const STEPS: readonly Step[] = ['service', 'add', 'master', 'when', 'details', 'done'];

const storageKey = (slug: string) => `booking:${slug}`;

function isStep(value: unknown): value is Step {
  return typeof value === 'string' && (STEPS as readonly string[]).includes(value);
}

/** The step this history entry was left on (a reload, or a Back into it). */
export function stepOfEntry(state: unknown = history.state): Step | null {
  const step = (state as { bookingStep?: unknown } | null)?.bookingStep;
  return isStep(step) ? step : null;
}

function entryUrl(step: Step): string {
  return `${location.pathname}${location.search}${step === 'service' ? '' : `#${step}`}`;
}

/** A new entry for a step moved to forward; `replace` for one that must not be gone back into (the success screen). */
export function enterStep(step: Step, replace = false): void {
  const state = { ...(history.state as object | null), bookingStep: step };
  if (replace || stepOfEntry() === step) history.replaceState(state, '', entryUrl(step));
  else history.pushState(state, '', entryUrl(step));
}

/** Calls onStep with the step of the entry Back (or Forward) lands on; returns the way to stop. */
export function watchStepPops(onStep: (step: Step) => void): () => void {
  if (!stepOfEntry()) history.replaceState({ ...(history.state as object | null), bookingStep: 'service' }, '', entryUrl('service'));
  const listener = (event: PopStateEvent) => onStep(stepOfEntry(event.state) ?? 'service');
  addEventListener('popstate', listener);
  return () => removeEventListener('popstate', listener);
}

/** The link (its query) the page was opened with when it kept its choices: a reload opens the same one. */
const linkKey = (slug: string) => `${storageKey(slug)}:link`;

export function keepChoices(slug: string, kept: KeptChoices | null): void {
  try {
    if (kept) {
      sessionStorage.setItem(storageKey(slug), JSON.stringify(kept));
      sessionStorage.setItem(linkKey(slug), location.search);
    } else {
      sessionStorage.removeItem(storageKey(slug));
      sessionStorage.removeItem(linkKey(slug));
    }
  } catch {
    // storage off (private mode, an in-app browser): a reload starts over, nothing else changes
  }
}

export function keptChoices(slug: string): KeptChoices | null {
  try {
    const raw = sessionStorage.getItem(storageKey(slug));
    return raw ? (JSON.parse(raw) as KeptChoices) : null;
  } catch {
    return null;
  }
}

/** Whether the page was opened with another link than the one it kept its choices under (CONTRACT.md §18). */
export function openedByAnotherLink(slug: string): boolean {
  try {
    return sessionStorage.getItem(linkKey(slug)) !== location.search;
  } catch {
    return true;
  }
}
