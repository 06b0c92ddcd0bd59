/**
 * What a booking of a service with a master costs, how long it lasts and how long it keeps the master
 * (CONTRACT.md §17), and so when it ends: creating, moving, accepting a proposed time, the bot's free
 * times and the demo data all ask here.
 */
import { bookingEnd } from '../../core/booking-timing.js';
import { effectiveTerms, type Terms, type TermsOverride } from '../../core/master-terms.js';
import type { NaiveDateTime } from '../../core/wallclock.js';
import type { Db } from '../../db/client.js';
import { serviceTermsWithMaster } from '../catalog/masters.queries.js';

export interface BookingTerms extends Terms {
  /** The service's buffer after a booking (minutes the master stays occupied past end_at). */
  bufferAfter: number;
}

/** A service with a master: the master's own price and duration where set, else the service's; the service's buffer. */
export function bookingTerms(service: Terms & { buffer_after?: number }, override: TermsOverride | null | undefined): BookingTerms {
  return { ...effectiveTerms(service, override), bufferAfter: service.buffer_after ?? 0 };
}

/** The terms of a booking of the service with the master, read in one query (the service found by id alone). */
export async function loadBookingTerms(db: Db, serviceId: number, masterId: number): Promise<BookingTerms> {
  const row = await serviceTermsWithMaster(db, serviceId, masterId);
  if (!row) throw new Error(`Service ${serviceId} is gone`);
  return { ...effectiveTerms(row, row.override), bufferAfter: row.bufferAfter };
}

/** The end of a booking starting at `startAt` with these terms. */
export const bookingEndFor = (startAt: NaiveDateTime, terms: { duration: number }): NaiveDateTime => bookingEnd(startAt, terms.duration);
