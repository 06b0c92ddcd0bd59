/**
 * The NOTIFY channels the database's triggers speak on (drizzle/0001, 0003, 0008, 0009) and the
 * service listens to; the public booking's insert speaks on them itself after its commit (0010).
 */

/**
 * Payload: a business id (every per-business cache forgets it), 'slots:<id>' (a booking: only the slots
 * cache) or 'catalog:<id>' (a category or the provider's chats: only the page and lookup caches).
 */
export const AVAILABILITY_CHANNEL = 'availability_changed';

/** Payload: JSON with business_id, id, status and change (created | updated | deleted), for GET /events. */
export const BOOKING_CHANNEL = 'booking_changed';
