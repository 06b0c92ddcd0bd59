/**
 * A master's free start times of a date for a booking that moves (the move and the proposal pickers),
 * as the server answers them (GET /bookings/{id}/free-times, the bot's own rule): the booking left out,
 * its current time and the times already past not offered.
 */
import { ErrorBox, Loading, generalError, useLoad } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { client, type Booking } from '../common/state';
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
  // Past times are not offered (one can still be typed, e.g. to record a late walk-in).
  const day = useLoad(
    (signal) => client.get('/bookings/{id}/free-times', { path: { id: b.id }, query: { date, master_id: master.id }, signal }),
    [b.id, master.id, date],
  );
  const times = day.data?.[0]?.times ?? [];
  return (
    <>
      <p class="muted free-times-title">{tb('freeTimes', { master: master.name })}</p>
      <ErrorBox error={generalError(day.error)} />
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
