import { useEffect } from 'preact/hooks';

/**
 * A code links once (CONTRACT.md §11): once the owner has used the link in Telegram, the one shown
 * here no longer works. Asked again when the owner comes back to the tab, and every few seconds
 * while no chat is linked, so the panel shows the new link and "linked" at once.
 */
export function useFreshLink(reload: () => void, waitingForLink: boolean): void {
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && reload();
    document.addEventListener('visibilitychange', onVisible);
    const timer = waitingForLink ? setInterval(reload, 4000) : undefined;
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      if (timer) clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload is the loader's own, stable for the screen
  }, [waitingForLink]);
}
