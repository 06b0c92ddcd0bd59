/**
 * Where the flow runs: the mini app passes a host that maps Back and Confirm onto Telegram's
 * BackButton and MainButton (miniapp/telegram.ts); the web page has none and shows its own buttons.
 */
import { useEffect } from 'preact/hooks';

export interface HostButton {
  text: string;
  onClick: () => void;
  busy: boolean;
}

export interface FlowHost {
  /** A native back button; null hides it. */
  back(handler: (() => void) | null): void;
  /** A native confirm button; null hides it. */
  main(button: HostButton | null): void;
}

/** After every render: the host's buttons as this render left them. */
export function useHostButtons(host: FlowHost | undefined, back: (() => void) | null, main: HostButton | null): void {
  useEffect(() => {
    if (!host) return;
    host.back(back);
    host.main(main);
  });
}
