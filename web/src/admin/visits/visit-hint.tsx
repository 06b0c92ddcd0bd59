/** "визит · 2 услуги" under a visit's item on the calendar and in the day list (CONTRACT.md §20). */
import { useVisitsT, visitHint } from './messages';
import './visits.css';

export function VisitHint(props: { size: number }) {
  const tv = useVisitsT();
  return <span class="cal-line visit-hint">{visitHint(tv, props.size)}</span>;
}
