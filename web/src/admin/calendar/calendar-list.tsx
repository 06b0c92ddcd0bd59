/**
 * "Все мастера" as a list: the bookings of the shown days in time order, one line each
 * ("10:00–10:30 Бауыржан · Стрижка · Дана"), for a phone or a crowded week where a grid
 * of every master would not be readable. A tap opens the booking.
 */
import { formatDate, useLang } from '@shared/i18n';
import { dateOf, timeOf, today } from '../common/dates';
import { bookingWhat } from './calendar-geometry';
import { useCalendarT } from './messages';
import type { Booking } from '../common/state';
import { VisitHint } from '../visits/visit-hint';
import { visitMarks } from '../visits/visit-groups';

export function DayList(props: { days: string[]; bookings: Booking[]; onOpen: (booking: Booking) => void }) {
  const tc = useCalendarT();
  const lang = useLang();
  const todayDate = today();
  const visits = visitMarks(props.bookings);
  return (
    <div class={props.days.length > 1 ? 'day-lists week' : 'day-lists'} data-testid="day-list">
      {props.days.map((day) => {
        const mine = props.bookings.filter((b) => dateOf(b.start_at) === day).sort((a, b) => a.start_at.localeCompare(b.start_at));
        return (
          <section class="card day-list" key={day} data-date={day}>
            {props.days.length > 1 && (
              <h3 class={day === todayDate ? 'today' : undefined}>
                {formatDate(day, lang, { weekday: 'short', day: 'numeric', month: 'short' })}
              </h3>
            )}
            {mine.length === 0 ? (
              <p class="muted">{tc('dayListEmpty')}</p>
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
