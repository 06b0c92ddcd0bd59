/**
 * How long a booking of a service with a master lasts, and so when it ends: creating,
 * moving and accepting a proposed time all ask here.
 */
import { bookingEnd } from '../../core/booking-timing.js';
import type { NaiveDateTime } from '../../core/wallclock.js';

/** The service's duration. It takes the master because a master's own duration (issue #36) will be resolved here. */
export function bookingDuration(service: { duration: number }, _master: { id: number }): number {
  return service.duration;
}

/** The end of a booking of `service` with `master` starting at `startAt`. */
export const bookingEndFor = (startAt: NaiveDateTime, service: { duration: number }, master: { id: number }): NaiveDateTime =>
  bookingEnd(startAt, bookingDuration(service, master));
