/**
 * `/{slug}?embed=1` (CONTRACT.md §18): the page inside a salon's site leaves
 * out its own header and tells the frame's parent its height, so /embed.js
 * sizes the iframe to it (no inner scroll bar). The height is not a secret:
 * any parent may hear it.
 */

/** The message /embed.js listens for (src/modules/web/embed-script.ts HEIGHT_MESSAGE). */
const HEIGHT_MESSAGE = 'booking-page:height';

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
}
