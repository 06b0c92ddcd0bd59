/** The width of an element in px, measured before the first paint and again whenever it changes (0 until it is there). */
import type { RefObject } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';

export function useWidth(box: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);
  return width;
}
