/** The client's visits as «Мои записи» shows them (CONTRACT.md §18): pure, for the page and its tests. */

/** What the split reads of a booking of GET /public/{slug}/my-bookings. */
export interface Visit {
  status: string;
  start_at: string;
  end_at: string;
}

/** Upcoming (not yet ended nor cancelled or rejected, soonest first) and past (newest first); the answer comes newest start first. */
export function splitByNow<B extends Visit>(bookings: readonly B[], now: string): { upcoming: B[]; past: B[] } {
  const upcoming = bookings.filter((b) => b.end_at > now && b.status !== 'cancelled' && b.status !== 'rejected').reverse();
  return { upcoming, past: bookings.filter((b) => !upcoming.includes(b)) };
}
