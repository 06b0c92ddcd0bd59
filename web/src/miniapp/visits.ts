/** The client's visits as «Мои записи» shows them (CONTRACT.md §18): pure, for the page and its tests. */
import type { Answer } from '@shared/client';

export type MyBooking = Answer<'/public/{slug}/my-bookings'>[number];

/** Upcoming (not yet ended, soonest first) and past (newest first); the answer comes newest start first. */
export function splitByNow(bookings: readonly MyBooking[], now: string): { upcoming: MyBooking[]; past: MyBooking[] } {
  const upcoming = bookings.filter((b) => b.end_at > now && b.status !== 'cancelled' && b.status !== 'rejected').reverse();
  return { upcoming, past: bookings.filter((b) => !upcoming.includes(b)) };
}
