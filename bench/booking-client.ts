/** The booking requests of the load clients (npm run soak and the cluster test): which days, and the public booking body. */

/** `count` weekdays from a week ahead of the real clock: working days by the default schedule. */
export function weekdaysAhead(count: number): string[] {
  const days: string[] = [];
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 7);
  while (days.length < count) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) days.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return days;
}

/** HH:MM of minutes since midnight. */
export const hhmm = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export interface BookingTarget {
  serviceId: number;
  masterId: number;
}

/**
 * POST /public/{slug}/booking's body. The phone is `+770<series>` and seven digits of `phoneIndex`:
 * each caller its own series, so two callers' clients never share a number.
 */
export function bookingRequest(target: BookingTarget, date: string, time: string, series: number, phoneIndex: number) {
  return {
    service_id: target.serviceId,
    master_id: target.masterId,
    date,
    time,
    first_name: 'Клиент',
    phone: `+770${series}${String(phoneIndex).padStart(7, '0')}`,
  };
}
