/**
 * A panel dialog as a browser history entry of its own: the phone's Back closes the dialog and
 * leaves the page where it was (the calendar replaces its entry on every date change, so without
 * this Back left the page). Closed any other way, the dialog takes its entry back out.
 */
import { useEffect, useRef } from 'preact/hooks';

const KEY = 'panelDialog';
let opened = 0;
/** A closed dialog's entry on its way out: history.back() lands later, and a dialog opened meanwhile waits for it. */
let leaving: Promise<void> | null = null;

function dialogOfEntry(state: unknown): number {
  const key = (state as Record<string, unknown> | null)?.[KEY];
  return typeof key === 'number' ? key : 0;
}

/**
 * A reload (or a Forward) keeps a dialog's entry on top but not the dialog: Back from it would only come back to
 * the same page, a press that does nothing. The page steps off it at once, so that one Back leaves the page.
 */
export function leaveDeadEntry(): void {
  if (dialogOfEntry(history.state)) history.back();
}

function leaveEntry(): void {
  leaving = new Promise((resolve) =>
    addEventListener(
      'popstate',
      () => {
        leaving = null;
        resolve();
      },
      { once: true },
    ),
  );
  history.back();
}

/** Calls onClose when Back leaves this dialog's entry (a dialog opened over another keeps the outer one's). */
export function useBackCloses(onClose: () => void): void {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const key = ++opened;
    let open = true;
    const onPop = (event: PopStateEvent) => {
      if (dialogOfEntry(event.state) < key) close.current();
    };
    const enter = () => {
      if (!open) return;
      history.pushState({ ...(history.state as object | null), [KEY]: key }, '', location.href);
      addEventListener('popstate', onPop);
    };
    if (leaving) void leaving.then(enter);
    else enter();
    return () => {
      open = false;
      removeEventListener('popstate', onPop);
      // still on its entry: closed by ✕, Escape or an action, not by Back nor by a move to another page
      if (dialogOfEntry(history.state) === key) leaveEntry();
    };
  }, []);
}
