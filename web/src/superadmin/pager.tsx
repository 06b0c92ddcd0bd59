/** Paging through the bookings: "Назад" and "Вперёд" around "from–to of total" (X-Total-Count). */
import { useT } from '@shared/i18n';
import { messages } from './messages';

/** A page of bookings; "Вперёд" and the filters reach the rest. */
export const BOOKINGS_PAGE = 50;

export function Pager(props: { offset: number; shown: number; total: number; onOffset: (offset: number) => void }) {
  const t = useT(messages);
  if (props.total <= BOOKINGS_PAGE && props.offset === 0) return null;
  return (
    <div class="row" role="navigation" aria-label={t('bookings')} data-testid="pager">
      <button
        type="button"
        class="btn btn-ghost btn-small"
        disabled={props.offset === 0}
        onClick={() => props.onOffset(Math.max(0, props.offset - BOOKINGS_PAGE))}
      >
        {t('prevPage')}
      </button>
      <span class="muted" role="status">
        {t('pageOf', { from: props.shown ? props.offset + 1 : 0, to: props.offset + props.shown, total: props.total })}
      </span>
      <button
        type="button"
        class="btn btn-ghost btn-small"
        disabled={props.offset + props.shown >= props.total}
        onClick={() => props.onOffset(props.offset + BOOKINGS_PAGE)}
      >
        {t('nextPage')}
      </button>
    </div>
  );
}
