/** A booking's status as a coloured badge (the calendar, the lists, the client card). */
import { useT, messages } from './messages';
import { STATUSES, type Status } from './state';

export function StatusBadge({ status }: { status: string }) {
  const t = useT(messages);
  const known = (STATUSES as readonly string[]).includes(status);
  return <span class={`badge st-${status}`}>{known ? t(`status_${status as Status}`) : status}</span>;
}
