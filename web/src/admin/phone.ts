/** Whether the panel is on a phone-width screen (the same 760 px breakpoint as panel.css). */
import { useEffect, useState } from 'preact/hooks';

const QUERY = '(max-width: 760px)';

export function usePhone(): boolean {
  const [phone, setPhone] = useState(() => matchMedia(QUERY).matches);
  useEffect(() => {
    const list = matchMedia(QUERY);
    const onChange = () => setPhone(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return phone;
}
