/**
 * Cloudflare Turnstile widget. The script is loaded only when the server
 * publishes a site key (GET /api/v1/public-config), so pages without a
 * captcha fetch nothing from other hosts.
 */
import { useEffect, useRef } from 'preact/hooks';

const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface Turnstile {
  render(element: HTMLElement, options: Record<string, unknown>): string;
  reset(id?: string): void;
  remove(id: string): void;
}

const turnstileOf = (): Turnstile | undefined => (window as unknown as { turnstile?: Turnstile }).turnstile;

let loading: Promise<Turnstile> | null = null;

function loadTurnstile(): Promise<Turnstile> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => {
      const api = turnstileOf();
      if (api) resolve(api);
      else reject(new Error('turnstile missing'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('turnstile failed to load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

interface CaptchaProps {
  siteKey: string;
  lang: string;
  /** The token, or null when it expired or failed. */
  onToken(token: string | null): void;
  /** Changing this number resets the widget (a token is good for one request). */
  resetSignal?: number;
}

export function Captcha({ siteKey, lang, onToken, resetSignal = 0 }: CaptchaProps) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Turnstile; id: string } | null>(null);

  useEffect(() => {
    let alive = true;
    loadTurnstile()
      .then((api) => {
        if (!alive || !box.current) return;
        const id = api.render(box.current, {
          sitekey: siteKey,
          language: lang,
          callback: (token: string) => onToken(token),
          'expired-callback': () => onToken(null),
          'error-callback': () => onToken(null),
        });
        widget.current = { api, id };
      })
      .catch(() => onToken(null));
    return () => {
      alive = false;
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the widget is rendered anew only for a new site key or language
  }, [siteKey, lang]);

  useEffect(() => {
    if (resetSignal > 0 && widget.current) {
      widget.current.api.reset(widget.current.id);
      onToken(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new reset signal resets the widget
  }, [resetSignal]);

  return <div class="captcha" ref={box} />;
}
