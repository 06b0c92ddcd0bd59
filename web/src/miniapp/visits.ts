/** The client's visits as «Мои записи» shows them (CONTRACT.md §18): pure, for the page and its tests. */
// api-types directly (not the client): the unit project type-checks this file without the pages' aliases.
import type { paths } from '../shared/api-types.js';

export type MyBooking = paths['/api/v1/public/{slug}/my-bookings']['get']['responses'][200]['content']['application/json'][number];

/** Upcoming (not yet ended, soonest first) and past (newest first); the answer comes newest start first. */
export function splitByNow(bookings: readonly MyBooking[], now: string): { upcoming: MyBooking[]; past: MyBooking[] } {
  const upcoming = bookings.filter((b) => b.end_at > now && b.status !== 'cancelled' && b.status !== 'rejected').reverse();
  return { upcoming, past: bookings.filter((b) => !upcoming.includes(b)) };
}
