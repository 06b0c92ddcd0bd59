/**
 * "Все мастера" as a list: the bookings of the shown days in time order, one line each
 * ("10:00–10:30 Бауыржан · Стрижка · Дана"), for a phone or a crowded week where a grid
 * of every master would not be readable. A tap opens the booking. A closed day says so (CONTRACT.md §21):
 * the salon's with its note («Выходной: День Независимости»), else a line per master off the whole day.
 */
import { formatDate, useLang } from '@shared/i18n';
import { dateOf, timeOf, today } from '../common/dates';
import { bookingWhat } from './calendar-geometry';
import { useCalendarT } from './messages';
import type { Booking } from '../common/state';
import { VisitHint } from '../visits/visit-hint';
import { visitMarks } from '../visits/visit-groups';
import type { DayClosed } from './closed-days';

function ClosedMarks({ closed }: { closed: DayClosed }) {
  const tc = useCalendarT();
  if (closed.salon) {
    const { note } = closed.salon;
    return <p class="day-closed">{note ? tc('salonClosedNote', { note }) : tc('salonClosed')}</p>;
  }
  return (
    <>
      {closed.masters.map(({ masterId, name, note }) => (
        <p class="day-closed master" key={masterId} data-master-id={masterId}>
          {note ? tc('masterOffNote', { master: name, note }) : tc('masterOff', { master: name })}
        </p>
      ))}
    </>
  );
}

interface DayListProps {
  days: string[];
  bookings: Booking[];
  /** What is closed on a day (the salon, or masters off the whole day). */
  closed?: (day: string) => DayClosed;
  onOpen: (booking: Booking) => void;
}

export function DayList(props: DayListProps) {
  const tc = useCalendarT();
  const lang = useLang();
  const todayDate = today();
  const visits = visitMarks(props.bookings);
  return (
    <div class={props.days.length > 1 ? 'day-lists week' : 'day-lists'} data-testid="day-list">
      {props.days.map((day) => {
        const mine = props.bookings.filter((b) => dateOf(b.start_at) === day).sort((a, b) => a.start_at.localeCompare(b.start_at));
        const shut = props.closed?.(day);
        return (
          <section class="card day-list" key={day} data-date={day}>
            {props.days.length > 1 && (
              <h3 class={day === todayDate ? 'today' : undefined}>
                {formatDate(day, lang, { weekday: 'short', day: 'numeric', month: 'short' })}
              </h3>
            )}
            {shut && <ClosedMarks closed={shut} />}
            {mine.length === 0 ? (
              !shut?.salon && <p class="muted">{tc('dayListEmpty')}</p>
            ) : (
              <ul>
                {mine.map((b) => {
                  const visit = visits.get(b.id);
                  return (
                    <li key={b.id}>
                      <button
                        type="button"
                        class={`day-item st-${b.status}${visit ? ` in-visit visit-c${visit.colour}` : ''}`}
                        data-booking={b.id}
                        data-visit={visit?.visitId}
                        onClick={() => props.onOpen(b)}
                      >
                        <strong>
                          {timeOf(b.start_at)}–{timeOf(b.end_at)}
                        </strong>
                        <span class="day-what">{bookingWhat(b)}</span>
                        <span class="muted day-master">{b.master.name}</span>
                        {visit && <VisitHint size={visit.size} />}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
