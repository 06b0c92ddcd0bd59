/**
 * A master's free start times of a date for a booking that moves (the move and
 * the proposal pickers): the server's own availability rules with the booking
 * left out, minus its current time and, for today, the times already past.
 */
import { Loading, useLoad } from '@shared/panel-ui';
import { dateOf, hm, nowMinute, timeOf, today } from '../common/dates';
import { useT, messages } from '../common/messages';
import { loadMasterDay, moveTimes } from '../schedules/schedule-data';
import type { Booking } from '../common/state';
import { useBookingsT } from './messages';

export interface FreeTimesProps {
  booking: Booking;
  master: { id: number; name: string };
  date: string;
  /** The chosen time, shown pressed. */
  time: string;
  onPick: (time: string) => void;
}

export function FreeTimes(props: FreeTimesProps) {
  const t = useT(messages);
  const tb = useBookingsT();
  const { booking: b, master, date } = props;
  const day = useLoad((signal) => loadMasterDay(master.id, date, signal), [master.id, date]);
  const unchanged = (time: string) => date === dateOf(b.start_at) && master.id === b.master.id && time === timeOf(b.start_at);
  // Past times are not offered (one can still be typed, e.g. to record a late walk-in).
  const passed = (time: string) => date < today() || (date === today() && time <= hm(nowMinute()));
  const times = day.data
    ? moveTimes(date, day.data.row, day.data.bookings, b, day.data.terms).filter((time) => !unchanged(time) && !passed(time))
    : [];
  return (
    <>
      <p class="muted free-times-title">{tb('freeTimes', { master: master.name })}</p>
      {day.loading ? (
        <Loading text={t('loading')} />
      ) : times.length === 0 ? (
        <p class="muted">{tb('noFreeTimes')}</p>
      ) : (
        <div class="chips" role="group" aria-label={tb('freeTimesLabel')}>
          {times.map((free) => (
            <button type="button" key={free} class="chip" aria-pressed={free === props.time} onClick={() => props.onPick(free)}>
              {free}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
