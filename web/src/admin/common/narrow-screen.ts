/** Whether the panel is on a narrow (phone-width) screen: the same 760 px breakpoint as panel.css. */
import { useEffect, useState } from 'preact/hooks';

const QUERY = '(max-width: 760px)';

export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => matchMedia(QUERY).matches);
  useEffect(() => {
    const list = matchMedia(QUERY);
    const onChange = () => setNarrow(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return narrow;
}
