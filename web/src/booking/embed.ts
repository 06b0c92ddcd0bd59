/**
 * `/{slug}?embed=1` (CONTRACT.md §18): the page inside a salon's site leaves
 * out its own header and tells the frame's parent its height, so /embed.js
 * sizes the iframe to it (no inner scroll bar). The height is not a secret:
 * any parent may hear it.
 */

/** The messages /embed.js listens for (src/modules/web/embed-script.routes.ts). */
const HEIGHT_MESSAGE = 'booking-page:height';
const TOP_MESSAGE = 'booking-page:top';

export const isEmbedded = (search: string): boolean => new URLSearchParams(search).get('embed') === '1';

export function startEmbedded(): void {
  document.documentElement.classList.add('embedded');
  if (window.parent === window) return;
  let last = 0;
  const tell = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  };
  new ResizeObserver(tell).observe(document.body);
  addEventListener('load', tell);
  // A new step scrolls the page to its top; in a frame as tall as the page that moves nothing, so the parent
  // is asked to bring the frame's top into view instead.
  const scrollTo = window.scrollTo.bind(window) as (x: number, y: number) => void;
  window.scrollTo = ((x: number, y: number) => {
    scrollTo(x, y);
    if (y === 0) window.parent.postMessage({ type: TOP_MESSAGE }, '*');
  }) as typeof window.scrollTo;
}
