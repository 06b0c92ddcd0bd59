/** A booking's reschedule history in its detail (CONTRACT.md §12), and the notice right after a move. */
import { formatDate, useLang } from '@shared/i18n';
import { Loading, type Loaded } from '@shared/panel-ui';
import type { Answer } from '@shared/client';
import { useT, messages } from '../common/messages';
import { useBookingsT } from './messages';

type Proposal = Answer<'/reschedule/{booking_id}'>[number];

/** A proposal's date and time as people read them: "24 нояб., 11:00". */
function HumanWhen(props: { date: string; time: string }) {
  const lang = useLang();
  return (
    <time dateTime={`${props.date}T${props.time}`}>
      {formatDate(props.date, lang, { day: 'numeric', month: 'short' })}, {props.time}
    </time>
  );
}

/** Right after a move the detail says it was moved, from when to when: the owner sees the move took. */
export function MovedNotice(props: { from: string; to: string }) {
  const tb = useBookingsT();
  return (
    <p class="notice" role="status" data-testid="moved-notice">
      {tb('movedNow')} <HumanWhen date={props.from.slice(0, 10)} time={props.from.slice(11, 16)} /> →{' '}
      <strong>
        <HumanWhen date={props.to.slice(0, 10)} time={props.to.slice(11, 16)} />
      </strong>
    </p>
  );
}

export function BookingProposals(props: { proposals: Loaded<Proposal[]>; moved: boolean }) {
  const t = useT(messages);
  const tb = useBookingsT();
  const { proposals } = props;
  return (
    <>
      <h3>{tb('proposals')}</h3>
      {proposals.loading && !proposals.data ? (
        <Loading text={t('loading')} />
      ) : (proposals.data ?? []).length === 0 ? (
        <p class="muted">{props.moved ? tb('noProposalsAfterMove') : tb('noProposals')}</p>
      ) : (
        <ul class="proposals" data-testid="proposals">
          {proposals.data!.map((p) => (
            <li key={p.id}>
              <HumanWhen date={p.old_date} time={p.old_time} /> →{' '}
              <strong>
                <HumanWhen date={p.proposed_date} time={p.proposed_time} />
              </strong>{' '}
              · {tb(`proposal_${p.status}` as 'proposal_PENDING')} ·{' '}
              <span class="muted">{p.proposed_by === 'PROVIDER_BOT' ? tb('viaBot') : tb('viaWeb')}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
