/**
 * What the owner is asked before a booking they enter (decision 0076; CONTRACT.md §21: without if_free the API
 * books any time): the booking it would sit on ("Данияр занят 14:00–15:00 (Алия)") and the time off it would
 * fall in ("Ерлан не работает 16 декабря 15:00–16:00: День Независимости"), then "Записать всё равно?".
 */
import { formatDate, useLang } from '@shared/i18n';
import { closedPartOf, timeOffEntry, type ClosedPart } from '@core/time-off.js';
import { addMinutes, combine } from '@core/wallclock.js';
import { hm, timeOf } from '../common/dates';
import { client } from '../common/state';
import { useBookingsT } from './messages';
import { clashOf, type DayBooking } from './owner-rules';

/** The closed part of the time, with the master it is closed for (a visit's item may have another). */
export type ClosedTime = ClosedPart & { masterName?: string };

/** What to ask; the booking's own master names both when they carry no name of their own. */
export interface WalkInQuestion {
  clash?: DayBooking & { masterName?: string };
  closed?: ClosedTime;
}

/** The question about `clash` and `closed`, undefined when neither is. */
export const questionOf = (clash: WalkInQuestion['clash'], closed: ClosedTime | undefined): WalkInQuestion | undefined =>
  clash || closed ? { ...(clash && { clash }), ...(closed && { closed }) } : undefined;

/** The time off (the business's and the master's, GET /time-off) closing some of [date time, + duration). */
export async function closedTimeOf(masterId: number, date: string, time: string, duration: number): Promise<ClosedPart | undefined> {
  const start = combine(date, time);
  const end = addMinutes(start, duration);
  const rows = await client.get('/time-off', { query: { from: date, to: end.slice(0, 10), master_id: masterId } });
  return closedPartOf(rows.map(timeOffEntry), masterId, start, end);
}

/** The question before the owner's single booking, undefined when there is nothing to ask. */
export async function bookingQuestion(masterId: number, date: string, time: string, duration: number): Promise<WalkInQuestion | undefined> {
  const [day, closed] = await Promise.all([
    client.get('/bookings', { query: { date, master_id: masterId } }),
    closedTimeOf(masterId, date, time, duration),
  ]);
  return questionOf(clashOf(day, date, time, duration), closed);
}

/** The question's lines, each ending "Записать всё равно?". */
export function WalkInQuestionText(props: { question: WalkInQuestion; masterName: string }) {
  const tb = useBookingsT();
  const lang = useLang();
  const { clash, closed } = props.question;
  return (
    <>
      {closed && (
        <p class="notice" role="alert" data-testid="booking-closed">
          {tb(closed.note ? 'closedAskReason' : 'closedAsk', {
            master: closed.masterName ?? props.masterName,
            date: formatDate(closed.date, lang, { day: 'numeric', month: 'long' }),
            from: hm(closed.from),
            to: hm(closed.to),
            reason: closed.note ?? '',
          })}
        </p>
      )}
      {clash && (
        <p class="notice" role="alert" data-testid="booking-clash">
          {tb('clashAsk', {
            master: clash.masterName ?? props.masterName,
            from: timeOf(clash.start_at),
            to: timeOf(clash.end_at),
            client: clash.client.first_name,
          })}
        </p>
      )}
    </>
  );
}
