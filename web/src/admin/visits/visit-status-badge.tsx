/** A visit's one status as a badge (CONTRACT.md §20): a booking status, or `mixed` said plainly. */
import { StatusBadge } from '../common/status-badge';
import { useVisitsT } from './messages';
import './visits.css';

export function VisitStatusBadge(props: { status: string }) {
  const tv = useVisitsT();
  if (props.status === 'mixed') return <span class="badge st-mixed">{tv('statusMixed')}</span>;
  return <StatusBadge status={props.status} />;
}
