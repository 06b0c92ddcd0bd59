/** One business in the operator's table: name and page, admin and activity, bookings by status, Telegram, actions. */
import { formatDate, useLang, useT } from '@shared/i18n';
import { displayPhone } from '@shared/phone-link';
import { messages } from './messages';
import type { BusinessListRow as Business } from './state';

export function BusinessListRow(props: { business: Business; resetBusy: boolean; onReset: () => void; onDelete: () => void }) {
  const t = useT(messages);
  const lang = useLang();
  const when = (stamp: string) =>
    `${formatDate(stamp.slice(0, 10), lang, { day: 'numeric', month: 'short', year: 'numeric' })}, ${stamp.slice(11, 16)}`;
  const b = props.business;
  return (
    <tr data-business={b.slug}>
      <td>
        <strong>{b.name}</strong>
        <div>
          <a href={`/${b.slug}`} target="_blank" rel="noopener">
            /{b.slug}
          </a>
        </div>
      </td>
      <td data-label={t('admin')}>
        {b.admin_email ?? '—'}
        <div class="muted">{b.phone ? displayPhone(b.phone) : '—'}</div>
        <div class="muted fine">
          {t('signedUp')}: <time dateTime={b.created_at}>{when(b.created_at)}</time>
        </div>
        <div class="muted fine" data-testid="last-activity">
          {t('lastActivity')}:{' '}
          {b.last_activity_at ? <time dateTime={b.last_activity_at}>{when(b.last_activity_at)}</time> : t('noActivity')}
        </div>
      </td>
      <td>
        <strong>{b.bookings_total}</strong> {t('total')}
        <div class="chips status-counts">
          {(Object.entries(b.bookings_by_status) as Array<[keyof typeof b.bookings_by_status, number]>)
            .filter(([, n]) => n > 0)
            .map(([status, n]) => (
              <span key={status} class={`badge st-${status}`}>
                {t(`status_${status}`)}: {n}
              </span>
            ))}
        </div>
      </td>
      <td data-label={t('telegram')}>{b.messenger_chat_id ? t('linked') : t('notLinked')}</td>
      <td>
        <div class="row row-end">
          <button
            type="button"
            class="btn btn-ghost btn-small"
            disabled={props.resetBusy}
            onClick={props.onReset}
            aria-label={`${t('resetPassword')}: ${b.name}`}
          >
            {t('resetPassword')}
          </button>
          <button type="button" class="btn btn-ghost btn-small danger" onClick={props.onDelete} aria-label={`${t('delete')}: ${b.name}`}>
            {t('delete')}
          </button>
        </div>
      </td>
    </tr>
  );
}
