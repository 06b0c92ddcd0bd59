/**
 * What a booking's status means for the rules that read it (SPEC.md "Booking status").
 * Each rule has its own name, even where two list the same statuses today: the SQL
 * twins of these predicates live in src/db/booking-status.ts and are built from them.
 */

/**
 * Rule 3: cancelled and rejected bookings take no time. A completed booking did take
 * its time, so it occupies it like a pending or confirmed one: availability, strict
 * slots, the calendar, the feed, the client card and the overview all read this.
 */
export const occupiesTime = (status: string): boolean => status !== 'cancelled' && status !== 'rejected';

/** Still to take place: the client may follow it, the owner may move or reschedule it and the client hears of it. */
export const isActive = (status: string): boolean => status === 'pending' || status === 'confirmed';

/** The overview's revenue: the price of a booking the owner accepted (confirmed) or served (completed). */
export const countsAsRevenue = (status: string): boolean => status === 'confirmed' || status === 'completed';
