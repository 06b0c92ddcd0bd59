/**
 * Free start times of a date as the server answers them, as chips to pick from: a booking's master's
 * (the move and the proposal pickers, GET /bookings/{id}/free-times) or a whole visit's (its move,
 * GET /visits/{id}/free-times); the rule is the bot's own, the thing moved left out, its current time
 * and the times already past not offered. A date the master does not work says so (and why, when time
 * off gives a note); a full one says there is no free time.
 */
import { ErrorBox, Loading, generalError, useLoad, type Loaded } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { client, type Booking } from '../common/state';
import { useBookingsT } from './messages';

type FreeDays = Array<{ date: string; times: string[]; works: boolean; closed_reason?: string }>;

export interface FreeTimesListProps {
  /** The server's answer for the date. */
  day: Loaded<FreeDays>;
  /** The line above the chips, the line when there are none, and the chips' group name. */
  words: { title: string; none: string; label: string };
  /** The master whose day the answer reports (a visit: its first item's), named on a date they do not work. */
  master: string;
  /** The chosen time, shown pressed. */
  time: string;
  onPick: (time: string) => void;
}

/** The line of a date without times: the master is off (with the time off's note when given), else the day is full. */
function useNoTimes(first: FreeDays[number] | undefined, words: { none: string }, master: string): string {
  const tb = useBookingsT();
  if (!first || first.works) return words.none;
  return first.closed_reason ? tb('masterOffReason', { master, reason: first.closed_reason }) : tb('masterOff', { master });
}

/** The chips of the answer's first date. Past times are not offered (one can still be typed, e.g. to record a late walk-in). */
export function FreeTimesList({ day, words, master, time, onPick }: FreeTimesListProps) {
  const t = useT(messages);
  const times = day.data?.[0]?.times ?? [];
  const none = useNoTimes(day.data?.[0], words, master);
  return (
    <>
      <p class="muted free-times-title">{words.title}</p>
      <ErrorBox error={generalError(day.error)} />
      {day.loading ? (
        <Loading text={t('loading')} />
      ) : times.length === 0 ? (
        <p class="muted" data-testid="no-free-times">
          {none}
        </p>
      ) : (
        <div class="chips" role="group" aria-label={words.label}>
          {times.map((free) => (
            <button type="button" key={free} class="chip" aria-pressed={free === time} onClick={() => onPick(free)}>
              {free}
            </button>
          ))}
        </div>
      )}
    </>
  );
}

export interface FreeTimesProps {
  booking: Booking;
  master: { id: number; name: string };
  date: string;
  /** The chosen time, shown pressed. */
  time: string;
  onPick: (time: string) => void;
}

/** A booking's free times with a master on a date. */
export function FreeTimes(props: FreeTimesProps) {
  const tb = useBookingsT();
  const { booking: b, master, date } = props;
  const day = useLoad(
    (signal) => client.get('/bookings/{id}/free-times', { path: { id: b.id }, query: { date, master_id: master.id }, signal }),
    [b.id, master.id, date],
  );
  const words = { title: tb('freeTimes', { master: master.name }), none: tb('noFreeTimes'), label: tb('freeTimesLabel') };
  return <FreeTimesList day={day} words={words} master={master.name} time={props.time} onPick={props.onPick} />;
}
