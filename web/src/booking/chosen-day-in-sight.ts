/** The date strip's chosen day in sight when the step shows (a link's &date=, Back, a reload), not past the strip's edge. */
import { useEffect, useRef } from 'preact/hooks';

export function useChosenDayInSight() {
  const stripBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = stripBox.current;
    const chosen = box?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!box || !chosen) return;
    const [outer, inner] = [box.getBoundingClientRect(), chosen.getBoundingClientRect()];
    box.scrollLeft += inner.left - outer.left - (outer.width - inner.width) / 2;
    // on showing the step only: a tap on a day scrolls it by itself
  }, []);
  return stripBox;
}
