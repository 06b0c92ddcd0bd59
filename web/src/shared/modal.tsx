/** The panels' modal dialog: focus kept inside, Escape, the backdrop and Back close it, focus goes back after. */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { useBackCloses } from './back-closes';

export function Modal(props: { title: string; onClose: () => void; children: ComponentChildren; closeLabel: string }) {
  const box = useRef<HTMLDivElement>(null);
  useBackCloses(props.onClose);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>('button, [href], input, select, textarea')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') props.onClose();
      if (event.key !== 'Tab' || !box.current) return;
      const focusable = [...box.current.querySelectorAll<HTMLElement>('button:not([disabled]), [href], input, select, textarea')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div class="modal-back" onClick={(event) => event.target === event.currentTarget && props.onClose()}>
      <div class="modal" role="dialog" aria-modal="true" aria-label={props.title} ref={box}>
        <header>
          <h2>{props.title}</h2>
          <button type="button" class="btn btn-ghost btn-small" onClick={props.onClose} aria-label={props.closeLabel}>
            ✕
          </button>
        </header>
        {props.children}
      </div>
    </div>
  );
}
